/**
 * The direct path of the streamed exports (rest-adapter/list-export.ts, src/graphql/plain-fields.ts): a list whose
 * columns are all plain fields is written without running its GraphQL operation per batch. Generated over every
 * export row of the REST table: each list's CSV through the direct path (where it applies) is the CSV of the
 * GraphQL path byte for byte, on an organization with a record of every kind, a few hundred contacts with nulls,
 * dates, every status and cells a spreadsheet would run as formulas, and another organization's rows beside them.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import { getNamedType, type GraphQLObjectType } from 'graphql';
import { Client } from 'pg';
import { parse } from 'csv-parse/sync';
import { directColumns } from '../rest-adapter/list-export';
import { listExporter } from '../rest-adapter/list-export-route';
import { buildExecutableSchema, compileRoutes } from '../src/composition';
import { plainField } from '../src/graphql/plain-fields';
import { EXPORT_SUFFIX, type ListExporter } from '../src/http/list-export-rows';
import { Role } from '../src/lib/role';
import { Contact } from '../src/modules/crm/contacts/contact.entity';
import { jsonbObjectText } from '../src/db/json-sql';
import { formatMoney } from '../src/lib/money';
import { beforeOrganizationToday } from '../src/db/organization-day';
import { knownTimezone, localDate } from '../src/lib/calendar-days';
import { RENTAL_ORDER_CELLS } from '../src/modules/rental/orders/rental-order.cells';
import { populateOrganization } from './support/fixtures';
import { createTestApp, type Registered, type TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
let b: Registered;
let sqlLines: ListExporter;
let direct: ListExporter;
let graphql: ListExporter;
let schemaRoutes: Awaited<ReturnType<typeof compileRoutes>>;
/** The path each list's export took through `sqlLines`. */
const paths = new Map<string, string>();
/** The rows the database left to JavaScript in each list's last export through `sqlLines`. */
const fellBack = new Map<string, number>();
const CONTACTS = 250; // three batches of EXPORT_BATCH_ROWS (100), the last one partial

/** jsonb texts: the first five flat objects the database writes as JSON.stringify does, the rest only the direct path. */
const SPECIFICATIONS = [
  '{}',
  '{"liftHeight": "26 ft", "weightLbs": 3060, "electric": true, "notes": null, "tare": -12.5}',
  '{"quote": "say \\"hi\\"", "lines": "a\\nb\\tc\\u0001", "unicode": "Größe ☃ \\u2028", "=x": "=SUM(1)", "b": 1, "aa": 2}',
  '{"max": 123456789012345, "small": 0.000001, "neg": -0.5}',
  '{"exp": 1e3}', // the server keeps 1000
  // nested values, array-index keys, numbers JavaScript writes otherwise: each row left to the direct path
  '{"dims": {"w": 1, "h": 2}}',
  '{"sizes": [1, 2]}',
  '{"b": 1, "10": 2, "2": 3}',
  '{"price": 12.50}',
  '{"big": 1234567890123456789}',
  '{"tiny": 0.0000001}',
];

/** Contacts with every status, nulls, dates and formula cells (t.sql binds its parameters in order of appearance). */
async function seedContacts(organizationId: string, rows: number, prefix: string) {
  await t.sql(
    `insert into contacts (id, organization_id, name, email, phone, status, city, state, zip_code, source,
       last_contacted_at, superseded_reason, created_at, updated_at)
     select gen_random_uuid(), $1,
       case n % 7 when 0 then '=HYPERLINK("x")' when 1 then '+1 ' || n when 2 then '-' || n when 3 then '@a' || n
         else $2 || ' "' || n || '", x' end,
       case when n % 4 = 0 then null else lower(replace($3, ' ', '')) || n || '@direct.example' end,
       case when n % 5 = 0 then null else '+1512555' || lpad(n::text, 4, '0') end,
       (array['unknown','lead','customer'])[1 + n % 3]::text,
       case when n % 6 = 0 then null else ' Austin' end, 'TX', '787' || lpad((n % 100)::text, 2, '0'),
       case when n % 3 = 0 then '=cmd|' || n else E'line\\nbreak' end,
       case when n % 2 = 0 then null else now() - n * interval '1 day 1.5 seconds' end,
       null, now() - n * interval '1 second', now()
     from generate_series(1, $4::int) n`,
    [organizationId, prefix, prefix, rows],
  );
}

