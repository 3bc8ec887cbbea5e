import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import type { Registered, TestApp } from './test-app';

/** How a live client authenticates: the session cookie on the upgrade request, or `connectionParams.authorization`. */
export interface LiveAuth {
  cookie?: string;
  authorization?: string;
}

export interface LiveClient {
  client: Client;
  /** The close event of the socket (the client does not retry). */
  closed: Promise<{ code: number; reason: string }>;
}

/** A graphql-ws client (the library's own `createClient` on `ws`) to `<base>/graphql`. */
export function liveClient(base: string, auth: LiveAuth): LiveClient {
  let onClosed!: (e: { code: number; reason: string }) => void;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const headers = auth.cookie ? { cookie: auth.cookie } : {};
  class Socket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Socket,
    connectionParams: auth.authorization ? { authorization: auth.authorization } : undefined,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined, // a refused connection is what some tests expect: `closed` reports it
    on: { closed: (e) => onClosed(e as { code: number; reason: string }) },
  });
  return { client, closed };
}

export interface Subscribed<T> {
  received: { data?: T; errors?: { message: string; extensions?: { code?: string } }[] }[];
  /** The next result (waits for it). */
  next(): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>;
  /** Settles when the server ends the subscription: with its error, or undefined when completed. */
  ended: Promise<unknown>;
  stop(): void;
}

/** Subscribes `query` and keeps every result it receives, in order. */
export function subscribe<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): Subscribed<T> {
  const received: Subscribed<T>['received'] = [];
  const waiting: ((r: Subscribed<T>['received'][number]) => void)[] = [];
  let end!: (e: unknown) => void;
  const ended = new Promise<unknown>((resolve) => (end = resolve));
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (result) => {
        const r = result as Subscribed<T>['received'][number];
        received.push(r);
        waiting.shift()?.(r);
      },
      error: (e) => {
        // graphql-ws hands a refused subscription's errors as an array: keep them as a result too
        if (Array.isArray(e)) {
          const r = { errors: e } as Subscribed<T>['received'][number];
          received.push(r);
          waiting.shift()?.(r);
        }
        end(e);
      },
      complete: () => end(undefined),
    },
  );
  let read = 0;
  return {
    received,
    next: () => {
      const r = received[read];
      if (r) {
        read++;
        return Promise.resolve(r);
      }
      return new Promise((resolve) => waiting.push((x) => (read++, resolve(x))));
    },
    ended,
    stop,
  };
}

/** Waits until `test` holds, looking again every few milliseconds (what is awaited is an event, not a duration). */
export async function until(test: () => boolean | Promise<boolean>, what: string, tries = 1000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** A fresh session of `r` as a Cookie header (what a browser's socket or EventSource would carry). */
export async function sessionCookie(t: TestApp, r: Registered): Promise<string> {
  const res = await request(t.http).post('/api/auth/login').send({ email: r.email, password: r.password });
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}
