/**
 * The lists `npm run bench export` can export (BENCH_LIST; bench/export.bench.ts): how each is seeded with
 * generate_series, and B's COPY of the same columns.
 */
import type { Client } from 'pg';

/** A list the bench can export (BENCH_LIST): its table, how to seed it, and the columns COPY reads for B. */
export interface BenchList {
  path: string;
  table: string;
  seed(c: Client, org: string, rows: number): Promise<void>;
  /**
   * The organization's settings for the bench (`PUT /api/settings/organization`), where the list would otherwise do
   * work of its own before its first row (the leads list scores unscored leads first).
   */
  settings?: Record<string, unknown>;
  /** B's query for the organization (COPY'd as CSV): the same columns, unescaped, in the list's order. */
  select(org: string): string;
}

export const LISTS: Record<string, BenchList> = {
  contacts: {
    path: '/api/contacts',
    table: 'contacts',
    seed: (c, org, rows) =>
      c
        .query(
          `insert into contacts (id, organization_id, name, email, phone, status, city, state, zip_code, source,
             last_contacted_at, created_at, updated_at)
           select gen_random_uuid(), $1, 'Contact ' || n, 'contact' || n || '@export.example', '+1512555' || lpad((n % 10000)::text, 4, '0'),
             (array['unknown','lead','customer'])[1 + n % 3]::text, 'Austin', 'TX', '787' || lpad((n % 100)::text, 2, '0'),
             case when n % 50 = 0 then '=cmd|' || n else 'bench' end,
             now() - (n % 365) * interval '1 day', now() - n * interval '1 second', now()
           from generate_series(1, $2::int) n`,
          [org, rows],
        )
        .then(() => undefined),
    select: (org) => `select id, name, email, phone, status, company_id, owner_id, last_contacted_at, address, city,
      state, zip_code, source, superseded_by_id, superseded_reason, organization_id, created_at, updated_at
      from contacts where organization_id = '${org}' and superseded_by_id is null
      order by created_at desc, id desc`,
  },
  // the inventory: a jsonb column (its specifications, written in SQL as JSON.stringify writes them) and decimals
  inventory: {
    path: '/api/inventory',
    table: 'inventory_items',
    seed: (c, org, rows) =>
      c
        .query(
          `insert into inventory_items (id, organization_id, name, item_number, category, daily_rate, weekly_rate,
             quantity_owned, specifications, created_at, updated_at)
           select gen_random_uuid(), $1, 'Scissor lift ' || n, 'SL-' || n, 'Lifts', 100 + n % 50, 400 + n % 90, 1 + n % 5,
             jsonb_build_object('platformHeight', (19 + n % 30) || ' ft', 'power', case when n % 2 = 0 then 'electric' else '=diesel' end),
             now() - n * interval '1 second', now()
           from generate_series(1, $2::int) n`,
          [org, rows],
        )
        .then(() => undefined),
    select: (org) => `select id, created_at, updated_at, organization_id, name, item_number, category, daily_rate,
      weekly_rate, monthly_rate, tracking, quantity_owned, specifications, image_url, service_every_hours,
      service_every_days, service_every_rentals, deposit_amount, tax_rate, status, retired_at
      from inventory_items where organization_id = '${org}' order by created_at desc, id desc`,
  },
  // tasks: plain columns only (enums, a date, nullable relations' ids)
  tasks: {
    path: '/api/tasks',
    table: 'tasks',
    seed: (c, org, rows) =>
      c
        .query(
          `insert into tasks (id, organization_id, title, description, priority, due_date, status, source, created_at,
             updated_at)
           select gen_random_uuid(), $1, 'Call back about the lift ' || n,
             case when n % 7 = 0 then '=HYPERLINK("x")' else 'Quote, "weekly" rate' end,
             (array['low', 'medium', 'high'])[1 + n % 3], now() + (n % 30) * interval '1 day',
             (array['open', 'completed'])[1 + n % 2], 'manual', now() - n * interval '1 second', now()
           from generate_series(1, $2::int) n`,
          [org, rows],
        )
        .then(() => undefined),
    select: (org) => `select * from tasks where organization_id = '${org}' order by created_at desc, id desc`,
  },
  // leads and customers: columns read from their contact (and its company) in SQL (RouteRow exportCells)
  leads: {
    ...contactBacked('leads', 'Lead', 'l.status, l.score, l.score_band', `'new', n % 8, 'cold'`),
    // seeded leads are unscored: with scoring on, the list's first read would score a million leads (docs/ai.md)
    settings: { features: { leadScoring: false } },
  },
  customers: contactBacked('customers', 'Customer', 'l.lifetime_order_value, l.credit_limit', null),
  // companies: a jsonb list (service areas) and a real (rating)
  companies: {
    path: '/api/companies',
    table: 'companies',
    seed: (c, org, rows) =>
      c
        .query(
          `insert into companies (id, organization_id, name, website, industry, employee_count, service_areas, rating,
             created_at, updated_at)
           select gen_random_uuid(), $1, 'Company ' || n, 'https://c' || n || '.example', 'Construction', n % 500,
             jsonb_build_array('Austin', case when n % 50 = 0 then '=Round Rock' else 'TX-' || n % 90 end),
             case when n % 3 = 0 then null else (n % 50) / 10.0 end, now() - n * interval '1 second', now()
           from generate_series(1, $2::int) n`,
          [org, rows],
        )
        .then(() => undefined),
    select: (org) => `select id, name, website, industry, employee_count, revenue, places_id, rating, review_count,
      enrichment, enriched_at, service_areas, organization_id, created_at, updated_at
      from companies where organization_id = '${org}' order by created_at desc, id desc`,
  },
  // activities: a jsonb list of objects (attachments) and a double (sentiment), on a thousand contacts
  activities: {
    path: '/api/activities',
    table: 'activities',
    seed: async (c, org, rows) => {
      await c.query(
        `insert into contacts (id, organization_id, name, status, created_at, updated_at)
         select gen_random_uuid(), $1, 'Caller ' || n, 'customer', now(), now() from generate_series(1, 1000) n`,
        [org],
      );
      await c.query(
        `with cs as (select array_agg(id) as ids from contacts where organization_id = $1)
         insert into activities (id, organization_id, contact_id, type, direction, occurred_at, subject, body, source,
           sentiment_score, attachments, created_at, updated_at)
         select gen_random_uuid(), $1, cs.ids[1 + n % 1000], 'email', 'inbound', now() - n * interval '1 second',
           'Quote for lift ' || n, 'Please send the quote, "soon", thanks', 'webhook',
           case when n % 4 = 0 then null else (n % 200 - 100) / 100.0 end,
           case when n % 5 = 0 then jsonb_build_array(jsonb_build_object('filename', 'site-' || n || '.pdf',
             'contentType', 'application/pdf', 'size', n % 100000)) end,
           now() - n * interval '1 second', now()
         from cs, generate_series(1, $2::int) n`,
        [org, rows],
      );
    },
    select: (org) => `select id, contact_id, type, direction, occurred_at, subject, body, duration_seconds,
      recording_url, transcription_status, sentiment_score, sentiment_label, summary, source, author_id, opportunity_id,
      provider, external_id, attachments, organization_id, created_at, updated_at
      from activities where organization_id = '${org}' order by occurred_at desc, id desc`,
  },
  // opportunities: their stage (an object) and two lines each (a list of objects, amounts computed in SQL)
  opportunities: {
    path: '/api/opportunities',
    table: 'opportunities',
    seed: async (c, org, rows) => {
      await c.query(
        `with p as (insert into pipelines (id, organization_id, name, is_default, created_at, updated_at)
                    values (gen_random_uuid(), $1, 'Rentals', false, now(), now()) returning id),
         st as (insert into pipeline_stages (id, organization_id, pipeline_id, name, position, probability, created_at,
                  updated_at)
                select gen_random_uuid(), $1, p.id, 'Quote "sent"', 1, 40, now(), now() from p
                returning id, pipeline_id)
         insert into opportunities (id, organization_id, name, pipeline_id, stage_id, value, probability, status,
           stage_entered_at, created_at, updated_at)
         select gen_random_uuid(), $1, 'Excavator rental ' || n, st.pipeline_id, st.id, 1000 + n % 9000, 10, 'open',
           now(), now() - n * interval '1 second', now()
         from st, generate_series(1, $2::int) n`,
        [org, rows],
      );
      await c.query(
        `insert into opportunity_lines (id, organization_id, opportunity_id, position, description, quantity, unit_price,
           created_at, updated_at)
         select gen_random_uuid(), $1, o.id, p, case when p = 1 then 'Mini excavator, "weekly"' else '=Delivery' end,
           1 + p, 125.50 * p, now(), now()
         from opportunities o, generate_series(1, 2) p where o.organization_id = $1`,
        [org],
      );
    },
    select: (org) => withLines('opportunities', 'opportunity_lines', 'opportunity_id', org),
  },
  // invoices: their customer (an object read through its contact), charges (a jsonb list), status and balance
  invoices: {
    path: '/api/invoices',
    table: 'invoices',
    seed: async (c, org, rows) => {
      await contactBacked('customers', 'Customer', '', null).seed(c, org, 1000);
      await c.query(
        `insert into rental_orders (id, organization_id, customer_id, order_date, pickup_date, return_date, rental_days,
           subtotal, tax_rate, tax, total, currency, created_at, updated_at)
         select gen_random_uuid(), $1, cu.id, current_date, current_date, current_date + 7, 7, 700, 0.0825, 57.75,
           757.75, 'USD', now(), now()
         from customers cu where cu.organization_id = $1`,
        [org],
      );
      await c.query(
        `with o as (select array_agg(id) as ids, array_agg(customer_id) as cs from rental_orders where organization_id = $1)
         insert into invoices (id, organization_id, order_id, customer_id, number, issue_date, due_date, status, subtotal,
           tax, total, amount_paid, currency, charges, created_at, updated_at)
         select gen_random_uuid(), $1, o.ids[1 + n % 1000], o.cs[1 + n % 1000], n, current_date - 40, current_date - 10,
           (array['draft', 'sent', 'paid', 'void'])[1 + n % 4], 700, 57.75, 757.75, case when n % 4 = 2 then 757.75 else 0 end,
           'USD', case when n % 3 = 0 then '[{"chargeId": "c1", "kind": "damage", "description": "Scratched boom", "amount": "125.00"}]'::jsonb
             else '[]'::jsonb end, now() - n * interval '1 second', now()
         from o, generate_series(1, $2::int) n`,
        [org, rows],
      );
    },
    select: (org) => `select i.*, c.name, c.email from invoices i join customers cu on cu.id = i.customer_id
      join contacts c on c.id = cu.contact_id
      where i.organization_id = '${org}' order by i.created_at desc, i.id desc`,
  },
  // rental orders: their customer, overdue (the organization's today), deposits, and a priced line each
  transactions: {
    path: '/api/transactions',
    table: 'rental_orders',
    seed: async (c, org, rows) => {
      await contactBacked('customers', 'Customer', '', null).seed(c, org, 1000);
      await c.query(
        `insert into inventory_items (id, organization_id, name, item_number, category, daily_rate, weekly_rate,
           quantity_owned, specifications, created_at, updated_at)
         values (gen_random_uuid(), $1, 'Boom lift 60 ft', 'BL-60', 'Lifts', 350, 1200, 1000000, '{}', now(), now())`,
        [org],
      );
      await c.query(
        `with cs as (select array_agg(id) as ids from customers where organization_id = $1)
         insert into rental_orders (id, organization_id, customer_id, order_date, pickup_date, return_date, rental_days,
           status, subtotal, tax_rate, tax, total, currency, deposit, created_at, updated_at)
         select gen_random_uuid(), $1, cs.ids[1 + n % 1000], current_date - n % 60, current_date - n % 60,
           current_date - n % 60 + 7, 7, (array['pending', 'completed'])[1 + n % 2], 1200, 0.0825, 99, 1299, 'USD',
           case when n % 3 = 0 then 250 else 0 end, now() - n * interval '1 second', now()
         from cs, generate_series(1, $2::int) n`,
        [org, rows],
      );
      await c.query(
        `insert into rental_order_lines (id, organization_id, order_id, item_id, position, item_number, item_name,
           quantity, days, billed_days, breakdown, unit_price, amount, order_date, pickup_date, return_date,
           order_status, tax_rate, created_at, updated_at)
         select gen_random_uuid(), $1, o.id, i.id, 1, 'BL-60', 'Boom lift 60 ft, "diesel"', 1, 7, 7,
           '[{"period": "week", "count": 1, "days": 7, "rate": "1200.00", "amount": "1200.00", "rule": null}]',
           1200, 1200, o.order_date, o.pickup_date, o.return_date, o.status, 0.0825, now(), now()
         from rental_orders o, (select id from inventory_items where organization_id = $1) i
         where o.organization_id = $1`,
        [org],
      );
    },
    select: (org) => withLines('rental_orders', 'rental_order_lines', 'order_id', org),
  },
};

