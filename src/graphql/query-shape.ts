import { DocumentNode, FragmentDefinitionNode, Kind, OperationDefinitionNode, SelectionSetNode, visit } from 'graphql';
import { present } from '../lib/present';

/** What the shape limits look at: how deep the operation nests, how many aliases, how many root fields. */
export interface QueryShape {
  depth: number;
  aliases: number;
  rootFields: number;
}

/** The operation a request runs: the named one, else the only one (else none: graphql-js reports it). */
export function selectOperation(
  document: DocumentNode,
  operationName?: string | null,
): OperationDefinitionNode | undefined {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
}

/** Introspection is bounded by the schema and graphql-js refuses nested introspection (MaxIntrospectionDepthRule). */
const INTROSPECTION = new Set(['__schema', '__type']);

/**
 * Measures an operation without running anything: the depth of its deepest field (fragments expanded, each
 * fragment measured once, so a document that spreads fragments exponentially is still measured in linear
 * time), the aliases written in the document, and the distinct response keys of the root selection.
 */
export function shapeOf(document: DocumentNode, operation: OperationDefinitionNode): QueryShape {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const fragmentDepth = new Map<string, number>();
  const entered = new Set<string>();
  const depth = (set: SelectionSetNode | undefined): number => {
    let max = 0;
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        if (!INTROSPECTION.has(s.name.value)) max = Math.max(max, 1 + depth(s.selectionSet));
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, depth(s.selectionSet));
      } else if (!entered.has(s.name.value)) {
        // A fragment cycle is invalid (graphql-js refuses it); here it only stops the walk.
        const name = s.name.value;
        if (!fragmentDepth.has(name)) {
          entered.add(name);
          fragmentDepth.set(name, depth(fragments.get(name)?.selectionSet));
          entered.delete(name);
        }
        max = Math.max(max, present(fragmentDepth.get(name), `depth of fragment ${name}`));
      }
    }
    return max;
  };

  let aliases = 0;
  visit(document, { Field: (node) => void (node.alias && aliases++) });

  const rootKeys = new Set<string>();
  const spread = new Set<string>();
  const collectRoot = (set: SelectionSetNode | undefined): void => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) rootKeys.add((s.alias ?? s.name).value);
      else if (s.kind === Kind.INLINE_FRAGMENT) collectRoot(s.selectionSet);
      else if (!spread.has(s.name.value)) {
        spread.add(s.name.value);
        collectRoot(fragments.get(s.name.value)?.selectionSet);
      }
    }
  };
  collectRoot(operation.selectionSet);

  return { depth: depth(operation.selectionSet), aliases, rootFields: rootKeys.size };
}
