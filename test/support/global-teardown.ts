import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { withDatabase } from './db-url';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (serverUrl && template) {
    const admin = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
  }
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as { stop(): Promise<void> } | undefined;
  await embedded?.stop();
  // The embedded server's data folder (about 80 MB) goes with it: every run used to leave one in the temp folder.
  const dir = (globalThis as Record<string, unknown>).__EMBEDDED_PG_DIR__ as string | undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
