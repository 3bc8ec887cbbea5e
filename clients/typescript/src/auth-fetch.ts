/** How the client authenticates: an API key (bearer), or the session cookie of a login, kept like a browser keeps it. */
export interface AuthOptions {
  /** An API key of the organization (docs/accounts.md): sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** The fetch to use (default globalThis.fetch, Node 18+). */
  fetch?: typeof fetch;
}

const SESSION_COOKIE = 'sessionId';

/**
 * A fetch that adds the credentials to every request and keeps the `sessionId` cookie the server sets
 * (login, register) or clears (logout), so one client is one logged-in session.
 */
export function authFetch(options: AuthOptions): {
  fetch: (input: Request) => Promise<Response>;
  session(): string | undefined;
} {
  const base = options.fetch ?? globalThis.fetch;
  let session: string | undefined;
  return {
    session: () => session,
    async fetch(input) {
      const request = new Request(input);
      if (options.apiKey) request.headers.set('authorization', `Bearer ${options.apiKey}`);
      else if (session) request.headers.set('cookie', `${SESSION_COOKIE}=${session}`);
      const response = await base(request);
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        if (name.trim() === SESSION_COOKIE) session = value || undefined;
      }
      return response;
    },
  };
}
