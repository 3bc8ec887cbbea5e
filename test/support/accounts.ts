import { clock } from '../../src/lib/clock';
import { ensureSuperAdmin } from '../../src/modules/accounts/admin/super-admin-bootstrap';
import { Agent, PASSWORD, TestApp, uniqueEmail } from './test-app';

/** The single-use token of the newest mail of a kind to an address, read from the mail outbox. */
export async function mailedToken(t: TestApp, to: string, kind: 'invitation' | 'password_reset'): Promise<string> {
  const rows = await t.sql<{ text: string }>(
    'select text from mail_outbox where recipient = $1 and kind = $2 order by created_at desc limit 1',
    [to.toLowerCase(), kind],
  );
  const token = /Token: (\S+)/.exec(rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} mail to ${to}`);
  return token;
}

export async function superAdmin(
  t: TestApp,
): Promise<{ agent: Agent; userId: string; organizationId: string; email: string }> {
  const email = uniqueEmail('root');
  const { user } = await ensureSuperAdmin(t.orm, { email, password: PASSWORD });
  return { agent: await t.login(email, PASSWORD), userId: user.id, organizationId: user.organization.id, email };
}

/** Creates an API key through the API and returns its secret and id. */
export async function apiKey(
  agent: Agent,
  role: 'user' | 'admin' = 'user',
  extra: Record<string, unknown> = {},
): Promise<{ secret: string; id: string }> {
  const res = await agent.post('/api/api-keys').send({ name: `key ${role}`, role, ...extra });
  if (res.status !== 201) throw new Error(`api key: ${res.status} ${JSON.stringify(res.body)}`);
  return { secret: res.body.secret, id: res.body.apiKey.id };
}

export function fields(body: { details?: { field: string }[] }): string[] {
  return (body.details ?? []).map((d) => d.field).sort();
}

/** Moves the test clock to the start of a fresh one-minute rate-limit window, so a burst cannot straddle two windows. */
export function freshRateWindow(windowSeconds = 60): void {
  const ms = windowSeconds * 1000;
  clock.advance(ms - (clock.nowMs() % ms) + 1);
}
