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
}
