/** What `npm start` prints once it listens: every demo login and the URLs a newcomer opens first. */
import { loadConfig } from '../src/config';
import { TEAM, DEMO } from '../src/demo/team';
import { startBanner } from '../src/start-banner';

const env = { SESSION_SECRET: 'banner-secret-banner-secret-banner-secret-0123', PORT: '4321' };

it('names the REST docs, the GraphQL IDE, metrics and every demo login with its password and role', () => {
  const text = startBanner(loadConfig({ ...env, METRICS_TOKEN: 'scrape-me' })).join('\n');
  expect(text).toContain('http://localhost:4321/api/docs');
  expect(text).toContain('http://localhost:4321/api/openapi.json');
  expect(text).toMatch(/GraphQL IDE: http:\/\/localhost:4321\/graphiql .*offline/);
  expect(text).toContain('http://localhost:4321/graphql  (Apollo Sandbox');
  expect(text).toContain('http://localhost:4321/metrics');
  expect(text).not.toContain('scrape-me');
  expect(TEAM.length).toBe(5);
  for (const member of TEAM) {
    const line = text.split('\n').find((l) => l.includes(member.email));
    expect(line).toContain(member.password ?? DEMO.teamPassword);
    expect(line).toContain(`(${member.role}:`);
  }
});

it('says how to turn metrics on, and prints no logins without the demo', () => {
  const text = startBanner(loadConfig({ ...env, SEED_DEMO: 'false', GRAPHQL_SANDBOX: 'false' })).join('\n');
  expect(text).toContain('set METRICS_TOKEN');
  expect(text).toContain('the IDEs are off: GRAPHQL_SANDBOX');
  expect(text).not.toMatch(/demo\.example|pass/);
});