/**
 * Values of the columns the list rows give in SQL (RouteRow `exportCells`) and of the floating-point columns: service
 * areas and attachments with formula cells, quotes, commas and non-ASCII text, JSON nulls and missing members,
 * ratings and sentiment scores JavaScript writes plainly and one each it writes with an exponent (that row is left to
 * JavaScript), and two contacts merged into a customer's contact at the same instant (their order: by id).
 * Opportunity lines (several, two at one position, money with trailing zeros, formula and quoted descriptions, an
 * amount decimal.js rounds) on a stage with a quoted name; invoices of every status, sent ones due long ago, far ahead
 * and today (left to JavaScript), a seven-digit number, an overpaid balance, charges and a customer without email.
 */
async function seedGivenColumns(organizationId: string) {
  const one = (table: string) => `(select id from ${table} where organization_id = $1 order by created_at, id limit 1)`;
  // t.sql binds its parameters in order of appearance: the organization for each $1
  const sql = (text: string) => t.sql(text, Array<string>(text.split('$1').length - 1).fill(organizationId));
  await sql(
    `update companies set service_areas = '["=Austin", "Round \\"Rock\\"", "Größe, TX", " lead"]', rating = 4.7
     where id = ${one('companies')}`,
  );
  await sql(
    `insert into companies (id, organization_id, name, service_areas, rating, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Tiny rating', '[]', 1e-7, now(), now()),
            (gen_random_uuid(), $1, 'No rating', '["x"]', null, now(), now())`,
  );
  await sql(
    `update activities set sentiment_score = -0.35,
       attachments = '[{"filename": "=bid, \\"v2\\".pdf", "contentType": null, "size": 1234}, {"filename": "plan é.png", "extra": 1}]'
     where id = ${one('activities')}`,
  );
  await sql(
    `insert into activities (id, organization_id, contact_id, type, direction, occurred_at, subject, source,
       sentiment_score, attachments, created_at, updated_at)
     select gen_random_uuid(), $1, c.id, 'email', 'inbound', now(), s.subject, 'user', s.score, s.attachments::jsonb, now(), now()
     from ${one('contacts')} c(id),
       (values ('empty', 0.1::float8, '[]'), ('tiny', 1e-7, null), ('whole', 1, '[{"filename": "a", "size": 0}]')) s(subject, score, attachments)`,
  );
  await sql(
    `insert into contacts (id, organization_id, name, status, superseded_by_id, created_at, updated_at)
     select gen_random_uuid(), $1, 'Merged ' || n, 'customer', c.contact_id, '2026-01-01T00:00:00Z', now()
     from (select contact_id from customers where id = ${one('customers')}) c, generate_series(1, 2) n`,
  );
  await sql(
    `update pipeline_stages set name = '=Won, "v2"', probability = 35
     where id = (select stage_id from opportunities where id = ${one('opportunities')})`,
  );
  // two open deals beside the fixtures' (in SQL: no request leaves work behind it), one with a line decimal.js rounds
  await sql(
    `insert into opportunities (id, organization_id, name, pipeline_id, stage_id, value, probability, status,
       stage_entered_at, created_at, updated_at)
     select gen_random_uuid(), $1, n.name, o.pipeline_id, o.stage_id, 0, o.probability, 'open', now(), now(), now()
     from (select * from opportunities where organization_id = $1 and status = 'open' order by created_at, id limit 1) o,
       (values ('Rounded'), ('No lines')) n(name)`,
  );
  await sql(
    `insert into opportunity_lines (id, organization_id, opportunity_id, item_id, position, description, quantity,
       unit_price, created_at, updated_at)
     select gen_random_uuid(), $1::uuid, o.id, case when l.item then ${one('inventory_items')} end, l.position,
       l.description, l.quantity, l.price, now(), now()
     from ${one('opportunities')} o(id),
       (values (3, '=SUM("a, b")', 3, 12.50, false), (1, 'tie, "one"', 7, 0.10, false), (1, 'tie two', 2, 1000.00, true),
         (2, null, 1, 0.00, true), (0, '-5 off', 100000, 9999999999.99, false)) l(position, description, quantity, price, item)
     union all select gen_random_uuid(), $1, o.id, null, 0, 'decimal.js rounds it', 2147483647, 999999999999.99, now(), now()
     from opportunities o where o.organization_id = $1 and o.name = 'Rounded'`,
  );
  const [customer] = await sql(
    `with c as (insert into contacts (id, organization_id, name, status, created_at, updated_at)
       values (gen_random_uuid(), $1, '=Doe, "Jr"', 'customer', now(), now()) returning id)
     insert into customers (id, organization_id, contact_id, created_at, updated_at)
     select gen_random_uuid(), $1, c.id, now(), now() from c returning id`,
  );
  await t.sql(
    `insert into invoices (id, organization_id, order_id, customer_id, number, issue_date, due_date, status, subtotal,
       tax, total, amount_paid, currency, charges_total, charges, created_at, updated_at)
     select gen_random_uuid(), i.organization_id, i.order_id, $1, s.number, i.issue_date, current_date + s.due,
       s.status, 100.50, 0, s.total, s.paid, i.currency, 0, s.charges::jsonb, now(), now()
     from (select * from invoices where organization_id = $2 order by created_at, id limit 1) i,
       (values (1234567, 0, 'draft', 100.50, 0.00, '[]'), (901, -40, 'sent', 100.50, 0.50, $3),
         (902, 40, 'sent', 10.00, 12.25, '[]'), (903, 0, 'sent', 1.00, 0, '[]'), (904, -400, 'paid', 5.10, 5.10, '[]'),
         (905, -400, 'void', 0.00, 0.00, '[{"chargeId": 42, "kind": "late", "description": "numeric id", "amount": "1.00"}]'))
       s(number, due, status, total, paid, charges)`,
    [
      customer.id,
      organizationId,
      JSON.stringify([
        { chargeId: randomUUID(), kind: 'damage', description: '=Dent, "left" door', amount: '250.00' },
        { kind: 'late', chargeId: randomUUID(), description: 'Größe \n1', amount: '0.50', extra: true },
      ]),
    ],
  );
}

