import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

/** A business found in the places directory, and the organization's company made from it, if any. */
@ObjectType('DirectoryPlace')
export class DirectoryPlace {
  @Field({
    description: 'The directory id: POST /api/companies/from-place creates its company (once: 409 when it exists)',
  })
  placeId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) address: string | null;
  @Field(() => Float, { nullable: true, description: 'Rating, 0-5' }) rating: number | null;
  @Field(() => Int, { nullable: true }) reviewCount: number | null;
  @Field(() => String, { nullable: true }) website: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => [String], { description: "The directory's place types, e.g. construction_company" }) types: string[];
  @Field(() => ID, { nullable: true, description: 'Your company with this places id, when there is one' })
  companyId: string | null;
}

@ArgsType()
export class DirectorySearchArgs {
  @Field({ description: 'What to look for, as you would type it in a map: "equipment rental Austin TX"' })
  @IsString()
  @IsNotEmpty({ message: 'q must not be empty' })
  @Matches(/\S/, { message: 'q must not be empty' })
  @MaxLength(200)
  q: string;

  @Field(() => Int, { nullable: true, defaultValue: 10, description: '1-20 (the directory answers at most 20)' })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'limit must be between 1 and 20' })
  @Max(20, { message: 'limit must be between 1 and 20' })
  limit?: number;
}

/** Google place ids are letters, digits, `-` and `_`. */
@InputType()
export class CompanyFromPlaceInput {
  @Field({ description: 'A placeId from GET /api/directory/places' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'placeId must be a places-directory id (letters, digits, - and _)' })
  placeId: string;
}
