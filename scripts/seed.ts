/** `npm run seed`: re-creates the demo organization (and only it) on the configured database. */
import 'reflect-metadata';
import { DEMO, seedDemo } from '../src/demo-seed';
import { startRuntime } from '../src/runtime';

async function main() {
  const runtime = await startRuntime();
  try {
    await seedDemo(runtime.orm);
    console.log(`demo organization re-created: ${DEMO.admin.email} / ${DEMO.admin.password}, ${DEMO.user.email} / ${DEMO.user.password}`);
  } finally {
    await runtime.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
