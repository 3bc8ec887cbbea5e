import {
  ArrayMaxSize,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsUrl,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
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
