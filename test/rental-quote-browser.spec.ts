/**
 * The customer's acceptance page of a stored quote in a real browser (issue 30 part 2; docs/rental.md, "The
 * customer's acceptance link"): headless Chromium opens the signed link without an account, the page renders under
 * the service's Content-Security-Policy with nothing blocked and nothing from another host, printing leaves the
 * form out, and the form's acceptance reserves the equipment. The screenshot is docs/images/quote-acceptance.png
 * (`UPDATE_SCREENSHOTS=1` refreshes it). Chromium as in test/graphiql-browser.spec.ts.
 */
import { addDays, todayIn } from '../src/lib/calendar-days';
import { browserApp, describeWithChromium, screenshotPath, watch } from './support/browser';
import { newCustomer } from './support/crm';
import { bulkItem, unitItem } from './support/desk';

const maybe = describeWithChromium('test/rental-quote-browser.spec.ts');

maybe('the quote acceptance page in Chromium', () => {
  const env = browserApp('Lone Star Lifts');

  it('shows the quote to a visitor without an account and takes the acceptance through its form', async () => {
    const { browser, base, org } = env;
    await org.agent.put('/api/settings/rental').send({ taxRate: '8.25' });
    const customer = await newCustomer(org.agent, { name: 'Onion Creek Builders' });
    const lift = await unitItem(org, 'BL-60', 2, '385.00');
    const gen = await bulkItem(org, 'GEN-45', 4, '145.00');
    const unit = (await org.agent.get('/api/inventory-units').query({ itemId: lift })).body.data[0];
    const day = (n: number) => addDays(todayIn('UTC'), n);
    const quote = await org.agent.post('/api/rental-quotes').send({
      customerId: customer.id,
      pickupDate: day(7),
      returnDate: day(13),
      deliveryMethod: 'delivery',
      deliveryAddress: '4100 Onion Creek Pkwy, Austin TX',
      notes: 'Deliver before 7 am; site contact on the gate.',
      lines: [
        { itemId: lift, unitId: unit.id, quantity: 1 },
        { itemId: gen, quantity: 2 },
      ],
    });
    expect(quote.status).toBe(201);
    const { token } = (await org.agent.post(`/api/rental-quotes/${quote.body.id}/link`)).body;

    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const { hosts, problems } = watch(page);
    await page.goto(`${base}/quote-acceptance/${token}`);
    await page.getByRole('heading', { name: 'Quote from Lone Star Lifts' }).waitFor({ timeout: 30_000 });
    const text = await page.locator('main').innerText();
    expect(text).toContain('Onion Creek Builders');
    expect(text).toContain('Machine BL-60 (unit BL-60-1)');
    expect(text).toContain(`USD ${quote.body.current.total}`);
    const png = await page.screenshot({ path: screenshotPath('quote-acceptance.png'), fullPage: true });
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('form').isVisible()).toBe(false);
    expect(await page.locator('table').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    await page.fill('input[name=name]', 'Dana Whitfield');
    await page.check('input[name=consent]');
    await page.click('button[type=submit]');
    await page.getByText('is accepted and the equipment is reserved').waitFor({ timeout: 30_000 });

    const after = (await org.agent.get(`/api/rental-quotes/${quote.body.id}`)).body;
    expect(after).toMatchObject({ status: 'accepted', acceptance: { name: 'Dana Whitfield', consent: true } });
    expect(after.acceptance.userAgent).toMatch(/Chrome/);
    expect((await org.agent.get(`/api/transactions/${after.orderId}`)).body.status).toBe('pending');
    expect([...hosts]).toEqual([base]);
    expect(problems).toEqual([]);
  }, 120_000);
});
