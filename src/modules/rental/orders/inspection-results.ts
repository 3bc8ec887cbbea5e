import type { EntityManager } from '@mikro-orm/postgresql';
import { ArrayMaxSize, IsBoolean, IsNotEmpty, IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { AppError, FieldError } from '../../../lib/errors';
import type { InventoryItem } from '../inventory/inventory-item.entity';
import { CheckResult, ChecklistPhase, InspectionChecklist } from '../inventory/inspection-checklist.entity';
import { MAX_CHECK_ITEMS } from '../inventory/inspection.types';
import type { RentalOrderLine } from './rental-order-line.entity';

/** One check item's result as the desk reports it. */
@InputType('CheckResultInput')
export class CheckResultInput {
  @Field({ description: 'The check item, as the checklist names it' })
  @IsNotEmpty({ message: 'item must not be empty' })
  @MaxLength(200)
  item: string;

  @Field()
  @IsBoolean({ message: 'passed must be true or false' })
  passed: boolean;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(1000)
  note?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Check-in: a failed item that is damage (unit into maintenance, draft damage charge)',
  })
  @IsOptional()
  @IsBoolean({ message: 'damage must be true or false' })
  damage?: boolean | null;
}

/** An input's optional `checklist`: the results of one unit or quantity (check-out, check-in, swap). */
export function ChecklistField(description: string): PropertyDecorator {
  const decorators = [
    Field(() => [CheckResultInput], { nullable: true, description }),
    IsOptional(),
    ArrayMaxSize(MAX_CHECK_ITEMS),
    ValidateNested({ each: true }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** The checklists of the lines' item categories for a phase, by category. */
export async function checklistsFor(
  tx: EntityManager,
  lines: RentalOrderLine[],
  phase: ChecklistPhase,
): Promise<Map<string, InspectionChecklist>> {
  const categories = [
    ...new Set(lines.flatMap((l) => ((l.item.getEntity() as InventoryItem).category ?? '').trim() || [])),
  ];
  if (!categories.length) return new Map();
  const lists = await tx.find(InspectionChecklist, { category: { $in: categories }, phase });
  return new Map(lists.map((l) => [l.category, l]));
}

export function checklistOf(lists: Map<string, InspectionChecklist>, line: RentalOrderLine) {
  return lists.get(((line.item.getEntity() as InventoryItem).category ?? '').trim());
}

/**
 * The results for one unit or quantity, in the checklist's order: with a checklist, every item once and no
 * other (400 naming the missing, unknown or repeated ones); without one, the results given, as given.
 */
export function checkResults(
  list: InspectionChecklist | undefined,
  given: CheckResultInput[] | null | undefined,
  field: string,
): CheckResult[] {
  const results = (given ?? []).map((r) => ({
    item: r.item.trim(),
    passed: r.passed,
    note: r.note ?? null,
    damage: r.damage === true && !r.passed,
  }));
  if (!list) return results;
  const errors: FieldError[] = [];
  const known = new Map(list.items.map((i) => [i.toLowerCase(), i]));
  const seen = new Set<string>();
  results.forEach((r, i) => {
    const key = r.item.toLowerCase();
    if (!known.has(key)) errors.push({ field: `${field}.${i}.item`, message: `${r.item} is not on ${list.name}` });
    else if (seen.has(key)) errors.push({ field: `${field}.${i}.item`, message: `${r.item} is reported twice` });
    seen.add(key);
  });
  const missing = list.items.filter((i) => !seen.has(i.toLowerCase()));
  if (missing.length) errors.push({ field, message: `${list.name}: missing check items: ${missing.join(', ')}` });
  if (errors.length) throw AppError.validation(errors);
  return list.items.map((item) => {
    const r = results.find((x) => x.item.toLowerCase() === item.toLowerCase()) as CheckResult;
    return { ...r, item };
  });
}

/** The failed items of a check-out, as the 409's details (the unit may not go out). */
export function failedChecks(results: CheckResult[], what: string, field: string): FieldError[] {
  return results.flatMap((r, i) =>
    r.passed
      ? []
      : [{ field: `${field}.${i}.passed`, message: `${what}: ${r.item} failed${r.note ? ` (${r.note})` : ''}` }],
  );
}
