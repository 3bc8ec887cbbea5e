/**
 * The data of `npm run bench http`, with generate_series SQL only: ORGS organizations (registered through the
 * API, so that each has a real admin login), each with `contacts` contacts, a tenth as many companies, 20
 * owners, half as many opportunities as contacts (on contacts, owners and companies) and two activities per
 * contact. The bench database is kept between runs: a marker
 * row records the size, and a run at the same size reuses it.
 */
import { Client } from 'pg';

export const ORGS = 10;
export const PASSWORD = 'bench-password-1';
export const email = (i: number) => `bench-${i}@bench.example`;

const ids = (table: string) => `(select array_agg(id order by id) from ${table} where organization_id = $1)`;
const pick = (arr: string, i: string) => `(${arr})[1 + ((${i}) % array_length(${arr}, 1))]`;

export async function seededSize(url: string): Promise<number | null> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const present = (await c.query(`select to_regclass('bench_http_seed') is not null as present`)).rows[0].present;
    if (!present) return null;
    const { rows } = await c.query(`select contacts from bench_http_seed limit 1`);
    return rows[0]?.contacts ?? null;
  } finally {
    await c.end();
  }
}

/** Seeds the organizations (already registered) with `contacts` contacts each; returns the seconds it took. */
export async function seed(url: string, orgIds: string[], contacts: number): Promise<number> {
  const t0 = Date.now();
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    for (const org of orgIds) {
      const run = (sql: string, extra: unknown[] = []) => c.query(sql, [org, ...extra]);
      await run(
        `insert into users (id, organization_id, email, password_hash, first_name, last_name, role, created_at, updated_at)
         select gen_random_uuid(), $1::uuid, 'owner' || g || '-' || right($1::uuid::text, 12) || '@bench.example', 'x', 'Owner', 'N' || g, 'user', now(), now()
         from generate_series(1, 20) g`,
      );
      await run(
        `insert into companies (id, created_at, updated_at, organization_id, name, website, industry, service_areas)
         select gen_random_uuid(), now(), now(), $1::uuid, 'Company ' || g, 'https://c' || g || '.example', (array['construction', 'events', 'film', 'landscaping'])[1 + g % 4], '[]'
         from generate_series(1, $2::int) g`,
        [Math.max(1, Math.round(contacts / 10))],
      );
      await run(
        `insert into contacts (id, created_at, updated_at, organization_id, name, email, phone, status, source, owner_id, company_id)
         select gen_random_uuid(), timestamptz '2024-01-01' + (g * interval '7 minutes'), now(), $1::uuid,
                (array['Alex', 'Sam', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Taylor', 'Quinn'])[1 + g % 8] || ' ' || md5(g::text)::varchar(8),
                'c' || g || '@bench.example', '+1415555' || lpad((g % 10000)::text, 4, '0'),
                case when g % 2 = 0 then 'customer' when g % 5 = 1 then 'unknown' else 'lead' end,
                (array['web', 'referral', 'phone', 'email', 'trade show', null])[1 + g % 6],
                ${pick('u.a', 'g')}, case when g % 4 <> 0 then ${pick('co.a', 'g')} end
         from generate_series(1, $2::int) g cross join (select ${ids('users')} as a) u cross join (select ${ids('companies')} as a) co`,
        [contacts],
      );
      await run(
        `insert into pipelines (id, created_at, updated_at, organization_id, name, is_default) values (gen_random_uuid(), now(), now(), $1::uuid, 'Sales', true)`,
      );
      await run(
        `insert into pipeline_stages (id, created_at, updated_at, organization_id, pipeline_id, name, position, probability, is_won, is_lost)
         select gen_random_uuid(), now(), now(), $1::uuid, p.id, s.name, s.pos, s.prob, s.name = 'Won', s.name = 'Lost'
         from pipelines p cross join (values ('Prospecting', 0, 10), ('Qualified', 1, 25), ('Proposal', 2, 50), ('Won', 3, 100), ('Lost', 4, 0)) s(name, pos, prob)
         where p.organization_id = $1::uuid`,
      );
      // Opportunity g belongs to contact 2g (of the contacts in id order): half of the contacts have one.
      await run(
        `insert into opportunities (id, created_at, updated_at, organization_id, name, pipeline_id, stage_id, owner_id, contact_id, company_id, value, probability, expected_close_date, status, stage_entered_at)
         select gen_random_uuid(), now() - (g || ' minutes')::interval, now(), $1::uuid, 'Deal ' || g, (select id from pipelines where organization_id = $1::uuid),
                ${pick('st.a', 'g')}, ${pick('u.a', 'g')}, c.a[2 * g], ${pick('co.a', 'g')}, 500 + g % 20000, 10 + g % 80, date '2027-01-01', 'open', now()
         from generate_series(1, $2::int) g
         cross join (select array_agg(id order by position) as a from pipeline_stages where organization_id = $1::uuid and not is_won and not is_lost) st
         cross join (select ${ids('users')} as a) u cross join (select ${ids('companies')} as a) co cross join (select ${ids('contacts')} as a) c`,
        [Math.floor(contacts / 2)],
      );
      await run(
        `insert into activities (id, organization_id, contact_id, type, direction, occurred_at, source, author_id, created_at, updated_at)
         select gen_random_uuid(), $1::uuid, ${pick('c.a', 'g')}, (array['call', 'email', 'sms', 'meeting'])[1 + g % 4], (array['inbound', 'outbound'])[1 + g % 2],
                timestamptz '2025-01-01' + (g * interval '1 minute'), 'user', ${pick('u.a', 'g')}, now(), now()
         from generate_series(1, $2::int) g cross join (select ${ids('contacts')} as a) c cross join (select ${ids('users')} as a) u`,
        [contacts * 2],
      );
    }
    await c.query(`vacuum analyze`);
    await c.query(`create table if not exists bench_http_seed (contacts int not null)`);
    await c.query(`delete from bench_http_seed`);
    await c.query(`insert into bench_http_seed (contacts) values ($1)`, [contacts]);
  } finally {
    await c.end();
  }
  return (Date.now() - t0) / 1000;
}