/**
 * Leads or customers (`table`), each on a contact of its own (every other one at one of a tenth as many companies): `extra`, B's columns of
 * the record beside its contact's, and `values`, the SQL values of a lead's status, score and band (null: the table has none).
 */
function contactBacked(table: string, name: string, extra: string, values: string | null): BenchList {
  return {
    path: `/api/${table}`,
    table,
    seed: async (c, org, rows) => {
      await c.query(
        `insert into companies (id, organization_id, name, service_areas, created_at, updated_at)
         select gen_random_uuid(), $1, 'Builder ' || n, '[]', now(), now() from generate_series(1, $2::int) n`,
        [org, Math.ceil(rows / 10)],
      );
      await c.query(
        `with co as (select array_agg(id) as ids from companies where organization_id = $1),
         c as (
           insert into contacts (id, organization_id, name, email, phone, status, company_id, created_at, updated_at)
           select gen_random_uuid(), $1, '${name} ' || n, 'p' || n || '@export.example', '+1512555' || lpad((n % 10000)::text, 4, '0'),
             'customer', case when n % 2 = 0 then co.ids[1 + n % array_length(co.ids, 1)] end, now() - n * interval '1 second', now()
           from co, generate_series(1, $2::int) n
           returning id, created_at, (extract(epoch from now() - created_at))::int as n)
         insert into ${table} (id, organization_id, contact_id, ${values ? 'status, score, score_band, ' : ''}created_at, updated_at)
         select gen_random_uuid(), $1, c.id, ${values ? `${values}, ` : ''}c.created_at, now() from c`,
        [org, rows],
      );
    },
    select: (org) => `select l.id, c.name, c.email, c.phone, co.name as company_name, c.company_id, c.owner_id,
      l.contact_id, ${extra}, l.organization_id, l.created_at, l.updated_at
      from ${table} l join contacts c on c.id = l.contact_id left join companies co on co.id = c.company_id
      where l.organization_id = '${org}' order by l.created_at desc, l.id desc`,
  };
}

/** The records of `table` with their lines (`lines`, whose `key` references the record) as one JSON cell. */
function withLines(table: string, lines: string, key: string, org: string): string {
  return `select o.*, (select jsonb_agg(l order by l.position) from ${lines} l where l.${key} = o.id) as lines
    from ${table} o where o.organization_id = '${org}' order by o.created_at desc, o.id desc`;
}
