/**
 * The offline GraphQL IDE in a real browser (issue 32 part 5): headless Chromium opens GET /graphiql on a
 * listening app, signs in through the page's form (the session cookie), runs a query with GraphiQL's play button
 * and reads the answer; every request the page made went to the app itself (nothing from a CDN). The screenshot
 * is the one in docs/images/graphiql.png (README, "Call it"; `UPDATE_SCREENSHOTS=1` refreshes it). Chromium comes from Debian's package (`.ci/run`
 * installs it); without it this file fails under CI and is skipped with a message elsewhere.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createTestApp, type Registered, type TestApp } from './support/test-app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env.CI) throw new Error(`Chromium is not at ${CHROMIUM}: .ci/run installs Debian's chromium`);
const maybe = present ? describe : describe.skip;
if (!present)
  console.warn(`test/graphiql-browser.test.ts skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

maybe('GraphiQL served by the service, offline', () => {
  let t: TestApp;
  let server: Server;
  let browser: Browser;
  let base: string;
  let org: Registered;

  beforeAll(async () => {
    t = await createTestApp();
    org = await t.registerOrg('GraphiQL');
    server = t.http.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // The machine's network is closed: no background connections, no first-run, no sandbox as root.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  it('signs in with the page form and runs a query; every request stays on the service', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const hosts = new Set<string>();
    const problems: string[] = [];
    page.on('request', (r) => hosts.add(new URL(r.url()).origin));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${new URL(r.url()).pathname}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));

    await page.goto(`${base}/graphiql`);
    await page.getByText('Not signed in').waitFor({ timeout: 30_000 });
    await page.fill('input[name=email]', org.email);
    await page.fill('input[name=password]', org.password);
    await page.click('#signin-form button[type=submit]');
    await page.getByText(`Signed in as ${org.email} (admin)`).waitFor({ timeout: 30_000 });

    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response');
    await result.getByText(org.email).waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('"role": "admin"');

    // UPDATE_SCREENSHOTS=1 refreshes the docs' picture; otherwise it goes to a scratch folder.
    const dir = process.env.UPDATE_SCREENSHOTS
      ? join(__dirname, '..', 'docs', 'images')
      : mkdtempSync(join(tmpdir(), 'graphiql-'));
    mkdirSync(dir, { recursive: true });
    const png = await page.screenshot({ path: join(dir, 'graphiql.png') });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([...hosts]).toEqual([base]);
    expect(problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
  }, 120_000);
});
