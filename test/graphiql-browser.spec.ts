/**
 * The offline GraphQL IDE in a real browser (issue 32 part 5): headless Chromium opens GET /graphiql on a
 * listening app, signs in through the page's form (the session cookie), runs a query with GraphiQL's play button
 * and reads the answer; every request the page made went to the app itself (nothing from a CDN). The screenshot
 * is the one in docs/images/graphiql.png (README, "Call it"; `UPDATE_SCREENSHOTS=1` refreshes it). Chromium comes from Debian's package (`.ci/run`
 * installs it); without it this file fails under CI and is skipped with a message elsewhere.
 */
import { browserApp, describeWithChromium, screenshotPath, watch } from './support/browser';
import { until } from './support/live-client';

const maybe = describeWithChromium('test/graphiql-browser.spec.ts');

maybe('GraphiQL served by the service, offline', () => {
  const env = browserApp('GraphiQL');

  it('signs in with the page form and runs a query; every request stays on the service', async () => {
    const { browser, base, org } = env;
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const { hosts, problems } = watch(page);

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

    const png = await page.screenshot({ path: screenshotPath('graphiql.png') }); // UPDATE_SCREENSHOTS=1: the docs' picture
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([...hosts]).toEqual([base]);
    expect(problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
  }, 120_000);

  it("subscribes over the page's graphql-ws bundle, the WebSocket carrying the session cookie", async () => {
    const { browser, base, org } = env;
    const page = await browser.newPage();
    await page.goto(`${base}/graphiql`);
    await page.fill('input[name=email]', org.email);
    await page.fill('input[name=password]', org.password);
    await page.click('#signin-form button[type=submit]');
    await page.getByText(`Signed in as ${org.email} (admin)`).waitFor({ timeout: 30_000 });
    const received = page.evaluate(
      (url) =>
        new Promise<unknown>((resolve, reject) => {
          const w = globalThis as unknown as { graphqlWs: typeof import('graphql-ws') };
          const client = w.graphqlWs.createClient({ url });
          client.subscribe(
            { query: 'subscription { assignedTaskChanged { title } }' },
            { next: resolve, error: reject, complete: () => reject(new Error('completed')) },
          );
        }),
      `${base.replace(/^http/, 'ws')}/graphql`,
    );
    await until(() => env.t.deps.services.liveHub.subscribers === 1, 'the page subscribed');
    await org.agent.post('/api/tasks').send({ title: 'From the browser test', assigneeId: org.userId });
    expect(await received).toEqual({ data: { assignedTaskChanged: { title: 'From the browser test' } } });
  }, 120_000);
});
