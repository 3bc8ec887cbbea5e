import { ArrayMaxSize, ArrayMinSize, IsEnum, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { ChecklistPhase, InspectionChecklist } from './inspection-checklist.entity';

export const InspectionChecklistPage = Paginated(InspectionChecklist);
export const MAX_CHECK_ITEMS = 50;

@InputType()
export class InspectionChecklistInput {
  @Field({ description: 'The inventory category it applies to (as written on the items)' })
  @IsNotEmpty({ message: 'category is required' })
  @MaxLength(100, { message: 'category must be at most 100 characters' })
  category: string;

  @Field(() => ChecklistPhase)
  @IsEnum(ChecklistPhase, { message: 'phase must be check_out or check_in' })
  phase: ChecklistPhase;

  @Field()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name: string;

  @Field(() => [String], { description: 'The check items, in order; unique, 1 to 50' })
  @ArrayMinSize(1, { message: 'items must have at least one check item' })
  @ArrayMaxSize(MAX_CHECK_ITEMS, { message: `items may have at most ${MAX_CHECK_ITEMS} check items` })
  @IsNotEmpty({ each: true, message: 'each check item must not be empty' })
  @MaxLength(200, { each: true, message: 'each check item must be at most 200 characters' })
  items: string[];
}

/** Absent: unchanged. The category and phase of a checklist stay (define another checklist instead). */
@InputType()
export class InspectionChecklistUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string | null;

  @Field(() => [String], { nullable: true, description: 'Replaces every check item' })
  @IsOptional()
  @ArrayMinSize(1, { message: 'items must have at least one check item' })
  @ArrayMaxSize(MAX_CHECK_ITEMS, { message: `items may have at most ${MAX_CHECK_ITEMS} check items` })
  @IsNotEmpty({ each: true, message: 'each check item must not be empty' })
  @MaxLength(200, { each: true, message: 'each check item must be at most 200 characters' })
  items?: string[] | null;
}

/** sortBy: category (default), name, createdAt, updatedAt. search: name, category. */
@ArgsType()
export class InspectionChecklistListArgs extends ListArgs {
  @Field(() => String, { nullable: true, description: 'Only this category (exact)' })
  @IsOptional()
  @MaxLength(100)
  category?: string;

  @Field(() => ChecklistPhase, { nullable: true })
  @IsOptional()
  @IsEnum(ChecklistPhase, { message: 'phase must be check_out or check_in' })
  phase?: ChecklistPhase;
}
