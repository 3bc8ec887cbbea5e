import { validateOrReject, ValidationError, type ValidatorOptions } from 'class-validator';
import { ArgumentValidationError, type ValidatorFn } from 'type-graphql';

/**
 * type-graphql skips every rule of a null field when skipMissingProperties is on (its default): an explicit `null`
 * would then reach the services unchecked. Optional fields say so with @IsOptional()/ValidateIf.
 */
const OPTIONS: ValidatorOptions = { forbidUnknownValues: false, whitelist: false, skipMissingProperties: false };

/** Checks of argument values, per class, by JSON: settled ones passed (failures are dropped); cleared when full. */
const checks = new Map<unknown, Map<string, Promise<void>>>();
const MAX_CHECKS = 5000;
const MAX_KEY = 1024;
let size = 0;

/**
 * The arguments' class-validator rules, as type-graphql would check them (docs/decisions.md, "Argument
 * validation, once per value"), but a value already found valid, or being checked, is not checked again: a list
 * of 50 rows asks each row's `opportunities(limit: 3)` for the same RelationArgs, and type-graphql's own check
 * loads class-validator through `require` and walks its metadata on every call (about 6 % of the nested contacts
 * list's CPU). The rules are pure functions of the value, and the JSON of an instance of one class is the value
 * (its fields have fixed types); a failed check is forgotten, so an invalid value is always checked and reported.
 */
export const validateArgs: ValidatorFn = async (value) => {
  if (value === null || typeof value !== 'object') return;
  const items = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && typeof v === 'object');
  await Promise.all(items.map(check));
};

function check(item: object): Promise<void> {
  const json = JSON.stringify(item);
  let known = checks.get(item.constructor);
  const pending = known?.get(json);
  if (pending) return pending;
  const run = validateOrReject(item, OPTIONS).catch((errors: ValidationError[]) => {
    known?.delete(json);
    throw new ArgumentValidationError(errors);
  });
  if (json.length > MAX_KEY) return run;
  if (size >= MAX_CHECKS) {
    checks.clear();
    size = 0;
  }
  known = checks.get(item.constructor) ?? new Map<string, Promise<void>>();
  checks.set(item.constructor, known.set(json, run));
  size++;
  return run;
}
