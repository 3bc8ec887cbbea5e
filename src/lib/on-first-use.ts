import type * as chronoNode from 'chrono-node';
import type nlp from 'compromise';
import type * as openai from 'openai';
import type PDFDocument from 'pdfkit';
import type * as vega from 'vega';
import type * as vegaLite from 'vega-lite';

/**
 * The heavy packages that only a few requests use (docs/decisions.md, "Heavy packages on first use"): loaded on the
 * first call, not when the service starts, so a service that never draws a chart, reads a note or calls a language model
 * does not carry them
 * (docs/performance.md, "What the idle service is made of"). Each, with what `require` answers for it.
 */
interface Deferred {
  'chrono-node': typeof chronoNode;
  compromise: typeof nlp;
  openai: typeof openai;
  pdfkit: typeof PDFDocument;
  vega: typeof vega;
  'vega-lite': typeof vegaLite;
}

/** `make`, run on the first call only; every call answers what it made. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The package `id`, loaded on the first call (a type-only `import type` of it is free: tsc drops it). */
export function onFirstUse<K extends keyof Deferred>(id: K): () => Deferred[K] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return once(() => require(id) as Deferred[K]);
}
