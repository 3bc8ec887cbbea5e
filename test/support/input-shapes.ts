/**
 * Request bodies no operation may see, each with the answer it must get: JSON nested past JSON_MAX_DEPTH (deep
 * enough to overflow any recursive reader), a Content-Encoding that does not decode or is not supported, and a
 * decompression bomb. Used by test/input-shapes.spec.ts and the generated sweeps (robustness, fuzz), which send
 * them to every REST row and GraphQL root field.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Test } from 'supertest';

/** The default of JSON_MAX_DEPTH (src/config.ts). */
export const MAX_DEPTH = 64;

export const nestedArrays = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);
export const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

export interface HostileBody {
  label: string;
  /** Content-Encoding header, when there is one. */
  encoding?: string;
  body: Buffer;
  status: number;
  code: string;
}

/**
 * Where a shape's JSON goes in the request: REST sends it as the body, GraphQL as a variable. `depth`: the levels
 * the wrapping adds (a GraphQL body's object and its `variables`: 2).
 */
export interface Wrapping {
  wrap: (json: string) => string;
  depth: number;
}

export const AS_BODY: Wrapping = { wrap: (json) => `{"x":${json}}`, depth: 1 };

/** A GraphQL request body whose variable `name` holds the JSON. */
export function asVariable(query: string, name: string): Wrapping {
  return { wrap: (json) => `{"query":${JSON.stringify(query)},"variables":{"${name}":${json}}}`, depth: 2 };
}

let bomb: Buffer | undefined;

/** 16 MB of JSON in about 16 KB of gzip: over any BODY_LIMIT these tests use once inflated. */
export function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.from(`{"x":"${'a'.repeat(16 * 1024 * 1024)}"}`));
  return bomb;
}

/** The shapes, with their JSON placed by `w`. */
export function hostileBodies(w: Wrapping): HostileBody[] {
  const deep = (label: string, json: string): HostileBody => ({
    label,
    body: Buffer.from(w.wrap(json)),
    status: 400,
    code: 'JSON_TOO_DEEP',
  });
  const undecodable = (label: string, encoding: string, body: Buffer): HostileBody => ({
    label,
    encoding,
    body,
    status: 400,
    code: 'INVALID_CONTENT_ENCODING',
  });
  const small = Buffer.from(w.wrap('{"a":1}'));
  return [
    deep('arrays nested 100,000 deep (200 KB)', nestedArrays(100_000)),
    deep('objects nested 20,000 deep', nestedObjects(20_000)),
    deep('one level past JSON_MAX_DEPTH', nestedArrays(MAX_DEPTH + 1 - w.depth)),
    undecodable('gzip that is not gzip', 'gzip', Buffer.from(w.wrap('"not gzip"'))),
    undecodable('gzip cut short', 'gzip', gzipSync(small).subarray(0, 12)),
    undecodable('deflate that is not deflate', 'deflate', Buffer.from('not deflate data')),
    undecodable('br that is not br', 'br', Buffer.from('not brotli data')),
    {
      label: 'an unknown Content-Encoding',
      encoding: 'x-pack',
      body: small,
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    { label: 'a gzip bomb', encoding: 'gzip', body: gzipBomb(), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  ];
}

/** Sends bytes as they are (superagent would serialize a Buffer as a JSON object). */
export function sendBytes(req: Test, body: Buffer, encoding?: string): Test {
  const r = req.set('content-type', 'application/json');
  return (encoding ? r.set('content-encoding', encoding) : r).serialize((b) => b).send(body as unknown as string);
}

export const sendHostile = (req: Test, shape: HostileBody): Test => sendBytes(req, shape.body, shape.encoding);

/** How the fuzz sweep sends a body: mostly as it is, sometimes compressed (valid or not) or with an unknown encoding. */
export type Transport = 'identity' | 'gzip' | 'deflate' | 'br' | 'corrupt gzip' | 'x-pack';

export const transportArb: fc.Arbitrary<Transport> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('identity' as const) },
  { weight: 1, arbitrary: fc.constantFrom<Transport>('gzip', 'deflate', 'br', 'corrupt gzip', 'x-pack') },
);

const COMPRESS: Record<string, (b: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

/** A JSON text sent in a transport: its bytes and Content-Encoding (a corrupt gzip is the gzip cut in half). */
export function encoded(text: string, transport: Transport): { body: Buffer; encoding?: string } {
  const bytes = Buffer.from(text);
  if (transport === 'identity') return { body: bytes };
  if (transport === 'x-pack') return { body: bytes, encoding: transport };
  if (transport === 'corrupt gzip') {
    const whole = gzipSync(bytes);
    return { body: whole.subarray(0, Math.max(4, whole.length >> 1)), encoding: 'gzip' };
  }
  return { body: COMPRESS[transport](bytes), encoding: transport };
}

/** Nested arrays around the edge of JSON_MAX_DEPTH and far past it: a wrong value the fuzz sweep puts in any field. */
export const deepValue: fc.Arbitrary<unknown> = fc
  .constantFrom(MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 1000)
  .map((levels) => {
    let v: unknown = [];
    for (let i = 1; i < levels; i++) v = [v];
    return v;
  });
