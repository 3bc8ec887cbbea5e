import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTestApp, type Registered, type TestApp } from './test-app';

/** Debian's chromium package (`.ci/run` installs it); CHROMIUM_PATH for another place. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `describe` when Chromium is there; under CI a missing Chromium fails the file, elsewhere it is skipped with a warning. */
export function describeWithChromium(file: string): jest.Describe {
  const present = existsSync(CHROMIUM);
  if (!present && process.env.CI) throw new Error(`Chromium is not at ${CHROMIUM}: .ci/run installs Debian's chromium`);
  if (!present) console.warn(`${file} skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  return present ? describe : describe.skip;
}

/** Headless Chromium on a closed network: no background connections, no first-run, no sandbox as root. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
}

/** What a page did: every origin it asked, and its script errors, failed responses and console errors. */
export function watch(page: Page): { hosts: Set<string>; problems: string[] } {
  const hosts = new Set<string>();
  const problems: string[] = [];
  page.on('request', (r) => hosts.add(new URL(r.url()).origin));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${new URL(r.url()).pathname}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return { hosts, problems };
}

/** Where a screenshot goes: docs/images/<file> with UPDATE_SCREENSHOTS=1 (the docs' picture), else a scratch folder. */
export function screenshotPath(file: string): string {
  const dir = process.env.UPDATE_SCREENSHOTS
    ? join(__dirname, '..', '..', 'docs', 'images')
    : mkdtempSync(join(tmpdir(), 'screenshots-'));
  mkdirSync(dir, { recursive: true });
  return join(dir, file);
}

/** What a browser test works with: an app listening on its own port, an organization of it, a Chromium. */
export interface BrowserApp {
  t: TestApp;
  org: Registered;
  browser: Browser;
  base: string;
}

/** Registers the describe block's beforeAll (app, organization `orgName`, Chromium) and afterAll; filled once they ran. */
export function browserApp(orgName: string): BrowserApp {
  const env = {} as BrowserApp;
  beforeAll(async () => {
    env.t = await createTestApp();
    env.org = await env.t.registerOrg(orgName);
    env.base = await env.t.serve(); // a browser needs a real address; the GraphQL WebSocket is attached too
    env.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.t?.close();
  });
  return env;
}
