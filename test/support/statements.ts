import { COUNT_TTL_MS } from '../../src/db/read-path';
import { clock } from '../../src/lib/clock';
import type { TestApp } from './test-app';

/** The SQL statements the app's ORM sends while `run` executes (every query goes through Connection.execute). */
export async function statementsOf(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(t.orm.em.getConnection(), 'execute');
  try {
    await run();
    return spy.mock.calls.map((c) => String(c[0]));
  } finally {
    spy.mockRestore();
  }
}

/**
 * The statements of `run` as a first request would send them: after the list totals' reuse time
 * (db/read-path/count-cache.ts), so that a list counts again, and without the rate limiter's (its read counter is written in
 * batches, http/rate-limit.ts, whatever the rows). The clock stays advanced: reset it after the test.
 */
export async function listStatementsOf(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  clock.advance(COUNT_TTL_MS);
  return (await statementsOf(t, run)).filter((s) => !s.includes('rate_limit_counters'));
}
