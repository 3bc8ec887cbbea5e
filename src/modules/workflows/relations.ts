import type { EntityManager } from '@mikro-orm/postgresql';
import { type FieldType, ORDER_FIELDS } from './field-type';

/**
 * Conditions on the trigger record's relations (docs/workflows.md, "Relations"): a path `company.industry` or
 * `contact.owner.email` names a field of a record the trigger's record refers to by one of its id fields
 * (REFERENCES), at most RELATION_DEPTH hops away. Each related kind says its fields and the statement that reads
 * them by id, under the run's organization (row-level security, and the organization id besides).
 */
export const RELATION_DEPTH = 2;

interface RelatedKind {
  fields: Record<string, FieldType>;
  /** Bound: the record's id, the organization's id. One row with `r`, the record's fields named as in `fields`. */
  sql: string;
}

const RELATED: Record<string, RelatedKind> = {
  company: {
    fields: {
      id: 'id',
      name: 'string',
      website: 'string',
      industry: 'string',
      employeeCount: 'number',
      revenue: 'number',
      rating: 'number',
      reviewCount: 'number',
      serviceAreas: 'list',
    },
    sql: `select jsonb_build_object('id', id, 'name', name, 'website', website, 'industry', industry,
            'employeeCount', employee_count, 'revenue', revenue::text, 'rating', rating, 'reviewCount', review_count,
            'serviceAreas', service_areas) as r from companies where id = ? and organization_id = ?`,
  },
  contact: {
    fields: {
      id: 'id',
      name: 'string',
      email: 'string',
      phone: 'string',
      city: 'string',
      state: 'string',
      status: 'string',
      source: 'string',
      lastContactedAt: 'date',
      ownerId: 'id',
      companyId: 'id',
    },
    sql: `select jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'city', city,
            'state', state, 'status', status, 'source', source, 'lastContactedAt', last_contacted_at,
            'ownerId', owner_id, 'companyId', company_id) as r from contacts where id = ? and organization_id = ?`,
  },
  customer: {
    fields: {
      id: 'id',
      name: 'string',
      email: 'string',
      contactId: 'id',
      ownerId: 'id',
      companyId: 'id',
      billingCity: 'string',
      billingState: 'string',
      creditLimit: 'number',
      accountHold: 'boolean',
      taxExempt: 'boolean',
      lifetimeOrderValue: 'number',
      firstOrderDate: 'date',
      lastRentalDate: 'date',
    },
    sql: `select jsonb_build_object('id', cu.id, 'name', c.name, 'email', c.email, 'contactId', cu.contact_id,
            'ownerId', c.owner_id, 'companyId', c.company_id, 'billingCity', cu.billing_city,
            'billingState', cu.billing_state, 'creditLimit', cu.credit_limit::text, 'accountHold', cu.account_hold,
            'taxExempt', cu.tax_exempt, 'lifetimeOrderValue', cu.lifetime_order_value::text,
            'firstOrderDate', cu.first_order_date::text, 'lastRentalDate', cu.last_rental_date::text) as r
          from customers cu join contacts c on c.id = cu.contact_id where cu.id = ? and cu.organization_id = ?`,
  },
  order: {
    fields: ORDER_FIELDS,
    sql: `select jsonb_build_object('id', id, 'customerId', customer_id, 'status', status, 'fulfillment', fulfillment,
            'pickupDate', pickup_date::text, 'returnDate', return_date::text, 'total', total::text) as r
          from rental_orders where id = ? and organization_id = ?`,
  },
  opportunity: {
    fields: {
      id: 'id',
      name: 'string',
      status: 'string',
      value: 'number',
      probability: 'number',
      expectedCloseDate: 'date',
      ownerId: 'id',
      contactId: 'id',
      customerId: 'id',
      companyId: 'id',
    },
    sql: `select jsonb_build_object('id', id, 'name', name, 'status', status, 'value', value::text,
            'probability', probability, 'expectedCloseDate', expected_close_date::text, 'ownerId', owner_id,
            'contactId', contact_id, 'customerId', customer_id, 'companyId', company_id) as r
          from opportunities where id = ? and organization_id = ?`,
  },
  user: {
    fields: {
      id: 'id',
      email: 'string',
      firstName: 'string',
      lastName: 'string',
      name: 'string',
      role: 'string',
      phone: 'string',
    },
    sql: `select jsonb_build_object('id', id, 'email', email, 'firstName', first_name, 'lastName', last_name,
            'name', first_name || ' ' || last_name, 'role', role, 'phone', phone) as r
          from users where id = ? and organization_id = ?`,
  },
};

