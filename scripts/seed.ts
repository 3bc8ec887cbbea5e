/** `npm run seed`: re-creates the demo business (and only it) on the configured database (README, "Demo business"). */
import 'reflect-metadata';
import { DEMO, seedDemo, TEAM } from '../src/demo';
import { startRuntime } from '../src/runtime';

async function main() {
  const runtime = await startRuntime();
  try {
    const started = Date.now();
    await seedDemo(runtime.orm);
    console.log(`demo business "${DEMO.organization}" re-created in ${Date.now() - started} ms; logins:`);
    for (const m of TEAM)
      console.log(
        `  ${m.email.padEnd(22)} ${(m.password ?? DEMO.teamPassword).padEnd(16)} ${m.role.padEnd(6)} ${m.job}`,
      );
  } finally {
    await runtime.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
