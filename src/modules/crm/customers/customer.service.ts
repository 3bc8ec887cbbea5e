import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { formatMoney } from '../../../lib/money';
import { applyPatch, deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { Contact, ContactStatus } from '../contacts/contact.entity';
import { applyContactFields } from '../contacts/contact-fields';
import type { LeadScoreService } from '../leads/lead-score.service';
import { Lead } from '../leads/lead.entity';
import { Customer } from './customer.entity';
import type { CustomerInput, CustomerListArgs, CustomerUpdateInput } from './customer.types';

export const CUSTOMER_POPULATE = ['contact'];

const LIST: ListSpec<Customer> = {
  searchFields: ['contact.name', 'contact.email'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'contact.name',
    email: 'contact.email',
    lifetimeOrders: 'lifetimeOrderValue',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

export const BILLING = [
  'billingAddress',
  'billingCity',
  'billingState',
  'billingZipCode',
  'creditLimit',
  'accountHold',
  'accountHoldReason',
  'taxExempt',
  'taxExemptCertificate',
  'taxExemptExpiresOn',
] as const;

/** The credit limit as stored (two decimals: "5000" -> "5000.00"); a null switch (accountHold, taxExempt) is no change. */
function normalizeCredit<
  T extends { creditLimit?: string | null; accountHold?: boolean | null; taxExempt?: boolean | null },
>(input: T): T {
  const out = { ...input };
  if (typeof out.creditLimit === 'string') out.creditLimit = formatMoney(out.creditLimit);
  if (out.accountHold === null) delete out.accountHold;
  if (out.taxExempt === null) delete out.taxExempt;
  return out;
}

/** Legacy customers over unified contacts of status `customer`. */
export class CustomerService {
  constructor(private readonly scores: LeadScoreService) {}

  list(em: EntityManager, args: CustomerListArgs): Promise<Page<Customer>> {
    return listPage(em, Customer, args, LIST, args.ownerId ? { contact: { owner: args.ownerId } } : {}, {
      populate: CUSTOMER_POPULATE,
    });
  }

  get(em: EntityManager, id: string, populate = CUSTOMER_POPULATE): Promise<Customer> {
    return findOr404(em, Customer, id, 'Customer', { populate });
  }

  create(em: EntityManager, principal: Principal, input: CustomerInput): Promise<Customer> {
    return em.transactional(async (tx) => {
      const org = tx.getReference(Organization, principal.organizationId);
      const contact = new Contact(org, input.name, ContactStatus.customer);
      await applyContactFields(tx, contact, input);
      const customer = new Customer(org, contact);
      applyPatch(customer, normalizeCredit(input), BILLING);
      tx.persist([contact, customer]);
      return customer;
    });
  }

  /** The contact's fields change too: the leads of that contact are rescored in the same transaction. */
  update(em: EntityManager, id: string, input: CustomerUpdateInput): Promise<Customer> {
    return this.scores.within(em, async (tx) => {
      const customer = await findOr404(tx, Customer, id, 'Customer', { populate: CUSTOMER_POPULATE });
      await applyContactFields(tx, customer.contact.getEntity(), input);
      applyPatch(customer, normalizeCredit(input), BILLING);
      return {
        value: customer,
        organizationId: customer.organization.id,
        touched: { contactIds: [customer.contact.id] },
      };
    });
  }

  /** Deletes the customer, and its contact unless another record uses it or history (superseded contacts) hangs on it. */
  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      const customer = await findOr404(tx, Customer, id, 'Customer', { populate: CUSTOMER_POPULATE });
      const contact = customer.contact.getEntity();
      tx.remove(customer);
      const others =
        (await tx.count(Customer, { contact: contact.id, id: { $ne: customer.id } })) +
        (await tx.count(Lead, { contact: contact.id })) +
        (await tx.count(Contact, { supersededBy: contact.id }));
      if (others === 0) tx.remove(contact);
      return deleted(id, 'Customer');
    });
  }

  /**
   * The ids a customer's history hangs on: its contact and every contact superseded into it (the lead's
   * contact after a conversion, duplicates after a merge). Notes, activities and tasks query by these.
   */
  async historyContactIds(em: EntityManager, contactIds: readonly string[]): Promise<string[][]> {
    const superseded = await em.find(
      Contact,
      { supersededBy: { $in: [...contactIds] } },
      { fields: ['id', 'supersededBy'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return contactIds.map((id) => [id, ...superseded.filter((c) => c.supersededBy?.id === id).map((c) => c.id)]);
  }
}
