import { GraphQLError } from 'graphql';
import type { IRules } from 'graphql-shield';
import { ErrorCode } from '../lib/errors';
import { ACCESS, Access, RootRules } from './rules';
import { CRM_RULES } from '../modules/crm/crm.registry';
import { INVENTORY_RULES } from '../modules/rental/inventory/inventory.registry';
import { authRules } from '../modules/accounts/auth/auth.rules';
import { userRules } from '../modules/accounts/users/user.rules';
import { adminRules } from '../modules/accounts/admin/admin.rules';
import { ACCOUNT_RULES } from '../modules/accounts.rules';

/** The rule of every root field, merged from the modules. A root field missing here is denied (fallbackRule). */
import { webhookRules } from '../modules/webhooks/webhook.rules';
import { SALES_RULES } from '../modules/sales.registry';

export const ruleTree: Required<RootRules> = mergeRules([authRules, userRules, adminRules, webhookRules, ...CRM_RULES, ...ACCOUNT_RULES, ...INVENTORY_RULES, ...SALES_RULES]);

function mergeRules(parts: RootRules[]): Required<RootRules> {
  return {
    Query: Object.assign({}, ...parts.map((p) => p.Query ?? {})),
    Mutation: Object.assign({}, ...parts.map((p) => p.Mutation ?? {})),
  };
}

export function accessOf(root: 'Query' | 'Mutation', field: string): Access | undefined {
  const r = ruleTree[root][field];
  return r ? ACCESS.get(r) : undefined;
}

/** Returned for a root field with no rule (fallbackRule deny). */
export const fallbackError = new GraphQLError('Not authorised', { extensions: { code: ErrorCode.FORBIDDEN } });

export const shieldRules = ruleTree as IRules;
