/**
 * Seeds bench/search.bench.ts with generate_series SQL only: per organization `contacts` contacts named from 60
 * first names and 1,600 last names (40 stems x 40 endings: "Hendricks", "Hendrix", "Hollister", ...), with emails;
 * a third of them leads (with their lead rows), a fifth customers (with customer rows and two orders each), a
 * company per 10 contacts, an opportunity per 10 and an inventory item per 100, named from the same words.
 */
import type { Run } from './analytics-seed';

const FIRST = `array['Dana','Sam','Pat','Lee','Jo','Alex','Chris','Jamie','Morgan','Taylor','Jordan','Casey','Riley','Avery','Quinn',
  'Maria','Ken','Priya','Luis','Ana','Omar','Mei','Ivan','Noor','Eli','Zoe','Ben','Ada','Raj','Tom','Kim','Ray','Sue','Max','Ivy',
  'Leo','Mia','Hugo','Nina','Owen','Ruth','Saul','Tess','Umar','Vera','Wes','Xena','Yuri','Zack','Abe','Bea','Cal','Dee','Ed','Flo',
  'Gus','Hal','Ida','Jay','Kai']`;
const STEM = `array['Hend','Holl','Mart','Sand','Fitz','Wood','Bark','Carr','Dunn','Ell','Fair','Gold','Hart','Ire','Jenk','Kell',
  'Lang','Mor','Nash','Oak','Penn','Quil','Rob','Stan','Thorn','Upt','Vaugh','Wal','York','Zell','Ash','Brook','Cliff','Dal','Elm',
  'Ford','Glen','Hill','Ing','Kirk']`;
const END = `array['ricks','rix','ister','inez','erson','gerald','ward','ley','ton','ison','child','man','well','land','ins','y',
  'ridge','sen','berg','stein','ford','wick','more','by','son','field','bury','ham','worth','dale','ock','ers','es','er','ing','ett',
  'ow','ard','en','ick']`;
const name = (g: string) => `(${STEM})[1 + (${g} / 60) % 40] || (${END})[1 + (${g} / 2400) % 40]`;
const fullName = (g: string) => `(${FIRST})[1 + ${g} % 60] || ' ' || ${name(g)}`;

export async function seedSearch(run: Run, org: string, contacts: number): Promise<void> {
  const b = { org, contacts };
  await run(
    `insert into contacts (id, created_at, updated_at, organization_id, name, email, phone, status)
    select gen_random_uuid(), now(), now(), :org, ${fullName('g')}, 'c' || g || '@' || lower(${name('g')}) || '.example', '+1512' || lpad(g::text, 7, '0'),
           case when g % 5 = 0 then 'customer' when g % 3 = 0 then 'lead' else 'unknown' end
    from generate_series(1, :contacts) g`,
    b,
  );
  await run(
    `insert into leads (id, created_at, updated_at, organization_id, contact_id, status)
    select gen_random_uuid(), now(), now(), :org, id, 'new' from contacts where organization_id = :org and status = 'lead'`,
    b,
  );
  await run(
    `insert into customers (id, created_at, updated_at, organization_id, contact_id, lifetime_order_value)
    select gen_random_uuid(), now(), now(), :org, id, 0 from contacts where organization_id = :org and status = 'customer'`,
    b,
  );
  await run(
    `insert into rental_orders (id, created_at, updated_at, organization_id, customer_id, order_date, pickup_date, return_date, rental_days, status, subtotal, tax_rate, tax, total, currency)
    select gen_random_uuid(), now(), now(), :org, c.id, date '2026-01-01' + k * 30, date '2026-01-02' + k * 30, date '2026-01-05' + k * 30, 4, 'pending', 400, 0, 0, 400, 'USD'
    from customers c cross join generate_series(0, 1) k where c.organization_id = :org`,
    b,
  );
  await run(
    `insert into companies (id, created_at, updated_at, organization_id, name, industry, service_areas)
    select gen_random_uuid(), now(), now(), :org, ${name('g')} || ' ' || (array['Builders','Excavating','Roofing','Events','Rentals'])[1 + g % 5] || ' ' || g, 'Construction', '[]'
    from generate_series(1, :contacts / 10) g`,
    b,
  );
  await run(
    `insert into inventory_items (id, created_at, updated_at, organization_id, name, item_number, category, daily_rate, quantity_owned, specifications)
    select gen_random_uuid(), now(), now(), :org, (array['Excavator','Boom lift','Scissor lift','Generator','Compactor'])[1 + g % 5] || ' ' || g, 'IT-' || g, 'Category ' || g % 9, 100, 2, '{}'
    from generate_series(1, :contacts / 100) g`,
    b,
  );
  await run(
    `insert into pipelines (id, created_at, updated_at, organization_id, name, is_default) values (gen_random_uuid(), now(), now(), :org, 'Bench search', false)`,
    b,
  );
  await run(
    `insert into pipeline_stages (id, created_at, updated_at, organization_id, pipeline_id, name, position, probability)
    select gen_random_uuid(), now(), now(), :org, id, 'Prospecting', 0, 10 from pipelines where organization_id = :org and name = 'Bench search'`,
    b,
  );
  await run(
    `insert into opportunities (id, created_at, updated_at, organization_id, name, pipeline_id, stage_id, value, probability, status, stage_entered_at)
    select gen_random_uuid(), now(), now(), :org, ${name('g * 7')} || ': ' || (array['foundation dig','site prep','festival power','roof job'])[1 + g % 4], s.pipeline_id, s.id, 1000, 10, 'open', now()
    from generate_series(1, :contacts / 10) g cross join (select s.id, s.pipeline_id from pipeline_stages s join pipelines p on p.id = s.pipeline_id where p.organization_id = :org and p.name = 'Bench search') s`,
    b,
  );
}
