import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface PgProcess {
  url: string;
  child: ChildProcess;
  /** Clean stop (SIGTERM: the server is shut down first). */
  stop(): Promise<void>;
}

/** Starts test/support/pg-server.js and waits for the URL it prints. */
export function startPgProcess(dir: string, port: number, env: Record<string, string> = {}): Promise<PgProcess> {
  const child = spawn(process.execPath, [join(__dirname, 'pg-server.js'), dir, String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const { url } = JSON.parse(line) as { url: string };
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      resolve({
        url,
        child,
        stop: () => (child.exitCode === null ? (child.kill('SIGTERM'), exited) : Promise.resolve()),
      });
    });
    child.once('exit', (code) => reject(new Error(`pg-server exited with ${code}: ${err}`)));
  });
}
