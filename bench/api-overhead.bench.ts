/**
 * What the layers cost: the same page of 100 team members read through the service directly (baseline),
 * through /graphql, and through the REST adapter (/api), over real HTTP on loopback. Prints median latency
 * and each ratio to the baseline; the REST adapter should add little over /graphql.
 */
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { UserListArgs } from '../src/modules/accounts/users/user.types';
import { benchApp, registerOrg } from './bench-app';

const ROUNDS = 300;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(xs);
}

export default async function apiOverhead(): Promise<void> {
  const { orm, services, base, close } = await benchApp('api');
  try {
    const { org, cookie } = await registerOrg(base, 'bench-api');
    if (!cookie) throw new Error('sign-up answered without a session cookie');
    await orm.em.execute(
      `insert into users (id, organization_id, email, password_hash, first_name, last_name, role, created_at, updated_at)
       select gen_random_uuid(), ?, 'member' || g || '@example.com', 'x', 'Member', 'N' || g, 'user', now(), now() from generate_series(1, 99) g`,
      [org],
    );
    const args = Object.assign(new UserListArgs(), { page: 1, limit: 100 });
    const direct = await time(async () => {
      const em = orm.em.fork();
      em.setFilterParams(TENANT_FILTER, { organizationId: org });
      return services.users.list(em, args);
    });
    const query = JSON.stringify({
      query:
        '{ users(limit: 100) { data { id email organizationId role firstName lastName createdAt updatedAt } pagination { totalItems } } }',
    });
    const graphql = await time(() =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: query,
      }).then((r) => r.text()),
    );
    const rest = await time(() =>
      fetch(`${base}/api/organization/users?limit=100`, { headers: { cookie } }).then((r) => r.text()),
    );
    console.log(`page of 100 members, median of ${ROUNDS} sequential requests`);
    console.log(`  service call (baseline)  ${direct.toFixed(2)} ms   1.00x`);
    console.log(`  POST /graphql            ${graphql.toFixed(2)} ms   ${(graphql / direct).toFixed(2)}x`);
    console.log(
      `  GET /api (REST adapter)  ${rest.toFixed(2)} ms   ${(rest / direct).toFixed(2)}x   (${(rest / graphql).toFixed(2)}x of /graphql)`,
    );
  } finally {
    await close();
  }
}
