/**
 * Ports for the servers a test starts itself (an app in a child process, an embedded PostgreSQL). They are taken
 * below the kernel's ephemeral range (Linux: 32768-60999), where every outgoing connection and every listener on
 * port 0 gets its port: supertest listens on port 0 for each request, so a fixed port from that range could be held
 * for a moment by another file's app, which would even answer the child's /healthz. Each caller has its own block
 * of 1,000 ports (20000 + 1000 x block), so two files never pick from the same range.
 */
export const PORT_BLOCKS = {
  globalPostgres: 0,
  shutdownServer: 1,
  shutdownPostgres: 2,
  importKillServer: 3,
  restartPostgres: 4,
  idempotencyPostgres: 5,
  embeddedPostgres: 6,
  pgbouncer: 7,
  scaleInstances: 8,
  readReplica: 9,
} as const;

const handedOut = new Set<number>();

/** A port of `block` not handed out before in this process (a file may start two servers of one kind). */
export function testPort(block: keyof typeof PORT_BLOCKS): number {
  for (;;) {
    const port = 20000 + PORT_BLOCKS[block] * 1000 + Math.floor(Math.random() * 1000);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}
