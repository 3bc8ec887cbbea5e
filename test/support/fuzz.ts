/**
 * Arbitraries (fast-check) of requests, generated from what the service documents: the JSON Schemas of the
 * OpenAPI document for REST, the GraphQL input types for GraphQL. Values are mostly plausible (by type and by the
 * conventions of a field's name: email, date, url, money, ids), sometimes of the wrong type, null, oversized,
 * nested around JSON_MAX_DEPTH or hostile; ids are symbolic (IdRef) and become a real record of the organization that sends the request, one of
 * another organization, an id found nowhere or a malformed one when the request is sent, so a failing case replays
 * from its seed whatever the ids of a run.
 */
import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  GraphQLField,
  GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { deepValue } from './input-shapes';

export type Json = Record<string, unknown>;

/** An id to be chosen when the request is sent: `own` and `other` pick the n-th record of the kind `name` suggests. */
export class IdRef {
  constructor(
    readonly name: string,
    readonly pool: 'own' | 'other' | 'nowhere',
    readonly n: number,
  ) {}

  toString(): string {
    return `IdRef(${this.name}, ${this.pool}, ${this.n})`;
  }
}

const HOSTILE = [
  '',
  ' ',
  'null',
  "'; drop table contacts; --",
  '%_\\',
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓',
  '../../etc/passwd',
  '${7*7}',
  '__proto__',
];

/** Anything of the wrong kind for a field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 12 }),
  fc.constant('x'.repeat(20_000)),
  fc.constant({}),
  fc.constant([]),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constantFrom(2_147_483_648, -2_147_483_649, 1e21, -0, Number.MAX_SAFE_INTEGER + 2),
  deepValue,
);

export function idArb(name: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.nat(20).map((n) => new IdRef(name, 'own', n)) },
    { weight: 2, arbitrary: fc.nat(20).map((n) => new IdRef(name, 'other', n)) },
    { weight: 1, arbitrary: fc.constant(new IdRef(name, 'nowhere', 0)) },
    { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom(...HOSTILE)) },
  );
}

const isIdName = (name: string) => /^id$|Id$/.test(name);
const isIdsName = (name: string) => /Ids$/.test(name);

/** A string for a field, by the conventions of its name. */
export function stringArb(name: string): fc.Arbitrary<unknown> {
  if (isIdName(name)) return idArb(name);
  const n = name.toLowerCase();
  const any = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom(...HOSTILE),
    fc.constant('y'.repeat(3000)),
  );
  let typical: fc.Arbitrary<unknown> = fc.string({ minLength: 1, maxLength: 24 });
  if (n.includes('email'))
    typical = fc.oneof(
      fc.nat().map((i) => `fuzz${i}@example.test`),
      fc.emailAddress(),
      fc.constant('not-an-email'),
    );
  else if (n.includes('password')) typical = fc.string({ minLength: 0, maxLength: 24 });
  else if (/date$|day$|on$/.test(n))
    typical = fc.oneof(
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2032-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom(
        '2026-02-30',
        '2026-13-01',
        '0000-01-01',
        '99999-12-31',
        'yesterday',
        '2026-7-1',
        '2026-07-01T10:00:00Z',
      ),
    );
  else if (n.includes('phone'))
    typical = fc.constantFrom('+14155550123', '+442071838750', '555', '+1', '+999999999999999999', 'phone');
  else if (/url|website/.test(n))
    typical = fc.oneof(
      fc.webUrl(),
      fc.constantFrom('https://203.0.113.10/hook', 'http://127.0.0.1/x', 'ftp://x', 'javascript:alert(1)'),
    );
  else if (/rate|amount|price|value|revenue|total/.test(n))
    typical = fc.oneof(
      fc.integer({ min: -10, max: 1_000_000 }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.constantFrom('10.00', '0.001', '-1', '1e309', '9'.repeat(40), 'NaN'),
    );
  else if (n === 'currency') typical = fc.constantFrom('USD', 'EUR', 'usd', 'XXXX', '');
  else if (n === 'sortby')
    typical = fc.constantFrom(
      'createdAt',
      'updatedAt',
      'name',
      'email',
      'lifetimeOrders',
      'expectedCloseDate',
      '__proto__',
      'id; drop',
    );
  return fc.oneof({ weight: 4, arbitrary: typical }, { weight: 1, arbitrary: any });
}

/** A value of an OpenAPI (JSON Schema) schema, sometimes of the wrong kind. */
export function fromJsonSchema(schema: Json, name: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validFromJsonSchema(schema, name, depth) },
    { weight: 1, arbitrary: wrongValue },
  );
}

