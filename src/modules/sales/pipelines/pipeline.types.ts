import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';

export const MAX_STAGES = 30;

@InputType()
export class StageInput {
  @Field() @IsNotEmpty({ message: 'name is required' }) @MaxLength(100) name: string;

  @Field(() => Int, { description: 'Default win probability, 0-100' })
  @IsInt()
  @Min(0, { message: 'probability must be 0-100' })
  @Max(100, { message: 'probability must be 0-100' })
  probability: number;

  @Field({ nullable: true, description: 'Moving an opportunity here wins it (a rental order is created)' })
  @IsOptional()
  @IsBoolean()
  isWon?: boolean;

  @Field({ nullable: true, description: 'Moving an opportunity here loses (archives) it' })
  @IsOptional()
  @IsBoolean()
  isLost?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'Stagnant after this many days in the stage; null: the organization default',
  })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'stagnantDays must be 1 or more' })
  @Max(3650)
  stagnantDays?: number | null;

  @Field(() => Int, { nullable: true, description: 'Where to insert it (0 = first); default last' })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'position must be 0 or more' })
  position?: number;
}

/** Rename a stage, change its default probability or its stagnation threshold. Its won/lost kind is fixed. */
@InputType()
export class StageUpdateInput {
  @Field({ nullable: true })
  @ValidateIf((o: StageUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name?: string;

  @Field(() => Int, { nullable: true })
  @ValidateIf((o: StageUpdateInput) => o.probability !== undefined)
  @IsInt()
  @Min(0, { message: 'probability must be 0-100' })
  @Max(100, { message: 'probability must be 0-100' })
  probability?: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1, { message: 'stagnantDays must be 1 or more' })
  @Max(3650)
  stagnantDays?: number | null;
}

@InputType()
export class PipelineInput {
  @Field() @IsNotEmpty({ message: 'name is required' }) @MaxLength(100) name: string;

  @Field(() => [StageInput], { nullable: true, description: 'Default: the standard stages (docs/sales.md)' })
  @IsOptional()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_STAGES)
  @ValidateNested({ each: true })
  stages?: StageInput[];
}

@InputType()
export class PipelineUpdateInput {
  @Field() @IsNotEmpty({ message: 'name is required' }) @MaxLength(100) name: string;
}

@InputType()
export class StageOrderInput {
  @Field(() => [ID], { description: 'Every stage id of the pipeline, in the new order' })
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_STAGES)
  @IsUUID('all', { each: true, message: 'stageIds must be UUIDs' })
  stageIds: string[];
}

@InputType()
export class SalesSettingsInput {
  @Field(() => Int, { nullable: true })
  @ValidateIf((o: SalesSettingsInput) => o.stagnantDays !== undefined)
  @IsInt()
  @Min(1, { message: 'stagnantDays must be 1 or more' })
  @Max(3650)
  stagnantDays?: number;

  @Field(() => Int, { nullable: true })
  @ValidateIf((o: SalesSettingsInput) => o.commitProbability !== undefined)
  @IsInt()
  @Min(0, { message: 'commitProbability must be 0-100' })
  @Max(100, { message: 'commitProbability must be 0-100' })
  commitProbability?: number;
}
