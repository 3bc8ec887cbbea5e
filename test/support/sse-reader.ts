/** An SSE stream read in a test: its events (`id`, `event`, `data`) as they arrive. */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

export interface SseReader {
  status: number;
  events: SseEvent[];
  /** The first event that matches, read until there is one. */
  until(match: (e: SseEvent) => boolean, what: string): Promise<SseEvent>;
  close(): void;
}

/** Opens `url` as an event stream with `headers`; a status other than 200 leaves `events` empty. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const events: SseEvent[] = [];
  let text = '';
  const read = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended: ${text}`);
    text += Buffer.from(value).toString('utf8');
    const blocks = text.split('\n\n');
    text = blocks.pop() ?? '';
    for (const block of blocks) {
      const e: SseEvent = {};
      for (const line of block.split('\n')) {
        const m = /^(id|event|data): (.*)$/.exec(line);
        if (m) e[m[1] as keyof SseEvent] = m[2];
      }
      if (e.event) events.push(e);
    }
  };
  return {
    status: res.status,
    events,
    async until(match, what) {
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        await read().catch((e: Error) => {
          throw new Error(`${what}: ${e.message}`);
        });
      }
    },
    close: () => controller.abort(),
  };
}