function validFromJsonSchema(schema: Json, name: string, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum))
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...(schema.enum as unknown[])) },
      { weight: 1, arbitrary: fc.constantFrom('', 'bogus', 'ADMIN') },
    );
  switch (schema.type) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: -3, max: 120 }),
        fc.constantFrom(0, 1, 50, 100, 101, 2_147_483_647, 2_147_483_648, -2_147_483_649),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -5, max: 100 }));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      const item = isIdsName(name)
        ? idArb(name)
        : depth > 3
          ? fc.constant(null)
          : fromJsonSchema(items, name, depth + 1);
      return fc.array(item, { maxLength: 3 });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      if (depth > 3) return fc.constant({});
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromJsonSchema(s, k, depth + 1)]));
      // Mostly every required field; sometimes one missing; sometimes a field the API does not know.
      return fc
        .tuple(
          fc.record(model, { requiredKeys: required }),
          fc.record(model, { requiredKeys: [] }),
          fc.nat(19),
          fc.string({ minLength: 1, maxLength: 8 }),
        )
        .map(([full, some, roll, extra]) => {
          const out: Json =
            roll < 17 ? { ...some, ...Object.fromEntries(required.map((k) => [k, full[k]])) } : { ...some };
          if (roll === 19) out[`x${extra}`] = extra;
          return out;
        });
    }
    case 'string':
    default:
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      return stringArb(name);
  }
}

/** A value of a GraphQL input type, sometimes of the wrong kind (undefined: the field is left out). */
export function fromInputType(type: GraphQLInputType, name: string, depth = 0): fc.Arbitrary<unknown> {
  const inner = getNullableType(type) as GraphQLInputType;
  let valid: fc.Arbitrary<unknown>;
  if (isListType(inner))
    valid = depth > 3 ? fc.constant([]) : fc.array(fromInputType(inner.ofType, name, depth + 1), { maxLength: 3 });
  else if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    const model = Object.fromEntries(fields.map((f) => [f.name, fromInputType(f.type, f.name, depth + 1)]));
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name);
    // Required fields almost always there; optional ones sometimes; now and then a field the schema does not know.
    valid =
      depth > 3
        ? fc.constant({})
        : fc
            .tuple(
              fc.record(model, { requiredKeys: required }),
              fc.record(model, { requiredKeys: [] }),
              fc.nat(19),
              fc.string({ minLength: 1, maxLength: 6 }),
            )
            .map(([full, some, roll, extra]) => {
              const out: Json =
                roll < 17 ? { ...some, ...Object.fromEntries(required.map((k) => [k, full[k]])) } : { ...some };
              if (roll === 19) out[`x${extra}`] = extra;
              for (const [k, v] of Object.entries(out)) if (v === undefined) delete out[k];
              return out;
            });
  } else if (isEnumType(inner))
    valid = fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...inner.getValues().map((v) => v.name)) },
      { weight: 1, arbitrary: fc.constantFrom('', 'BOGUS', 'Admin') },
    );
  else {
    switch (getNamedType(inner).name) {
      case 'ID':
        valid = idArb(name);
        break;
      case 'Int':
        valid = fc.oneof(fc.integer({ min: -3, max: 120 }), fc.constantFrom(0, 1, 50, 100, 101, 2_147_483_647));
        break;
      case 'Float':
        valid = fc.double({ noNaN: true, noDefaultInfinity: true });
        break;
      case 'Boolean':
        valid = fc.boolean();
        break;
      case 'DateTimeISO':
        valid = fc.oneof(
          fc
            .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString()),
          fc.constantFrom('yesterday', '2026-02-30T00:00:00Z'),
        );
        break;
      default:
        valid = stringArb(name);
    }
  }
  const optional = !isNonNullType(type);
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: wrongValue },
    { weight: optional ? 2 : 0, arbitrary: fc.constant(undefined) },
    { weight: optional ? 1 : 0, arbitrary: fc.constant(null) },
  );
}

/** The variables of a root field: an arbitrary per argument (left out when it draws undefined). */
export function variablesArb(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Json> {
  const model = Object.fromEntries(field.args.map((a) => [a.name, fromInputType(a.type, a.name)]));
  return fc
    .record(model, { requiredKeys: [] })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/** Replaces every IdRef in a value with a real id. */
export function resolveIds(value: unknown, resolve: (ref: IdRef) => string): unknown {
  if (value instanceof IdRef) return resolve(value);
  if (Array.isArray(value)) return value.map((v) => resolveIds(v, resolve));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveIds(v, resolve)]));
  return value;
}

/** A stable 32-bit seed of a label under a base seed: adding a row elsewhere does not change this one's requests. */
export function seedOf(base: number, label: string): number {
  let h = base | 0;
  for (const ch of label) h = (Math.imul(h ^ ch.charCodeAt(0), 0x5bd1e995) + 0x6b43a9b5) | 0;
  return h;
}
