/**
 * Seeds a large rental business for bench/analytics.bench.ts with generate_series SQL only (no loop of
 * inserts in Node): per organization, at `scale` 1, 2,000 items in 20 categories, 20,000 contacts, 10,000
 * customers, 8,000 leads, 100,000 orders over 2025-2026 with 200,000 lines, invoices and payments for the
 * completed ones, 20,000 opportunities with 40,000 stage moves, 50,000 tasks (a third AI-generated, with their
 * task.created events). Activities (1,000,000 across the organizations) only when the activities table exists.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export type Run = (sql: string, bindings?: Record<string, unknown>) => Promise<unknown>;

export function runner(em: EntityManager): Run {
  return (sql, bindings = {}) => em.execute(em.getKnex().raw(sql, bindings as never));
}

const ids = (table: string) => `(select array_agg(id order by id) from ${table} where organization_id = :org)`;
const pick = (arr: string, i: string) => `(${arr})[1 + ((${i}) % array_length(${arr}, 1))]`;

export async function seedOrganization(run: Run, org: string, scale: number): Promise<void> {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const b = {
    org,
    users: 10,
    items: n(2000),
    contacts: n(20_000),
    orders: n(100_000),
    opps: n(20_000),
    tasks: n(50_000),
  };
  await run(
    `insert into users (id, organization_id, email, password_hash, first_name, last_name, role, created_at, updated_at)
    select gen_random_uuid(), :org, 'u' || g || '-' || left(:org::text, 8) || '@bench.example', 'x', 'User', 'N' || g, 'user', now(), now() from generate_series(1, :users) g`,
    b,
  );
  await run(
    `insert into inventory_items (id, created_at, updated_at, organization_id, name, item_number, category, daily_rate, weekly_rate, quantity_owned, specifications, status)
    select gen_random_uuid(), now(), now(), :org, 'Item ' || g, 'IT-' || g, 'Category ' || (g % 20), 50 + g % 150, null, 1 + g % 5, '{}', case when g % 50 = 0 then 'retired' else 'active' end
    from generate_series(1, :items) g`,
    b,
  );
  await run(
    `insert into maintenance_holds (id, created_at, updated_at, organization_id, item_id, quantity, start_date, end_date)
    select gen_random_uuid(), now(), now(), :org, id, 1, date '2025-01-01' + (rn * 7 % 700)::int, date '2025-01-01' + (rn * 7 % 700)::int + 5
    from (select id, row_number() over (order by id) rn from inventory_items where organization_id = :org) i where rn % 4 = 0`,
    b,
  );
  await run(
    `insert into contacts (id, created_at, updated_at, organization_id, name, email, status, source, owner_id)
    select gen_random_uuid(), timestamptz '2025-01-01' + (g * interval '47 minutes'), now(), :org, 'Contact ' || g, 'c' || g || '@bench.example',
           case when g % 2 = 0 then 'customer' when g % 5 = 1 then 'unknown' else 'lead' end,
           (array['web', 'referral', 'phone', 'email', 'trade show', null])[1 + g % 6], ${pick(ids('users'), 'g')}
    from generate_series(1, :contacts) g`,
    b,
  );
  await run(
    `insert into customers (id, created_at, updated_at, organization_id, contact_id, lifetime_order_value)
    select gen_random_uuid(), created_at, now(), :org, id, 0 from contacts where organization_id = :org and status = 'customer'`,
    b,
  );
  await run(
    `insert into leads (id, created_at, updated_at, organization_id, contact_id, status, converted_at)
    select gen_random_uuid(), c.created_at, now(), :org, c.id, s.status, case when s.status = 'converted' then c.created_at + interval '9 days' end
    from contacts c cross join lateral (select (array['new', 'contacted', 'qualified', 'converted', 'lost'])[1 + (abs(hashtext(c.id::text)) % 5)] as status) s
    where c.organization_id = :org and c.status = 'lead'`,
    b,
  );
  await run(
    `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, subtotal, tax_rate, tax, total, currency, completed_at)
    select gen_random_uuid(), s.d::timestamp + interval '10 hours', now(), :org, ${pick('c.a', 's.g * 7')}, s.d, s.d + 2, s.d + 2 + s.g % 10, s.g % 10 + 1, s.status,
           s.amount, 10, round(s.amount * 0.1, 2), round(s.amount * 1.1, 2), 'USD',
           case when s.status = 'completed' then (s.d + 2 + s.g % 10)::timestamp + interval '18 hours' end
    from (select g, date '2025-01-01' + (g % 730) as d, (100 + g % 900)::numeric as amount,
                 case when g % 10 = 0 then 'cancelled' when g % 10 < 7 then 'completed' else 'pending' end as status
            from generate_series(1, :orders) g) s
    cross join (select ${ids('customers')} as a) c`,
    b,
  );
  await run(
    `insert into rental_order_lines (id, created_at, updated_at, organization_id, order_id, item_id, position, item_number, item_name, quantity, days, billed_days, breakdown, unit_price, amount)
    select gen_random_uuid(), now(), now(), :org, o.id, ${pick('it.a', 'o.rn * 13 + k * 101')}, k, 'IT', 'Item', 1, o.rental_days, o.rental_days, '[]', o.subtotal / 2, o.subtotal / 2
    from (select id, rental_days, subtotal, row_number() over (order by id) rn from rental_orders where organization_id = :org) o
    cross join generate_series(0, 1) k cross join (select ${ids('inventory_items')} as a) it`,
    b,
  );
  await run(
    `insert into invoices (id, created_at, updated_at, organization_id, order_id, customer_id, number, issue_date, due_date, status, subtotal, tax, total, amount_paid, currency, sent_at, paid_at)
    select gen_random_uuid(), now(), now(), :org, o.id, o.customer_id, row_number() over (order by o.id), o.return_date, o.return_date + 30,
           case when o.rn % 3 = 0 then 'sent' else 'paid' end, o.subtotal, o.tax, o.total, case when o.rn % 3 = 0 then 0 else o.total end, 'USD',
           o.return_date::timestamp + interval '20 hours', case when o.rn % 3 <> 0 then (o.return_date + 12)::timestamp end
    from (select *, row_number() over (order by id) rn from rental_orders where organization_id = :org and status = 'completed') o`,
    b,
  );
  await run(
    `insert into payments (id, created_at, updated_at, organization_id, invoice_id, amount, method, paid_on)
    select gen_random_uuid(), now(), now(), :org, i.id, i.total, 'card', i.issue_date + 12 from invoices i where i.organization_id = :org and i.status = 'paid'`,
    b,
  );
  await run(
    `update customers c set lifetime_order_value = s.v from (select customer_id, sum(total) v from rental_orders where organization_id = :org and status = 'completed' group by 1) s
    where c.id = s.customer_id and c.organization_id = :org`,
    b,
  );
  await seedSales(run, b);
}

async function seedSales(run: Run, b: Record<string, unknown>): Promise<void> {
  await run(
    `insert into pipelines (id, created_at, updated_at, organization_id, name, is_default) values (gen_random_uuid(), now(), now(), :org, 'Sales', true)`,
    b,
  );
  await run(
    `insert into pipeline_stages (id, created_at, updated_at, organization_id, pipeline_id, name, position, probability, is_won, is_lost)
    select gen_random_uuid(), now(), now(), :org, p.id, s.name, s.pos, s.prob, s.name = 'Won', s.name = 'Lost'
    from pipelines p cross join (values ('Prospecting', 0, 10), ('Qualified', 1, 25), ('Proposal', 2, 50), ('Negotiation', 3, 75), ('Won', 4, 100), ('Lost', 5, 0)) s(name, pos, prob)
    where p.organization_id = :org`,
    b,
  );
  const stage = (cond: string) =>
    `(select array_agg(id order by position) from pipeline_stages where organization_id = :org and ${cond})`;
  await run(
    `insert into opportunities (id, created_at, updated_at, organization_id, name, pipeline_id, stage_id, owner_id, value, probability, expected_close_date, status, stage_entered_at, closed_at)
    select gen_random_uuid(), s.created, now(), :org, 'Deal ' || s.g, (select id from pipelines where organization_id = :org), 
           case s.status when 'won' then w.a[1] when 'lost' then l.a[1] else ${pick('op.a', 's.g')} end, ${pick('u.a', 's.g')}, 500 + s.g % 20000, 10 + s.g % 80,
           (s.created + interval '45 days')::date, s.status, s.created + interval '3 days', case when s.status <> 'open' then s.created + ((s.g % 60) || ' days')::interval end
    from (select g, timestamptz '2025-01-01' + (g * interval '52 minutes') as created, case when g % 10 < 4 then 'open' when g % 10 < 7 then 'won' else 'lost' end as status
            from generate_series(1, :opps) g) s
    cross join (select ${stage('not is_won and not is_lost')} as a) op cross join (select ${stage('is_won')} as a) w cross join (select ${stage('is_lost')} as a) l
    cross join (select ${ids('users')} as a) u`,
    b,
  );
  await run(
    `insert into opportunity_stage_changes (id, created_at, updated_at, organization_id, opportunity_id, from_stage_id, from_stage_name, to_stage_id, to_stage_name, changed_at, seconds_in_previous_stage)
    select gen_random_uuid(), now(), now(), :org, o.id, o.stage_id, 'from', o.stage_id, 'to', o.created_at + (k || ' days')::interval, 86400 * (1 + (k * 3 + o.value::int) % 20)
    from opportunities o cross join generate_series(1, 2) k where o.organization_id = :org`,
    b,
  );
  await run(
    `insert into tasks (id, created_at, updated_at, organization_id, title, assignee_id, priority, due_date, status, completed_at, is_ai_generated, source)
    select gen_random_uuid(), s.created, now(), :org, 'Task ' || s.g, ${pick('u.a', 's.g')}, 'medium', (s.created + interval '5 days')::date,
           case when s.g % 3 = 0 then 'open' else 'completed' end, case when s.g % 3 <> 0 then s.created + interval '4 days' end,
           s.g % 3 = 1, case when s.g % 3 = 1 then (array['voice_memo', 'call', 'email', 'meeting_notes'])[1 + s.g % 4] else 'manual' end
    from (select g, timestamptz '2025-01-01' + (g * interval '21 minutes') as created from generate_series(1, :tasks) g) s cross join (select ${ids('users')} as a) u`,
    b,
  );
  await run(
    `insert into outbox_events (id, organization_id, event, payload, created_at, fanned_out_at)
    select gen_random_uuid(), :org, 'task.created', jsonb_build_object('event', 'task.created', 'organizationId', :org::text, 'data',
           jsonb_build_object('id', t.id, 'isAiGenerated', true, 'source', t.source)), t.created_at, t.created_at
    from tasks t where t.organization_id = :org and t.is_ai_generated`,
    b,
  );
}

/** `total` activities (communications module) spread over the organizations, a minute apart from 2025-01-01. */
export async function seedActivities(run: Run, orgs: string[], total: number): Promise<void> {
  for (const org of orgs) {
    await run(
      `insert into activities (id, organization_id, contact_id, type, direction, occurred_at, source, author_id, created_at, updated_at)
      select gen_random_uuid(), :org, ${pick(ids('contacts'), 'g')}, (array['call', 'email', 'sms', 'meeting'])[1 + g % 4], (array['inbound', 'outbound'])[1 + g % 2],
             timestamptz '2025-01-01' + (g * interval '1 minute'), 'user', ${pick(ids('users'), 'g')}, now(), now()
      from generate_series(1, :n) g`,
      { org, n: Math.round(total / orgs.length) },
    );
  }
}
