/**
 * `npm run create-super-admin -- <email>` (the password is read from SUPER_ADMIN_PASSWORD, never from the
 * command line, so it stays out of shell history), or with SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD set.
 * Uses the configured database (DATABASE_URL or the embedded one). See docs/accounts.md.
 */
import 'reflect-metadata';
import { ensureSuperAdmin, superAdminFromEnv } from '../src/modules/accounts/admin/super-admin-bootstrap';
import { startRuntime } from '../src/runtime';

async function main() {
  const input = superAdminFromEnv({
    ...process.env,
    SUPER_ADMIN_EMAIL: process.argv[2] ?? process.env.SUPER_ADMIN_EMAIL,
  });
  if (!input) {
    console.error('usage: SUPER_ADMIN_PASSWORD=... npm run create-super-admin -- <email>   (or set SUPER_ADMIN_EMAIL)');
    process.exit(2);
  }
  const runtime = await startRuntime();
  try {
    const { user, created } = await ensureSuperAdmin(runtime.orm, input);
    console.log(`${created ? 'created' : 'updated'} super admin ${user.email}`);
  } finally {
    await runtime.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