/** Pricing rules as an order line names them (a priced line keeps them in its row). */
const RULE = (kind: string, name: string) => ({ id: randomUUID(), name, kind });
const WEEKEND = RULE('weekend', 'Weekend "deal", =x');
/** An order's notes naming it, the UTC day its return date is off by, its fulfillment and status. */
const OVERDUE_ORDERS: Array<[notes: string, days: number, fulfillment: string, status: string]> = [
  ['Order late', -10, 'out', 'pending'],
  ['Order yesterday', -1, 'partially_out', 'pending'],
  ['Order today', 0, 'partially_returned', 'pending'],
  ['Order ahead', 10, 'out', 'pending'],
  ['Order done late', -10, 'out', 'completed'],
];

/**
 * The rental orders' columns the list row gives in SQL (rental-order.cells.ts): the first order with three more lines
 * (two at one position: then by id) priced by rules (a weekend period whose rule's name has quotes, a comma and a
 * formula start, volume and customer discounts, a minimum period), a period with a null rule and one with no `rule`,
 * item names a spreadsheet would run, a tax rate and none; its customer's contact named as a formula, with no email.
 * The second order's breakdown holds a number for a rate (JavaScript writes that row). Orders overdue or not around
 * the UTC day (the organization's is Chicago's), with deposits held (one negative) and due (one none).
 */
