import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../src/app';
import { createServices, openAppDatabase } from '../src/composition';
import type { Services } from '../src/modules';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { benchDatabase } from './bench-db';

/** The whole app on a fresh database, listening on loopback, without rate limits, demo seed or background jobs. */
export async function benchApp(
  name: string,
): Promise<{ url: string; orm: MikroORM; services: Services; base: string; close(): Promise<void> }> {
  const db = await benchDatabase(name);
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_READ: '1000000',
    RATE_LIMIT_WRITE: '1000000',
    RATE_LIMIT_AUTH: '1000000',
    STAGE_DRIFT_JOB: 'false',
    WEBHOOK_WORKER: 'false',
  });
  const orm = await openAppDatabase(db.url);
  const services = createServices(config);
  const app = await createApp({ config, orm, logger: createLogger('silent'), services });
  const server = app.app.listen(0);
  return {
    url: db.url,
    orm,
    services,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.close();
      await app.close();
      await orm.close(true);
      await db.drop();
    },
  };
}

/** Registers an organization over HTTP: its id, its admin's id and the session cookie. */
export async function registerOrg(
  base: string,
  name: string,
): Promise<{ org: string; userId: string; cookie: string }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@bench.example`,
      password: 'bench-password',
      organizationName: name,
      firstName: 'Bench',
      lastName: 'Admin',
    }),
  });
  const { user } = (await res.json()) as { user: { organizationId: string; id: string } };
  return { org: user.organizationId, userId: user.id, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}
