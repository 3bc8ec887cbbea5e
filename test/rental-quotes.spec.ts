/**
 * Stored quotes (issue 30 parts 1-2; docs/rental.md, "Stored quotes" and "The customer's acceptance link"): several
 * lines priced by the order engine, versions with content hashes, conversion in one transaction that re-checks
 * availability (409 with alternatives), expiry in the organization's day, and the public signed acceptance link.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { addDays, todayIn } from '../src/lib/calendar-days';
import { canonicalContent } from '../src/modules/rental/quotes/quote-content';
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
let customer: Record<string, any>;
let gen: string; // 3 generators in bulk, 10.00/day
let lift: string; // 2 lifts by unit, 100.00/day
let alt: string; // another generator item (same category), 5 units
const today = () => todayIn('UTC');
const day = (n: number) => addDays(today(), n);

const create = (body: Record<string, unknown>) => org.agent.post('/api/rental-quotes').send(body);
const link = async (id: string) => {
  const res = await org.agent.post(`/api/rental-quotes/${id}/link`);
  expect(res.status).toBe(200);
  return res.body as { token: string; url: string; version: number; expiresOn: string };
};
const publicPost = (token: string) => request(t.http).post(`/quote-acceptance/${token}`);

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Quotes');
  other = await t.registerOrg('Quotes other');
  await org.agent.put('/api/settings/rental').send({ taxRate: '8.25' });
  customer = await newCustomer(org.agent, { name: 'Onion Creek Builders' });
  gen = await bulkItem(org, 'GEN', 3);
  alt = await bulkItem(org, 'GEN2', 5);
  for (const id of [gen, alt]) await org.agent.patch(`/api/inventory/${id}`).send({ category: 'Power' });
  lift = await unitItem(org, 'LIFT', 2);
}, 120_000);
afterAll(() => t?.close());

describe('stored quotes', () => {
  it('prices several lines (bulk and a named unit) like an order, stores them and hashes the version', async () => {
    const unitId = (await org.agent.get('/api/inventory-units').query({ itemId: lift })).body.data[0].id;
    const res = await create({
      customerId: customer.id,
      pickupDate: day(10),
      returnDate: day(16),
      deliveryMethod: 'delivery',
      deliveryAddress: '1200 Site Rd',
      lines: [
        { itemId: gen, quantity: 2 },
        { itemId: lift, unitId, quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    const q = res.body;
    expect(q).toMatchObject({
      status: 'draft',
      version: 1,
      expired: false,
      validUntil: day(30),
      total: q.current.total,
    });
    expect(q.current.lines.map((l: any) => [l.itemNumber, l.assetTag, l.quantity, l.amount])).toEqual([
      ['GEN', null, 2, '140.00'],
      ['LIFT', 'LIFT-1', 1, '700.00'],
    ]);
    expect(q.current).toMatchObject({
      subtotal: '840.00',
      taxRate: '8.250',
      tax: '69.30',
      total: '909.30',
      rentalDays: 7,
    });
    const stored = await t.sql<{ content_hash: string }>(
      'select content_hash from rental_quote_versions where id = $1',
      [q.current.id],
    );
    expect(stored[0].content_hash).toBe(q.current.contentHash);
    expect(q.current.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what an order refuses, naming the field: bad days, a past validity, a unit of another item, a delivery without an address', async () => {
    const unitId = (await org.agent.get('/api/inventory-units').query({ itemId: lift })).body.data[0].id;
    const res = await create({
      customerId: customer.id,
      pickupDate: day(5),
      returnDate: day(6),
      validUntil: day(-1),
      deliveryMethod: 'delivery',
      lines: [{ itemId: lift, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: any) => d.field).sort()).toEqual(['deliveryAddress', 'validUntil']);
    const wrongUnit = await create({
      customerId: customer.id,
      pickupDate: day(5),
      returnDate: day(6),
      lines: [{ itemId: gen, unitId, quantity: 1 }],
    });
    expect(wrongUnit.status).toBe(400);
    expect(wrongUnit.body.details).toEqual([{ field: 'lines.0.unitId', message: 'not a unit of GEN' }]);
    const foreign = await other.agent
      .post('/api/rental-quotes')
      .send({ customerId: customer.id, pickupDate: day(5), returnDate: day(6), lines: [{ itemId: gen, quantity: 1 }] });
    expect(foreign.status).toBe(404);
  });

  it('a change is a new version; the versions list keeps each with its own hash; another organization gets 404', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(20),
        returnDate: day(21),
        lines: [{ itemId: gen, quantity: 1 }],
      })
    ).body;
    const v2 = await org.agent.patch(`/api/rental-quotes/${q.id}`).send({ returnDate: day(22), notes: 'One more day' });
    expect(v2.status).toBe(200);
    expect(v2.body).toMatchObject({ version: 2, current: { version: 2, rentalDays: 3, notes: 'One more day' } });
    expect(v2.body.current.lines[0]).toMatchObject({ itemId: gen, quantity: 1, amount: '30.00' });
    const versions = await org.agent.get(`/api/rental-quotes/${q.id}/versions`);
    expect(versions.body.map((v: any) => [v.version, v.rentalDays])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    expect(versions.body[0].contentHash).not.toBe(versions.body[1].contentHash);
    for (const path of [`/api/rental-quotes/${q.id}`, `/api/rental-quotes/${q.id}/versions`])
      expect((await other.agent.get(path)).status).toBe(404);
    expect((await other.agent.patch(`/api/rental-quotes/${q.id}`).send({ notes: 'x' })).status).toBe(404);
  });

  it('converts in one transaction through the order service; a second conversion is a 409', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(40),
        returnDate: day(41),
        lines: [{ itemId: gen, quantity: 3 }],
      })
    ).body;
    const res = await org.agent.post(`/api/rental-quotes/${q.id}/convert`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'converted', orderId: expect.any(String) });
    const tx = (await org.agent.get(`/api/transactions/${res.body.orderId}`)).body;
    expect(tx).toMatchObject({ customerId: customer.id, pickupDate: day(40), returnDate: day(41), total: q.total });
    expect(tx.notes).toContain(`From quote ${q.id}, version 1.`);
    expect((await org.agent.post(`/api/rental-quotes/${q.id}/convert`)).status).toBe(409);
    expect((await org.agent.post(`/api/rental-quotes/${q.id}/decline`)).status).toBe(409);
  });

  it('409 naming what is no longer available, with free items of the same category; nothing is written', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(50),
        returnDate: day(52),
        lines: [{ itemId: gen, quantity: 2 }],
      })
    ).body;
    await order(org, customer.id, [{ itemId: gen, quantity: 2 }], day(51), day(51));
    const before = await t.sql('select count(*)::int as n from rental_orders where organization_id = $1', [
      org.organizationId,
    ]);
    const res = await org.agent.post(`/api/rental-quotes/${q.id}/convert`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('GEN (Bulk GEN): 2 wanted, only 1 available on');
    expect(res.body.details).toContainEqual({
      field: 'lines.0.alternatives',
      message: `GEN2 (Bulk GEN2): 5 available (itemId ${alt})`,
    });
    expect(
      await t.sql('select count(*)::int as n from rental_orders where organization_id = $1', [org.organizationId]),
    ).toEqual(before);
    expect((await org.agent.get(`/api/rental-quotes/${q.id}`)).body.status).toBe('draft');
  });

  it("expires after its validity date in the organization's day: listed as expired, not convertible, not linkable", async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(60),
        returnDate: day(61),
        validUntil: today(),
        lines: [{ itemId: gen, quantity: 1 }],
      })
    ).body;
    const { token } = await link(q.id);
    await t.sql('update rental_quotes set valid_until = $1 where id = $2', [day(-1), q.id]);
    await t.sql('update rental_quote_versions set valid_until = $1 where quote_id = $2', [day(-1), q.id]);
    const got = (await org.agent.get(`/api/rental-quotes/${q.id}`)).body;
    expect(got).toMatchObject({ status: 'sent', expired: true });
    const expired = (await org.agent.get('/api/rental-quotes').query({ expired: true })).body.data.map(
      (r: any) => r.id,
    );
    expect(expired).toEqual([q.id]);
    const convert = await org.agent.post(`/api/rental-quotes/${q.id}/convert`);
    expect(convert.status).toBe(409);
    expect(convert.body.message).toContain('expired');
    expect((await org.agent.post(`/api/rental-quotes/${q.id}/link`)).status).toBe(409);
    const accept = await publicPost(token).send({ name: 'Late Larry', consent: true });
    expect(accept.status).toBe(409);
    const pageRes = await request(t.http).get(`/quote-acceptance/${token}`);
    expect(pageRes.text).toContain('This quote expired');
    expect(pageRes.text).not.toContain('<form');
  });

  it('lists with filters and sort; a declined quote is final', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(70),
        returnDate: day(71),
        lines: [{ itemId: gen, quantity: 1 }],
      })
    ).body;
    const declined = await org.agent.post(`/api/rental-quotes/${q.id}/decline`);
    expect(declined.body).toMatchObject({ status: 'declined', declinedAt: expect.any(String) });
    const list = await org.agent.get('/api/rental-quotes').query({ status: 'declined' });
    expect(list.body.data.map((r: any) => r.id)).toEqual([q.id]);
    const byTotal = await org.agent
      .get('/api/rental-quotes')
      .query({ sortBy: 'total', sortOrder: 'desc', customerId: customer.id });
    const totals = byTotal.body.data.map((r: any) => Number(r.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((await org.agent.get('/api/rental-quotes').query({ sortBy: 'nope' })).status).toBe(400);
    expect((await org.agent.patch(`/api/rental-quotes/${q.id}`).send({ notes: 'again' })).status).toBe(409);
  });
});

describe('the acceptance link', () => {
  it('shows a printable page without an account; acceptance records who, when, from where and the hash, and reserves', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(80),
        returnDate: day(82),
        lines: [
          { itemId: gen, quantity: 1 },
          { itemId: alt, quantity: 2 },
        ],
      })
    ).body;
    const l = await link(q.id);
    expect(l.url).toMatch(new RegExp(`/quote-acceptance/${l.token.replace(/[.]/g, '\\.')}$`));
    expect((await org.agent.get(`/api/rental-quotes/${q.id}`)).body.status).toBe('sent');
    const page = await request(t.http).get(`/quote-acceptance/${l.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Onion Creek Builders');
    expect(page.text).toContain('Bulk GEN2');
    expect(page.text).toContain(q.current.total);
    expect(page.text).toContain('<form method="post"');
    expect(page.text).not.toContain('<script');

    const missing = await publicPost(l.token).send({ name: ' ', consent: false });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: any) => d.field)).toEqual(['name', 'consent']);

    const res = await publicPost(l.token)
      .set('User-Agent', 'QuoteTest/1.0')
      .send({ name: 'Dana Builder', consent: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: q.id, status: 'accepted', transactionId: expect.any(String) });
    const got = (await org.agent.get(`/api/rental-quotes/${q.id}`)).body;
    const lines = await t.sql<any>('select * from rental_quote_lines where version_id = $1', [q.current.id]);
    expect(lines).toHaveLength(2);
    expect(got.acceptance).toMatchObject({
      version: 1,
      versionId: q.current.id,
      name: 'Dana Builder',
      consent: true,
      ip: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: 'QuoteTest/1.0',
      contentHash: q.current.contentHash,
    });
    const tx = (await org.agent.get(`/api/transactions/${got.orderId}`)).body;
    expect(tx).toMatchObject({ status: 'pending', total: q.current.total, createdById: org.userId });
    const events = await t.sql<any>(
      `select payload from outbox_events where organization_id = $1 and event = 'quote.accepted'`,
      [org.organizationId],
    );
    expect(events.map((e) => e.payload.data)).toContainEqual(
      expect.objectContaining({ id: q.id, transactionId: got.orderId, acceptedBy: 'Dana Builder' }),
    );
    const again = await publicPost(l.token).send({ name: 'Dana Builder', consent: true });
    expect(again.status).toBe(409);
  });

  it('the content hash is sha256 of the canonical JSON of the version', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(90),
        returnDate: day(90),
        lines: [{ itemId: gen, quantity: 1 }],
      })
    ).body;
    const v = q.current;
    const json = JSON.stringify(
      canonicalContent(
        customer.id,
        { ...v, quote: { id: q.id } } as never,
        v.lines.map((l: any) => ({ ...l, item: { id: l.itemId }, unit: null })) as never,
      ),
    );
    expect(createHash('sha256').update(json).digest('hex')).toBe(v.contentHash);
    expect(JSON.parse(json)).toMatchObject({
      quoteId: q.id,
      version: 1,
      total: v.total,
      lines: [{ itemId: gen, amount: '10.00' }],
    });
  });

  it('a form post accepts with an HTML answer; an older version’s link says so and cannot accept', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(100),
        returnDate: day(101),
        lines: [{ itemId: gen, quantity: 1 }],
      })
    ).body;
    const old = await link(q.id);
    await org.agent.patch(`/api/rental-quotes/${q.id}`).send({ lines: [{ itemId: gen, quantity: 2 }] });
    const stale = await request(t.http).get(`/quote-acceptance/${old.token}`);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain('This link is for version 1; the quote has changed since (version 2 is current)');
    expect(stale.text).not.toContain('<form');
    const refused = await publicPost(old.token).type('form').send({ name: 'Dana', consent: 'yes' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('version 2 is current');

    const fresh = await link(q.id);
    const noConsent = await publicPost(fresh.token).type('form').send({ name: 'Dana' });
    expect(noConsent.status).toBe(400);
    expect(noConsent.text).toContain('Tick the box');
    const ok = await publicPost(fresh.token).type('form').send({ name: 'Dana', consent: 'yes' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('is accepted and the equipment is reserved');
    expect((await org.agent.get(`/api/rental-quotes/${q.id}`)).body.acceptance.version).toBe(2);
  });

  it('a changed or foreign token is not found; acceptance when no longer available is a 409 and books nothing', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(110),
        returnDate: day(110),
        lines: [{ itemId: gen, quantity: 3 }],
      })
    ).body;
    const l = await link(q.id);
    const [payload, sig] = l.token.split('.');
    const forged = `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [
      forged,
      'x',
      `${payload}`,
      `${Buffer.from(`${other.organizationId}.${q.current.id}.${day(30)}`).toString('base64url')}.${sig}`,
    ]) {
      const res = await request(t.http).get(`/quote-acceptance/${token}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('This quote link is not valid');
      expect((await publicPost(token).send({ name: 'X', consent: true })).status).toBe(404);
    }
    await order(org, customer.id, [{ itemId: gen, quantity: 1 }], day(110), day(110));
    const res = await publicPost(l.token).send({ name: 'Dana', consent: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Not enough units available');
    const form = await publicPost(l.token).type('form').send({ name: 'Dana', consent: 'yes' });
    expect(form.status).toBe(409);
    expect(form.text).toContain('This quote cannot be accepted');
    expect((await org.agent.get(`/api/rental-quotes/${q.id}`)).body).toMatchObject({
      status: 'sent',
      acceptance: null,
    });
  });

  it('an acceptance and a conversion at once: the quote row lock lets one through, one order is booked', async () => {
    const q = (
      await create({
        customerId: customer.id,
        pickupDate: day(120),
        returnDate: day(121),
        lines: [{ itemId: alt, quantity: 1 }],
      })
    ).body;
    const l = await link(q.id);
    const count = async () =>
      (
        await t.sql<{ n: number }>(`select count(*)::int as n from rental_orders where notes like $1`, [
          `From quote ${q.id}%`,
        ])
      )[0].n;
    const [accepted, converted] = await Promise.all([
      publicPost(l.token).send({ name: 'Racer', consent: true }),
      org.agent.post(`/api/rental-quotes/${q.id}/convert`),
    ]);
    expect([accepted.status, converted.status].sort()).toEqual([200, 409]);
    expect(await count()).toBe(1);
    const final = (await org.agent.get(`/api/rental-quotes/${q.id}`)).body;
    expect(final.status).toBe(accepted.status === 200 ? 'accepted' : 'converted');
  });
});
