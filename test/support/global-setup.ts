/**
 * Once per `jest` run: a PostgreSQL server, DATABASE_URL's or else an embedded one in a temp folder.
 * The migrated template database is built by the first test file that needs it (template.ts): MikroORM
 * must not be initialised here, in jest's parent realm (mikro-orm issue #3783).
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { testPort } from './ports';

/** Durability off: the settings PostgreSQL's manual suggests for a server whose data can be rebuilt ("Non-Durable Settings"). */
const DISPOSABLE = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const parent = mkdtempSync(join(tmpdir(), 'crm-test-'));
    chmodSync(parent, 0o755); // as root, the server runs as the postgres user, who must reach the folder
    const port = testPort('globalPostgres');
    // A test run's server is thrown away with its folder: no commit waits for the disk (docs/testing.md, "Per-file
    // cost"). A crash loses the run, never data.
    const embedded = await startEmbeddedPostgres(join(parent, 'pg'), port, undefined, DISPOSABLE);
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = embedded;
    (globalThis as Record<string, unknown>).__EMBEDDED_PG_DIR__ = parent;
    serverUrl = embedded.url;
  }
  process.env.TEST_PG_SERVER_URL = serverUrl;
  process.env.TEST_PG_TEMPLATE = `crm_test_template_${process.pid}`;
}
