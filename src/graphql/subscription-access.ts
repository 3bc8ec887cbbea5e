import type { GraphQLSchema } from 'graphql';
import type { Context } from './context';
import { fallbackError } from './permissions';
import { ACCESS, accessError, type RootRules } from './rules';

/**
 * graphql-shield (through graphql-middleware) wraps a field's `resolve`; a subscription field has one (it runs on
 * every event), so shield checks a subscription's rule on each event it delivers, with the subscriber's principal
 * as it is then. This checks the rule's access level once more when the subscription starts (its `subscribe`),
 * so a subscriber without the role is refused at once instead of waiting for events it would never get
 * (docs/events.md, "Live events"). A field without a rule is refused.
 */
export function checkAtStart(schema: GraphQLSchema, rules: Required<RootRules>): GraphQLSchema {
  const fields = schema.getSubscriptionType()?.getFields() ?? {};
  for (const [name, field] of Object.entries(fields)) {
    const rule = rules.Subscription[name];
    const access = rule ? ACCESS.get(rule) : undefined;
    const subscribe = field.subscribe;
    if (!subscribe) continue;
    field.subscribe = (root, args, ctx: Context, info) => {
      const refused = access ? accessError(access, ctx.principal, ctx.authFailure) : fallbackError;
      if (refused) throw refused;
      return subscribe(root, args, ctx, info);
    };
  }
  return schema;
}