/** A record's id fields that name another record: the relation's name in a path and the kind it reaches. */
const REFERENCES: Record<string, { name: string; kind: keyof typeof RELATED }> = {
  companyId: { name: 'company', kind: 'company' },
  contactId: { name: 'contact', kind: 'contact' },
  customerId: { name: 'customer', kind: 'customer' },
  orderId: { name: 'order', kind: 'order' },
  opportunityId: { name: 'opportunity', kind: 'opportunity' },
  ownerId: { name: 'owner', kind: 'user' },
  assignedTo: { name: 'assignee', kind: 'user' },
};

/** The relations of a record with these fields: name → the id field and the kind it reaches. */
export function relationsOf(fields: Record<string, FieldType>): Record<string, { field: string; kind: string }> {
  const out: Record<string, { field: string; kind: string }> = {};
  for (const field of Object.keys(fields)) {
    const ref = REFERENCES[field];
    if (ref && fields[field] === 'id') out[ref.name] = { field, kind: ref.kind };
  }
  return out;
}

/** The type of the field a relation path names from a record with these fields, or why it names none. */
export function pathType(fields: Record<string, FieldType>, path: string): { type: FieldType } | { problem: string } {
  const parts = path.split('.');
  const hops = parts.slice(0, -1);
  const last = parts[parts.length - 1];
  if (hops.length > RELATION_DEPTH)
    return { problem: `${path}: relations reach ${RELATION_DEPTH} records deep at most (relation.relation.field)` };
  let current = fields;
  let kind = 'the trigger';
  for (const hop of hops) {
    const rel = relationsOf(current)[hop];
    if (!rel) {
      const names = Object.keys(relationsOf(current));
      return { problem: `${path}: unknown relation "${hop}" of ${kind}: ${names.length ? names.join(', ') : 'none'}` };
    }
    kind = rel.kind;
    current = RELATED[rel.kind].fields;
  }
  const type = current[last];
  if (!type)
    return { problem: `${path}: unknown field "${last}" of ${kind}: one of ${Object.keys(current).join(', ')}` };
  return { type };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The values of these relation paths from the record `data` (with these fields), as the related records are now,
 * keyed by path: null where a relation is unset or its record is not the organization's.
 */
export async function relatedValues(
  tx: EntityManager,
  organizationId: string,
  fields: Record<string, FieldType>,
  data: Record<string, unknown>,
  paths: string[],
): Promise<Record<string, unknown>> {
  const cache = new Map<string, Record<string, unknown> | null>();
  const load = async (kind: string, id: unknown) => {
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const key = `${kind}:${id}`;
    if (!cache.has(key)) {
      const rows: { r: Record<string, unknown> }[] = await tx.execute(RELATED[kind].sql, [id, organizationId]);
      cache.set(key, rows[0]?.r ?? null);
    }
    return cache.get(key) ?? null;
  };
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let record: Record<string, unknown> | null = data;
    let current = fields;
    for (const hop of parts.slice(0, -1)) {
      const rel = relationsOf(current)[hop];
      record = rel && record ? await load(rel.kind, record[rel.field]) : null;
      current = rel ? RELATED[rel.kind].fields : {};
    }
    out[path] = record?.[parts[parts.length - 1]] ?? null;
  }
  return out;
}
