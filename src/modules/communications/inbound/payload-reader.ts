import type { FieldError } from '../../../lib/errors';

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: FieldError[] };

const E164 = /^\+[1-9]\d{1,14}$/;
const EMAIL = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/;

/**
 * Reads the fields of a provider's payload (a parsed JSON object or form parameters), collecting every problem
 * as a FieldError named by the provider's own field name, so a 400 tells the integrator exactly what to fix.
 */
export class PayloadReader {
  readonly errors: FieldError[] = [];

  constructor(private readonly body: Record<string, unknown>) {}

  static of(body: unknown): PayloadReader | undefined {
    return body && typeof body === 'object' && !Array.isArray(body)
      ? new PayloadReader(body as Record<string, unknown>)
      : undefined;
  }

  fail(field: string, message: string): undefined {
    this.errors.push({ field, message });
    return undefined;
  }

  raw(field: string): unknown {
    return Object.prototype.hasOwnProperty.call(this.body, field) ? this.body[field] : undefined;
  }

  /** A string, trimmed; "" and absent are undefined. Over `max` characters is an error. */
  text(field: string, max = 10_000): string | undefined {
    const v = this.raw(field);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') return this.fail(field, `${field} must be a string`);
    const s = v.trim();
    if (s.length > max) return this.fail(field, `${field} must be at most ${max} characters`);
    return s === '' ? undefined : s;
  }

  /** Like text, but an email body or transcript keeps its whitespace and may be long. */
  body_(field: string, max = 1_000_000): string | undefined {
    const v = this.raw(field);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') return this.fail(field, `${field} must be a string`);
    if (v.length > max) return this.fail(field, `${field} must be at most ${max} characters`);
    return v.trim() === '' ? undefined : v;
  }

  required(field: string, max = 500): string | undefined {
    const v = this.text(field, max);
    if (v === undefined && !this.errors.some((e) => e.field === field)) return this.fail(field, `${field} is required`);
    return v;
  }

  phone(field: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    return E164.test(value) ? value : this.fail(field, `${field} must be an E.164 phone number, e.g. +14155550123`);
  }

  email(field: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    return EMAIL.test(value) && value.length <= 320
      ? value.toLowerCase()
      : this.fail(field, `${field} must be an email address`);
  }

  /** A non-negative number, from a JSON number or a numeric string (form parameters). */
  count(field: string): number | undefined {
    const v = this.raw(field);
    if (v === undefined || v === null || v === '') return undefined;
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 2_147_483_647)
      return this.fail(field, `${field} must be a non-negative number`);
    return Math.round(n);
  }

  /** A date: ISO 8601 or RFC 2822 (email Date headers, Twilio). Absent: undefined. */
  date(field: string): Date | undefined {
    const v = this.text(field, 100);
    if (v === undefined) return undefined;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? this.fail(field, `${field} must be a date (ISO 8601 or RFC 2822)`) : d;
  }

  /** A date a provider copies from elsewhere (an email's Date header): unreadable is simply unknown, not an error. */
  looseDate(field: string): Date | undefined {
    const v = this.raw(field);
    const d = typeof v === 'string' ? new Date(v.trim()) : undefined;
    return d && !Number.isNaN(d.getTime()) ? d : undefined;
  }

  /** An array field; absent is []. */
  list(field: string): unknown[] {
    const v = this.raw(field);
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) return this.fail(field, `${field} must be an array`) ?? [];
    if (v.length > 500) return this.fail(field, `${field} must have at most 500 items`) ?? [];
    return v;
  }

  nested(field: string, value: unknown): PayloadReader | undefined {
    const r = PayloadReader.of(value);
    if (!r) return this.fail(field, `${field} must be an object`);
    return r;
  }

  /** Folds a nested reader's errors into this one, prefixed with its path. */
  absorb(prefix: string, r: PayloadReader): void {
    for (const e of r.errors) this.errors.push({ field: `${prefix}.${e.field}`, message: `${prefix}.${e.message}` });
  }

  done<T>(value: T): Parsed<T> {
    return this.errors.length ? { ok: false, details: this.errors } : { ok: true, value };
  }
}

export function notAnObject<T>(): Parsed<T> {
  return { ok: false, details: [{ field: 'body', message: 'The body must be an object' }] };
}
