import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** The fields of a selection set, through inline fragments and named fragments. */
function fieldsOf(set: SelectionSetNode, info: GraphQLResolveInfo): FieldNode[] {
  return set.selections.flatMap((s) => {
    if (s.kind === Kind.FIELD) return [s];
    const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : info.fragments[s.name.value];
    return fragment ? fieldsOf(fragment.selectionSet, info) : [];
  });
}

/**
 * Which of `candidates` the query selects under `path` of the current field (`contacts { data { company } }`:
 * path ['data']), whatever the aliases or fragments. A field under @skip or @include counts as selected: reading
 * it for nothing is harmless.
 */
export function selectedUnder<K extends string>(
  info: GraphQLResolveInfo,
  path: string[],
  candidates: readonly K[],
): K[] {
  const names = new Set(fieldsUnder(info, path).map((f) => f.name.value));
  return candidates.filter((c) => names.has(c));
}

/** Every field node (aliases and fragments included) the query selects under `path` of the current field. */
export function fieldsUnder(info: GraphQLResolveInfo, path: string[]): FieldNode[] {
  let sets = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const name of path)
    sets = sets.flatMap((s) =>
      fieldsOf(s, info).flatMap((f) => (f.name.value === name && f.selectionSet ? [f.selectionSet] : [])),
    );
  return sets.flatMap((s) => fieldsOf(s, info));
}
