import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server on loopback (127.0.0.1, port 0) for the openai
 * provider's tests: each request is answered by the next queued reply (then by `fallbackReply`).
 */
export type Reply = (res: ServerResponse, body: Record<string, unknown>, path: string) => void;

export interface Recorded {
  /** Path and query string, e.g. /openai/deployments/m/chat/completions?api-version=2024-10-21. */
  path: string;
  body: Record<string, unknown>;
  /** The raw request bytes (a multipart upload of /v1/audio/transcriptions). */
  raw: Buffer;
  headers: IncomingMessage['headers'];
}

export const completion =
  (content: string): Reply =>
  (res) =>
    json(res, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });

export const status =
  (code: number): Reply =>
  (res) =>
    json(res, code, { error: { message: `status ${code}`, type: 'test' } });

/** Never answers in time: the provider's timeout fires first. */
export const silence: Reply = () => undefined;

export function json(res: ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export class FakeOpenAi {
  readonly requests: Recorded[] = [];
  private queue: Reply[] = [];
  private server: Server | null = null;
  fallbackReply: Reply = status(500);

  /** Listens; answers the OpenAI-style base URL (origin + /v1). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `${this.origin}/v1`;
  }

  /** http://127.0.0.1:<port>, e.g. as an Azure resource endpoint. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  reply(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  reset(): void {
    this.queue = [];
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = { raw };
      }
      const path = req.url ?? '';
      this.requests.push({ path, body, raw: bytes, headers: req.headers });
      (this.queue.shift() ?? this.fallbackReply)(res, body, path);
    });
  }
}

/**
 * The jest hooks of a test file that runs the openai provider against the fake: one server for the file,
 * its requests and the provider's warnings cleared before each test.
 */
export function useFakeOpenAi() {
  const server = new FakeOpenAi();
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  const logger = {
    warn: (details: Record<string, unknown>, message: string) => void warnings.push({ details, message }),
  };
  const state = { server, warnings, logger, baseUrl: '' };
  beforeAll(async () => {
    state.baseUrl = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.reset();
    warnings.length = 0;
  });
  return state;
}