async function seedOrderColumns(organizationId: string) {
  const nth = (n: number) =>
    `(select id from rental_orders where organization_id = '${organizationId}' order by created_at, id offset ${n} limit 1)`;
  await t.sql(
    `update contacts set name = '=Acme, "Rentals"', email = null
     where id = (select cu.contact_id from customers cu join rental_orders o on o.customer_id = cu.id where o.id = ${nth(0)})`,
  );
  const line = (
    position: number,
    name: string,
    breakdown: unknown,
    discounts: unknown,
    minimum: string | null,
    taxRate: string | null,
  ) => [position, name, JSON.stringify(breakdown), JSON.stringify(discounts), minimum, taxRate];
  const period = (p: string, count: number, days: number, rate: string | number, rule?: object | null) => ({
    period: p,
    count,
    days,
    rate,
    amount: typeof rate === 'number' ? String(rate * count) : rate,
    ...(rule === undefined ? {} : { rule }),
  });
  const lines = [
    [
      nth(0),
      ...line(
        1,
        '=SUM(1,2) "lift"',
        [period('week', 1, 7, '350.00', WEEKEND), period('day', 2, 2, '60.00', null)],
        [
          { rule: RULE('volume_discount', 'Volume, 10%'), percent: '10.00', amount: '94.00' },
          { rule: RULE('customer_discount', '+5 loyal'), percent: '5.00', amount: '42.30' },
        ],
        JSON.stringify({ days: 9, rule: RULE('minimum_period', '-Min 9 days') }),
        '8.250',
      ),
    ],
    [nth(0), ...line(1, 'Größe\nline, two', [period('day', 3, 3, '10.00')], [], null, null)],
    [nth(0), ...line(2, '@scissor', [], [], 'null', '0.000')],
    [nth(1), ...line(5, 'Numbered rate', [period('day', 2, 2, 12.5)], [], null, null)],
  ];
  for (const [order, position, name, breakdown, discounts, minimum, taxRate] of lines)
    await t.sql(
      `insert into rental_order_lines (id, organization_id, order_id, item_id, position, item_number, item_name,
         quantity, quantity_out, quantity_returned, days, billed_days, breakdown, discounts, minimum, unit_price,
         amount, tax_rate, created_at, updated_at)
       select gen_random_uuid(), o.organization_id, o.id, l.item_id, $1, '-7, "x"', $2, 2, 1, 0, 9, 9, $3::jsonb,
         $4::jsonb, $5::jsonb, 12.30, 24.60, $6::numeric, now(), now()
       from rental_orders o, (select item_id from rental_order_lines where order_id = ${order} limit 1) l
       where o.id = ${order}`,
      [position, name, breakdown, discounts, minimum, taxRate],
    );
  for (const [i, [notes, days, fulfillment, status]] of OVERDUE_ORDERS.entries())
    await t.sql(
      `insert into rental_orders (id, organization_id, customer_id, order_date, pickup_date, return_date, rental_days,
         status, fulfillment, subtotal, tax_rate, tax, total, currency, notes, deposit, deposit_collected,
         deposit_refunded, deposit_retained, created_at, updated_at)
       select gen_random_uuid(), o.organization_id, o.customer_id, d - 20, d - 20, d + $1::int, 21 + $2::int, $3, $4, 0, 0, 0,
         0, 'USD', $5, 100, $6::numeric, 0, $7::numeric, now(), now()
       from rental_orders o, (select (now() at time zone 'UTC')::date as d) today where o.id = ${nth(0)}`,
      [days, days, status, fulfillment, notes, 40 + 50 * i, i === 1 ? 95 : 15.5],
    );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Direct exports A');
  b = await t.registerOrg('Direct exports B');
  await populateOrganization(t, a);
  await seedContacts(a.organizationId, CONTACTS, 'Contact A');
  await seedContacts(b.organizationId, 30, 'Contact B');
  // a date the database does not write (year 10000): its line is null, so the direct path writes that row
  await t.sql(
    `insert into contacts (id, organization_id, name, status, last_contacted_at, created_at, updated_at)
     values (gen_random_uuid(), $1, 'Far Future', 'lead', '10000-01-01T00:00:00Z', now() - interval '1 hour', now())`,
    [a.organizationId],
  );
  // inventory specifications the database writes as JSON.stringify does, and ones it leaves to the direct path
  for (const [i, specifications] of SPECIFICATIONS.entries()) {
    const res = await a.agent
      .post('/api/inventory')
      .send({ name: `Spec item ${i}`, itemNumber: `SPEC-${i}`, dailyRate: '100.00', quantityOwned: 1 });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    await t.sql(`update inventory_items set specifications = $1::jsonb where id = $2`, [specifications, res.body.id]);
  }
  await seedGivenColumns(a.organizationId);
  await seedOrderColumns(a.organizationId);
  await b.agent.post('/api/tasks').send({ title: '=B task', priority: 'low' }).expect(201);
  await a.agent.post('/api/tasks').send({ title: '=SUM(1,2)', priority: 'high', description: '-1+2' }).expect(201);
  const schema = await buildExecutableSchema();
  schemaRoutes = compileRoutes(schema);
  sqlLines = listExporter(t.deps, schema, schemaRoutes, t.deps.logger, {
    sqlLines: true,
    taken: (path, list) => paths.set(list, path),
    fellBack: (rows, list) => fellBack.set(list, rows),
  });
  direct = listExporter(t.deps, schema, schemaRoutes, t.deps.logger, { sqlLines: false });
  graphql = listExporter(t.deps, schema, schemaRoutes, t.deps.logger, { direct: false });
}, 240_000);
afterAll(() => t.close());

