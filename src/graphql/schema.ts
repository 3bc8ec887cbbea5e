import type { GraphQLSchema } from 'graphql';
import { printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { applyMiddleware } from 'graphql-middleware';
import { deny, shield } from 'graphql-shield';
import { AuthResolver } from '../modules/accounts/auth/auth.resolver';
import { UserResolver } from '../modules/accounts/users/user.resolver';
import { AdminResolver } from '../modules/accounts/admin/admin.resolver';
import { ACCOUNT_RESOLVERS } from '../modules/accounts.resolvers';
import { fallbackError, shieldRules } from './permissions';
import { CRM_RESOLVERS } from '../modules/crm/crm.registry';
import { INVENTORY_RESOLVERS } from '../modules/rental/inventory/inventory.registry';

import { WebhookResolver } from '../modules/webhooks/webhook.resolver';
import { WebhookLogResolver } from '../modules/webhooks/webhook-log.resolver';
import { SALES_RESOLVERS } from '../modules/sales.registry';

export const resolvers = [AuthResolver, UserResolver, AdminResolver, WebhookResolver, WebhookLogResolver, ...CRM_RESOLVERS, ...ACCOUNT_RESOLVERS, ...INVENTORY_RESOLVERS, ...SALES_RESOLVERS] as const;

/** The schema as type-graphql builds it from the resolvers, before any middleware. Printed to schema.graphql. */
export function buildBaseSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    // type-graphql defaults skipMissingProperties to true, which skips every rule of a null field: an explicit
    // `null` would then reach the services unchecked. Optional fields say so with @IsOptional()/ValidateIf.
    validate: { forbidUnknownValues: false, whitelist: false, skipMissingProperties: false },
    emitSchemaFile: false,
  });
}

export async function printAppSchema(): Promise<string> {
  return `# Generated from the resolvers by \`npm run schema:print\`; a test fails when it is stale.\n\n${printSchema(await buildBaseSchema())}\n`;
}

/**
 * The executable schema: base schema plus graphql-shield. Shield guards the ROOT fields only (every
 * Query and Mutation field has a rule, a missing one is denied by fallbackRule); object fields are only
 * reachable through a guarded root and tenancy is enforced again in the data layer, so wrapping every
 * field of every list row (2x slower lists, STACK.md) buys nothing.
 */
export async function buildAppSchema(): Promise<GraphQLSchema> {
  const schema = await buildBaseSchema();
  const generator = shield(shieldRules, { fallbackRule: deny, fallbackError, allowExternalErrors: true });
  const all = generator.generate(schema) as Record<string, unknown>;
  const rootOnly = Object.fromEntries(Object.entries(all).filter(([type]) => type === 'Query' || type === 'Mutation'));
  return applyMiddleware(schema, rootOnly as never);
}
