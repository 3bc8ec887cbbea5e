import { getMetadataStorage } from 'type-graphql';
import type { RootRules, ShieldRule } from './rules';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Target = Function;

const guards = new Map<Target, Map<string | symbol, ShieldRule>>();

/**
 * The access rule of a root field, written on the resolver method beside its `@Query` / `@Mutation`
 * (docs/architecture.md, "Access beside the field"): `@Guard(isAdmin)`. The one rule feeds graphql-shield, the
 * REST rows that run the field (their access check before binding) and the OpenAPI document (its security).
 */
export function Guard(rule: ShieldRule): MethodDecorator {
  return (prototype, method) => {
    const target = prototype.constructor;
    const own = guards.get(target) ?? new Map<string | symbol, ShieldRule>();
    if (own.has(method)) throw new Error(`@Guard twice on ${target.name}.${String(method)}`);
    own.set(method, rule);
    guards.set(target, own);
  };
}

/**
 * Every root field of these resolvers with the rule of its `@Guard`. A root field without one is left out, which
 * graphql-shield's fallback denies (and test/lists-and-tenancy.spec.ts refuses to ship).
 */
export function rulesOf(resolvers: readonly Target[]): Required<RootRules> {
  const storage = getMetadataStorage();
  const pick = (declared: { target: Target; methodName: string; schemaName: string }[]) =>
    Object.fromEntries(
      declared
        .filter((d) => resolvers.includes(d.target))
        .flatMap((d) => {
          const rule = guards.get(d.target)?.get(d.methodName);
          return rule ? [[d.schemaName, rule] as const] : [];
        }),
    );
  return {
    Query: pick(storage.queries),
    Mutation: pick(storage.mutations),
    Subscription: pick(storage.subscriptions),
  };
}
