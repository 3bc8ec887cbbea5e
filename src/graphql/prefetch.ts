import { getArgumentValues, isObjectType, type GraphQLResolveInfo } from 'graphql';
import { toManyKey, type ToMany } from '../db/read-path';
import { fieldsUnder } from './selection';

export type { ToMany };

/**
 * The field extension that lets a list read a relation owned by another module in its own statement
 * (docs/decisions.md, "To-many relations of another module in the page's statement"): `@Extensions({ [PREFETCH]: fn })` on the
 * field, where `fn` turns the field's arguments into its ToMany, or undefined when it must not be read ahead
 * (arguments the field's own validation will refuse).
 */
export const PREFETCH = 'toManyPrefetch';
export type ToManyOf = (args: Record<string, unknown>) => ToMany | undefined;

/** At most this many relations are read ahead per list statement; any other is read by its loader. */
const MAX_PREFETCH = 4;

/**
 * The to-many relations the query selects under `path` of the current field whose field (on `typeName`) carries
 * the PREFETCH extension, with the arguments of each selection: `contacts { data { opportunities(limit: 5) } }`,
 * path ['data'], type 'Contact'. Distinct by `toManyKey`.
 */
export function toManyUnder(info: GraphQLResolveInfo, path: string[], typeName: string): ToMany[] {
  const type = info.schema.getType(typeName);
  if (!isObjectType(type)) return [];
  const fields = type.getFields();
  const found = new Map<string, ToMany>();
  for (const node of fieldsUnder(info, path)) {
    const field = fields[node.name.value];
    const of = field?.extensions?.[PREFETCH] as ToManyOf | undefined;
    if (!of) continue;
    let spec: ToMany | undefined;
    try {
      spec = of(getArgumentValues(field, node, info.variableValues));
    } catch {
      continue; // arguments that do not coerce: the field resolver reports them
    }
    if (spec && found.size < MAX_PREFETCH) found.set(toManyKey(spec), spec);
  }
  return [...found.values()];
}