async function csvOf(exporter: ListExporter, list: string, organization: Registered): Promise<string> {
  const principal = {
    userId: organization.userId,
    organizationId: organization.organizationId,
    role: Role.admin,
    email: organization.email,
  };
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (c: Buffer) => (text += c.toString()));
  await exporter.exportList(list, {}, principal, sink);
  return text;
}

/** A list's CSV with the lines written by the database, held equal to its CSV through the GraphQL path. */
async function sqlCsv(list: string): Promise<string> {
  const text = await csvOf(sqlLines, list, a);
  expect(text).toBe(await csvOf(graphql, list, a));
  return text;
}

const exportRows = () => schemaRoutes.filter((r) => r.row.export);

/**
 * `run` on a plain connection (the SQL may hold `?`, which the ORM's query builder would take for a placeholder), as
 * the tables' owner, in a transaction rolled back after it: what it changes only it sees.
 */
async function onPlainConnection<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    return await run(client);
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

describe('the direct path of the exports', () => {
  it('applies to the lists whose columns are all plain fields, the contacts among them', () => {
    const directLists = exportRows()
      .filter((r) => directColumns(r))
      .map((r) => r.row.path);
    expect(directLists).toContain(`/api/contacts${EXPORT_SUFFIX}`);
    // a list with a relation column (an object) is not direct
    expect(exportRows().filter((r) => !directColumns(r)).length).toBeGreaterThan(0);
  });

  it('writes, for every exportable list, the CSV the GraphQL path writes, byte for byte (lines by the database too)', async () => {
    for (const route of exportRows()) {
      const list = route.row.path.slice(0, -EXPORT_SUFFIX.length);
      const slow = await csvOf(graphql, list, a);
      expect({ list, csv: await csvOf(direct, list, a) }).toEqual({ list, csv: slow });
      expect({ list, csv: await csvOf(sqlLines, list, a) }).toEqual({ list, csv: slow });
      expect(slow.split('\r\n').length).toBeGreaterThan(2); // a header and rows: the comparison means something
    }
  });

  it('has the database write the lines of every list whose columns are plain or given in SQL, the others in JavaScript', () => {
    const sql = [...paths].filter(([, path]) => path === 'sql').map(([list]) => list);
    // every exportable list (test/list-export.spec.ts names the ten)
    expect(sql.sort()).toEqual(
      exportRows()
        .map((r) => r.row.path.slice(0, -EXPORT_SUFFIX.length))
        .sort(),
    );
  });

  it('writes the columns the list rows give in SQL as the GraphQL path does: lists, objects, nulls, merged contacts', async () => {
    const companies = await sqlCsv('/api/companies');
    expect(companies).toContain(String.raw`"[""=Austin"",""Round \""Rock\"""",""Größe, TX"","" lead""]"`);
    expect(companies).toContain(',4.7,');
    expect(companies).toContain(',1e-7,'); // written by JavaScript: PostgreSQL writes 1e-07
    expect(fellBack.get('/api/companies')).toBe(1);
    const activities = await sqlCsv('/api/activities');
    expect(activities).toContain(
      String.raw`"[{""filename"":""=bid, \""v2\"".pdf"",""contentType"":null,""size"":1234},{""filename"":""plan é.png"",""contentType"":null,""size"":null}]"`,
    );
    expect(activities).toContain(',[],');
    expect(activities).toContain(`,"[{""filename"":""a"",""contentType"":null,""size"":0}]",`);
    expect(activities).toMatch(/,-0\.35,/);
    expect(fellBack.get('/api/activities')).toBe(1); // the sentiment score 1e-7
    const customers = await sqlCsv('/api/customers');
    expect(customers).toMatch(/"\[""[0-9a-f-]{36}""(,""[0-9a-f-]{36}""){2,}\]"/); // its contact and those merged
    expect(fellBack.get('/api/customers')).toBe(0);
    expect(await sqlCsv('/api/leads')).toMatch(/,Company [a-z0-9]+,[0-9a-f-]{36},new,/); // its contact's company
  });

  it("writes the opportunities' stages and lines, the invoices' customers, statuses and charges as GraphQL does", async () => {
    const opportunities = await sqlCsv('/api/opportunities');
    expect(opportunities).toContain(
      String.raw`""name"":""=Won, \""v2\"""",""probability"":35,""isWon"":true,""isLost"":false}"`,
    );
    expect(opportunities).toContain(
      String.raw`""description"":""=SUM(\""a, b\"")"",""quantity"":3,""unitPrice"":""12.50"",""amount"":""37.50""}`,
    );
    expect(opportunities).toContain(`""description"":null,""quantity"":1,""unitPrice"":""0.00"",""amount"":""0.00""}`);
    expect(opportunities).toContain(`""unitPrice"":""9999999999.99"",""amount"":""999999999999000.00""}`);
    expect(opportunities).toMatch(/,\[\],[0-9a-f-]{36},/); // the deal without lines
    // more than decimal.js's 20 digits: JavaScript writes that row
    expect(opportunities).toContain(`""amount"":""${formatMoney(new Decimal('999999999999.99').times(2147483647))}""}`);
    expect(fellBack.get('/api/opportunities')).toBe(1); // that row only
    const invoices = await sqlCsv('/api/invoices');
    expect(invoices).toContain(',1234567,INV-1234567,');
    expect(invoices).toContain(String.raw`""name"":""=Doe, \""Jr\"""",""email"":null}"`);
    expect(invoices).toMatch(/,overdue,.*,100\.50,0\.50,100\.00,false,/);
    expect(invoices).toMatch(/,sent,.*,10\.00,12\.25,-2\.25,false,/);
    expect(invoices).toMatch(/,paid,.*,true,/);
    expect(invoices).toContain(String.raw`""description"":""=Dent, \""left\"" door"",""amount"":""250.00""}`);
    expect(invoices).toContain(String.raw`""description"":""Größe \n1"",""amount"":""0.50""}]"`);
    expect(invoices).toContain(`""chargeId"":""42""`); // the ID scalar's text of a number: JavaScript's
    // that one, and a sent invoice due today (on its organization's today, JavaScript's), are the rows left to it
    expect(fellBack.get('/api/invoices')).toBe(2);
  });

  it("writes the rental orders' customer, overdue, deposits and lines in SQL as GraphQL answers them", async () => {
    const csv = await csvOf(sqlLines, '/api/transactions', a);
    expect(csv).toBe(await csvOf(graphql, '/api/transactions', a));
    const orders = parse(csv, { columns: true }) as Array<Record<string, string>>;
    const byNotes = (notes: string) => orders.find((o) => o.notes === notes)!;
    expect([byNotes('Order late'), byNotes('Order ahead'), byNotes('Order done late')].map((o) => o.overdue)).toEqual([
      'true',
      'false',
      'false',
    ]);
    const deposits = (notes: string) => [byNotes(notes).depositHeld, byNotes(notes).depositDue];
    expect([deposits('Order late'), deposits('Order yesterday'), deposits('Order today')]).toEqual([
      ['24.50', '60.00'],
      ['-5.00', '10.00'],
      ['124.50', '0.00'],
    ]);
    expect(csv).toContain(String.raw`"name"":""=Acme, \""Rentals\"""",""email"":null}"`);
    const lines = orders.map((o) => JSON.parse(o.lines) as Array<Record<string, any>>);
    const priced = lines.find((l) => l.some((line) => line.itemName === '=SUM(1,2) "lift"'))!;
    expect(priced.map((line) => line.position)).toEqual([0, 1, 1, 2]); // the two at 1 by id
    expect(priced[1].id < priced[2].id).toBe(true);
    const first = priced.find((line) => line.itemName === '=SUM(1,2) "lift"')!;
    expect(first.breakdown.map((p: { rule: unknown }) => p.rule)).toEqual([WEEKEND, null]);
    expect(first.discounts.map((d: { percent: string }) => d.percent)).toEqual(['10.00', '5.00']);
    expect(first.minimum).toEqual({ days: 9, rule: expect.objectContaining({ name: '-Min 9 days' }) });
    expect(priced.map((line) => line.taxRate).slice(1)).toEqual(expect.arrayContaining(['8.250', null, '0.000']));
    expect(csv).toContain(String.raw`""itemName"":""Größe\nline, two""`);
    expect(csv).toContain(`""rate"":""12.5""`); // the number's row, written by JavaScript
    expect(lines.filter((l) => !l.length)).toHaveLength(OVERDUE_ORDERS.length);
  });

  it('has the database write every order but the one whose stored breakdown holds a number for a rate', async () => {
    const rows = await onPlainConnection(async (client) => {
      const cells = Object.entries(RENTAL_ORDER_CELLS).map(([name, cell]) => `(${cell as string}) as "${name}"`);
      const result = await client.query<Record<string, string | null>>(
        `select ${cells.join(', ')} from rental_orders r where r.organization_id = $1`,
        [a.organizationId],
      );
      return result.rows;
    });
    const refused = rows.filter((row) => Object.values(row).some((v) => v === null));
    expect({
      rows: rows.length,
      refused: refused.map((row) => Object.keys(row).filter((k) => row[k] === null)),
    }).toEqual({ rows: rows.length, refused: [['lines']] });
  });

  it("takes the organization's today as JavaScript does, or leaves the row to JavaScript", async () => {
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Chicago', 'Asia/Kolkata', 'UTC', null, ''];
    const unknown = ['utc', 'Not/A_Zone', 'EST5EDT'];
    const utc = Date.parse(new Date().toISOString().slice(0, 10));
    const days = [-3, -2, -1, 0, 1, 2].map((n) => new Date(utc + n * 86_400_000).toISOString().slice(0, 10));
    const answers = await onPlainConnection(async (client) => {
      const found: Array<[zone: string | null, day: string, sql: boolean | null, js: boolean]> = [];
      for (const zone of [...zones, ...unknown]) {
        await client.query('update organizations set timezone = $1 where id = $2', [zone, b.organizationId]);
        for (const day of days) {
          const { rows } = await client.query<{ before: boolean | null }>(
            `select ${beforeOrganizationToday('$1::date', '$2::uuid')} as before`,
            [day, b.organizationId],
          );
          found.push([zone, day, rows[0].before, day < localDate(knownTimezone(zone))]);
        }
      }
      return found;
    });
    // exact for every zone Intl and PostgreSQL both name; the others only outside the UTC day and the one before
    for (const [zone, day, sql, js] of answers)
      expect({ zone, day, sql }).toEqual({
        zone,
        day,
        sql: unknown.includes(zone!) && (day === days[2] || day === days[3]) ? null : js,
      });
  });

  it("refuses, so that JavaScript writes the row (and raises the list's error), a line GraphQL would not answer", async () => {
    // a null in a non-null member, a value its scalar or enum refuses or converts: each line's text null
    const broken: Array<[column: string, json: string]> = [
      ['breakdown', '[{"period": "day", "days": 1, "rate": "1", "amount": "1"}]'],
      ['breakdown', '[{"period": "hour", "count": 1, "days": 1, "rate": "1", "amount": "1"}]'],
      ['breakdown', '[{"period": "day", "count": 1.5, "days": 1, "rate": "1", "amount": "1"}]'],
      ['breakdown', '[null]'],
      ['breakdown', '{}'],
      ['discounts', '[{"rule": null, "percent": "1", "amount": "1"}]'],
      ['discounts', '[{"rule": {"id": "r", "name": "n", "kind": "bogus"}, "percent": "1", "amount": "1"}]'],
      ['minimum', '{"days": 2}'],
      ['minimum', '"2 days"'],
    ];
    const written = await onPlainConnection(async (client) => {
      const lines: Array<string | null> = [];
      for (const [column, json] of broken) {
        await client.query('savepoint broken');
        await client.query(
          `update rental_order_lines set ${column} = $1::jsonb where organization_id = $2 and item_name = '@scissor'`,
          [json, a.organizationId],
        );
        const { rows } = await client.query<{ lines: string | null }>(
          `select ${RENTAL_ORDER_CELLS.lines as string} as lines from rental_orders r
           where r.id = (select order_id from rental_order_lines where organization_id = $1 and item_name = '@scissor')`,
          [a.organizationId],
        );
        lines.push(rows[0].lines);
        await client.query('rollback to savepoint broken');
      }
      return lines;
    });
    expect(written).toEqual(broken.map(() => null));
  });

  it("writes a jsonb object as JSON.stringify writes the driver's value, or leaves it to the direct path", async () => {
    const written = await onPlainConnection(async (client) => {
      const texts: Array<boolean | null> = [];
      for (const spec of SPECIFICATIONS) {
        const { rows } = await client.query<{ value: object; json: string | null }>(
          `select v as value, ${jsonbObjectText('v')} as json from (select $1::jsonb as v) x`,
          [spec],
        );
        texts.push(rows[0].json === null ? null : rows[0].json === JSON.stringify(rows[0].value));
      }
      return texts;
    });
    expect(written).toEqual([true, true, true, true, true, null, null, null, null, null, null]);
  });

  it("holds the contacts' edge cases, and the organization's rows only", async () => {
    const csv = await csvOf(sqlLines, '/api/contacts', a);
    expect(csv).toBe(await csvOf(graphql, '/api/contacts', a));
    expect(csv).toContain(`,"'=HYPERLINK(""x"")",`); // formula cells escaped, then quoted
    expect(csv).toContain(",'=cmd|3,");
    expect(csv).toContain('"line\nbreak"');
    expect(csv).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/); // dates as the DateTimeISO scalar writes them
    expect(csv).toMatch(/,lead,/);
    expect(csv).toContain(",'+010000-01-01T00:00:00.000Z,"); // the row the database left to the direct path
    expect(csv).not.toContain('Contact B');
    expect(csv.split('\r\n').length).toBeGreaterThan(CONTACTS + 1);
    const theirs = await csvOf(direct, '/api/contacts', b);
    expect(theirs).toBe(await csvOf(graphql, '/api/contacts', b));
    expect(theirs).not.toContain('Contact A');
    expect((await csvOf(direct, '/api/tasks', b)).split('\r\n')).toHaveLength(3); // their one task
  });

  it('reads a plain field as graphql-js completes it: a null in a non-null field is an error', () => {
    const route = exportRows().find((r) => r.row.path === `/api/contacts${EXPORT_SUFFIX}`)!;
    const page = getNamedType(route.field.type) as GraphQLObjectType;
    const contact = getNamedType(page.getFields().data.type) as GraphQLObjectType;
    expect(() => plainField(contact, 'name')!.read({ name: null })).toThrow(TypeError);
    expect(() => plainField(contact, 'status')!.read({ status: 'nope' })).toThrow();
    expect(plainField(contact, 'email')!.read({ email: null })).toBeNull();
    expect(plainField(contact, 'lastContactedAt')!.read({ lastContactedAt: new Date(0) })).toBe(
      '1970-01-01T00:00:00.000Z',
    );
    // a getter (organizationId) is read on an instance of its class only, as type-graphql reads it
    expect(() => plainField(contact, 'organizationId')!.read({ organizationId: 'x' })).toThrow(TypeError);
    const row = Object.assign(Object.create(Contact.prototype) as Contact, { organization: { id: 'the-org' } });
    expect(plainField(contact, 'organizationId')!.read(row)).toBe('the-org');
  });
  it("leaves a row whose given column refuses to the GraphQL path, which fails the export with the list's own error", async () => {
    const c = await t.registerOrg('Direct exports C');
    const contact = await c.agent.post('/api/contacts').send({ name: 'Refusing contact' }).expect(201);
    // an attachment without its non-null filename: GraphQL answers an error for it, the SQL a null line
    await t.sql(
      `insert into activities (id, organization_id, contact_id, type, direction, occurred_at, source, attachments,
         created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'email', 'inbound', now(), 'webhook', '[{"size": 1}]', now(), now())`,
      [c.organizationId, contact.body.id],
    );
    const failure = (exporter: ListExporter) =>
      csvOf(exporter, '/api/activities', c).then(
        () => 'written',
        (e: Error) => e.message,
      );
    const viaGraphql = await failure(graphql);
    expect(viaGraphql).not.toBe('written');
    expect(await failure(sqlLines)).toBe(viaGraphql);
    expect(paths.get('/api/activities')).toBe('sql');
  });
  it("reads a row the database left to JavaScript with the exporting organization's access", async () => {
    // the exports above ran for organization A on the pool's connections, and CopyLines calls the fallback from the
    // connection's socket: without the export's own context, D's row would be read with A's row security, and lost
    const d = await t.registerOrg('Direct exports D');
    await d.agent.post('/api/companies').send({ name: 'Dana Rentals' }).expect(201);
    await t.sql(`update companies set rating = 1e-7 where organization_id = $1`, [d.organizationId]);
    const csv = await csvOf(sqlLines, '/api/companies', d);
    expect(fellBack.get('/api/companies')).toBe(1);
    expect(csv).toContain('Dana Rentals');
    expect(csv).toBe(await csvOf(graphql, '/api/companies', d));
  });
});
