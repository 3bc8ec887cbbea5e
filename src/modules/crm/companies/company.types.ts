import {
  ArrayMaxSize,
  IsInt,
  IsNumber,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  Matches,
  MaxLength,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { ArgsType, Field, Float, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { Company } from './company.entity';

export const CompanyPage = Paginated(Company);

export const DECIMAL = /^\d{1,14}(\.\d{1,2})?$/;

@InputType()
abstract class CompanyFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl({ require_protocol: false }, { message: 'website must be a URL' })
  @MaxLength(500)
  website?: string | null;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) industry?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'employeeCount must not be negative' })
  employeeCount?: number | null;

  @Field(() => String, { nullable: true, description: 'Annual revenue, decimal string with up to 2 decimals' })
  @IsOptional()
  @Matches(DECIMAL, { message: 'revenue must be a non-negative decimal such as 1250000.00' })
  revenue?: string | null;

  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) placesId?: string | null;

  @Field(() => Float, { nullable: true, description: 'Places-directory rating, 0-5 (a lead-score signal)' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'rating must be a number between 0 and 5' })
  @Min(0, { message: 'rating must be a number between 0 and 5' })
  @Max(5, { message: 'rating must be a number between 0 and 5' })
  rating?: number | null;

  @Field(() => Int, { nullable: true, description: 'Places-directory review count (a lead-score signal)' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'reviewCount must not be negative' })
  @Max(100_000_000, { message: 'reviewCount is too large' })
  reviewCount?: number | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(200)
  @MaxLength(100, { each: true })
  serviceAreas?: string[] | null;
}

@InputType()
export class CompanyInput extends CompanyFieldsInput {
  @Field({ description: 'Unique per organization, ignoring case' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name: string;
}

@InputType()
export class CompanyUpdateInput extends CompanyFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: CompanyUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;
}

/** sortBy: createdAt, updatedAt, name, employeeCount, revenue. search: name. */
@ArgsType()
export class CompanyListArgs extends ListArgs {}
