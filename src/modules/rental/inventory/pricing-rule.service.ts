import type { EntityManager } from '@mikro-orm/postgresql';
import { ref, type FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404, referenced } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { InventoryItem } from './inventory-item.entity';
import { PricingRule } from './pricing-rule.entity';
import { clashes, KIND_FIELDS, KindField, normalizeRule, ruleErrors } from './pricing-rule-checks';
import type { PricingRuleInput, PricingRuleListArgs, PricingRuleUpdateInput } from './pricing-rule.types';
import { PricingRuleData, selectRules } from './pricing-rules';
import type { PricingContext } from './period-rates';

const LIST: ListSpec<PricingRule> = {
  searchFields: ['name', 'category'],
  sortable: { name: 'name', kind: 'kind', startDate: 'startDate', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: { field: 'name', order: SortOrder.asc },
};

/** The input's value of a field: absent keeps `current`, null clears it. */
const pick = <T>(value: T | null | undefined, current: T | null): T | null => (value === undefined ? current : value);

/** The organization's active rules as the engine reads them, and the pricing context of one line (pure selection). */
export async function activeRules(em: EntityManager): Promise<PricingRuleData[]> {
  const rules = await em.find(PricingRule, { active: true }, { orderBy: { id: 'asc' } });
  return rules.map((r) => r.toData());
}

export function pricingContext(
  rules: readonly PricingRuleData[],
  item: InventoryItem,
  customerId: string | null,
  startDate: string,
): PricingContext {
  return { startDate, rules: selectRules(rules, { itemId: item.id, category: item.category ?? null, customerId }) };
}

/**
 * Pricing rules (docs/rental.md, "Pricing rules"): admins define them, every member reads them; the quote engine
 * prices quotes and orders with the active ones. Writes check the rule on its own (400 naming the fields) and
 * against the organization's other active rules (overlapping seasons of one scope, a second rule of a kind for one
 * scope: 400), under a per-organization lock so two writes never both pass.
 */
export class PricingRuleService {
  list(em: EntityManager, args: PricingRuleListArgs): Promise<Page<PricingRule>> {
    const where: FilterQuery<PricingRule> = {};
    if (args.kind) where.kind = args.kind;
    if (args.itemId) where.item = args.itemId;
    if (args.customerId) where.customer = args.customerId;
    if (args.active !== undefined && args.active !== null) where.active = args.active;
    return listPage(em, PricingRule, args, LIST, where);
  }

  get(em: EntityManager, id: string): Promise<PricingRule> {
    return findOr404(em, PricingRule, id, 'Pricing rule');
  }

  create(em: EntityManager, principal: Principal, input: PricingRuleInput): Promise<PricingRule> {
    return em.transactional(async (tx) => {
      const rule = new PricingRule();
      rule.organization = tx.getReference(Organization, principal.organizationId, { wrapped: true });
      rule.kind = input.kind;
      return this.save(tx, principal, rule, input);
    });
  }

  update(em: EntityManager, principal: Principal, id: string, input: PricingRuleUpdateInput): Promise<PricingRule> {
    return em.transactional(async (tx) => this.save(tx, principal, await this.get(tx, id), input));
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await this.get(tx, id));
      return deleted(id, 'Pricing rule');
    });
  }

  private async save(
    tx: EntityManager,
    principal: Principal,
    rule: PricingRule,
    input: PricingRuleUpdateInput,
  ): Promise<PricingRule> {
    const current = rule.toData(); // a new rule: every field null
    const fields = Object.fromEntries(
      [...KIND_FIELDS, 'category' as const].map((f) => [f, pick(input[f], current[f])]),
    ) as Pick<PricingRuleData, KindField | 'category'>;
    const data = normalizeRule({
      ...fields,
      id: rule.id,
      kind: rule.kind,
      name: input.name ?? rule.name,
      itemId: pick(input.itemId, current.itemId),
    });
    // references first: another organization's item or customer is not found, whatever else the body says
    const item = data.itemId ? await referenced(tx, InventoryItem, data.itemId, 'itemId') : null;
    const customer = data.customerId ? await referenced(tx, Customer, data.customerId, 'customerId') : null;
    const errors = ruleErrors(data);
    if (errors.length) throw AppError.validation(errors);
    const active = pick(input.active, rule.active) ?? true;
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
      `pricing-rules:${principal.organizationId}`,
    ]);
    if (active) {
      const others = await tx.find(PricingRule, { kind: rule.kind, active: true });
      const clash = clashes(
        data,
        others.map((o) => o.toData()),
      );
      if (clash.length) throw AppError.validation(clash, `${data.name} clashes with another active ${rule.kind} rule`);
    }
    const { id: _id, itemId: _i, customerId: _c, ...plain } = data;
    Object.assign(rule, plain, { active, item: item && ref(item), customer: customer && ref(customer) });
    tx.persist(rule);
    return rule;
  }
}
