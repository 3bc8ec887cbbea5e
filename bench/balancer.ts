import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin balancer on loopback, as a load balancer in front of several instances behaves: each request
 * goes to the next backend on a connection of its own (so keep-alive clients are spread too), a WebSocket upgrade is
 * piped to one backend, and a backend that refuses the connection is skipped (the request never reached it, so the
 * next one may take it) until `revive`. A request a backend accepted and then lost answers 502: not acknowledged.
 */
export class Balancer {
  /** Requests each backend took, by index. */
  readonly served: number[];
  private next = 0;
  private readonly down = new Set<number>();
  private readonly server: http.Server;

  constructor(private readonly ports: number[]) {
    this.served = ports.map(() => 0);
    this.server = http.createServer((req, res) => this.forward(req, res, ports.length));
    this.server.on('upgrade', (req, socket, head) => {
      const target = net.connect(this.ports[this.pick()], '127.0.0.1', () => {
        const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`);
        target.write([`${req.method} ${req.url} HTTP/1.1`, ...headers, '', ''].join('\r\n'));
        target.write(head);
        target.pipe(socket).pipe(target);
      });
      target.on('error', () => socket.destroy());
      socket.on('error', () => target.destroy());
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Takes a backend back after it was found down (restarted). */
  revive(index: number): void {
    this.down.delete(index);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private pick(): number {
    for (let i = 0; i < this.ports.length; i++) {
      const index = this.next++ % this.ports.length;
      if (!this.down.has(index)) return index;
    }
    return this.next++ % this.ports.length;
  }

  /** Reads the body first (test requests are small), so a refused connection can be retried on the next backend. */
  private forward(req: http.IncomingMessage, res: http.ServerResponse, attempts: number): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.send(req, Buffer.concat(chunks), res, attempts));
  }

  private send(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, attempts: number): void {
    const index = this.pick();
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: this.ports[index],
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        this.served[index]++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED' && attempts > 1 && !res.headersSent) {
        this.down.add(index);
        return this.send(req, body, res, attempts - 1);
      }
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
      else res.destroy();
    });
    upstream.end(body);
  }
}
