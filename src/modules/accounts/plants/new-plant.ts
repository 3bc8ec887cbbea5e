import Decimal from 'decimal.js';

/** NewPlant of the spec: id int64 (required), name string (required), tag string (optional). */
export interface NewPlant {
  /** Exact decimal text of the int64. */
  id: string;
  name: string;
  tag?: string;
}

export type Parsed = { ok: true; value: NewPlant } | { ok: false; message: string };

const INT64_MIN = new Decimal('-9223372036854775808');
const INT64_MAX = new Decimal('9223372036854775807');
const NAME_MAX = 200;
const TAG_MAX = 100;

/**
 * The literal text of each top-level number in a JSON object. JSON.parse rounds integers beyond 2^53,
 * so the int64 id is read from the source text. `text` must already be valid JSON.
 */
export function topLevelNumbers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let depth = 0;
  let key: string | undefined;
  let expectingValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (depth === 1 && !expectingValue) key = JSON.parse(text.slice(i, j + 1)) as string;
      expectingValue = false;
      i = j;
    } else if (c === '{' || c === '[') {
      depth++;
      expectingValue = false;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ':') expectingValue = depth === 1;
    else if (c === ',') expectingValue = false;
    else if (expectingValue && (c === '-' || (c >= '0' && c <= '9'))) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      if (!match) throw new Error(`topLevelNumbers: no number at offset ${i}; the text must be valid JSON`);
      const literal = match[0];
      if (key !== undefined) out.set(key, literal);
      i += literal.length - 1;
      expectingValue = false;
    } else if (expectingValue && /[tfn]/.test(c)) expectingValue = false;
  }
  return out;
}

function parseId(value: unknown, literal: string | undefined): string | { message: string } {
  if (value === undefined) return { message: 'id is required' };
  if (typeof value !== 'number' || literal === undefined) return { message: 'id must be an integer (int64)' };
  const exact = new Decimal(literal);
  if (!exact.isInteger()) return { message: 'id must be an integer (int64)' };
  if (exact.lt(INT64_MIN) || exact.gt(INT64_MAX)) return { message: 'id is out of the int64 range' };
  return exact.toFixed(0);
}

/** Validates a raw request body against NewPlant; the first problem found is the message of the 400. */
export function parseNewPlant(text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Malformed JSON in request body' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: 'The body must be a NewPlant JSON object' };
  const { id, name, tag } = body as Record<string, unknown>;
  const parsedId = parseId(id, topLevelNumbers(text).get('id'));
  if (typeof parsedId !== 'string') return { ok: false, message: parsedId.message };
  if (name === undefined) return { ok: false, message: 'name is required' };
  if (typeof name !== 'string') return { ok: false, message: 'name must be a string' };
  if (name.trim() === '') return { ok: false, message: 'name must not be empty' };
  if (name.length > NAME_MAX) return { ok: false, message: `name must be at most ${NAME_MAX} characters` };
  if (tag !== undefined && typeof tag !== 'string') return { ok: false, message: 'tag must be a string' };
  if (typeof tag === 'string' && tag.length > TAG_MAX)
    return { ok: false, message: `tag must be at most ${TAG_MAX} characters` };
  return { ok: true, value: { id: parsedId, name, ...(tag !== undefined ? { tag } : {}) } };
}
