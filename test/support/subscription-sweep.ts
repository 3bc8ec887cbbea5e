/**
 * What the sweeps need for the Subscription root fields (docs/testing.md, "The sweeps"): the fields read from the
 * schema, their documents, malformed variables generated from their argument types, and one subscription tried at
 * a time over graphql-ws, told apart as started (a subscriber appeared in the hub) or refused (its errors).
 */
import {
  getNamedType,
  getNullableType,
  GraphQLField,
  GraphQLInputType,
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import type { Client } from 'graphql-ws';
import type { LiveHub } from '../../src/live/live-hub';
import { fullSelection, operationFor } from './schema-sweep';
import { subscribe, until } from './live-client';

export const subscriptionFields = (schema: GraphQLSchema): GraphQLField<unknown, unknown>[] =>
  Object.values(schema.getSubscriptionType()?.getFields() ?? {});

/** A subscription field's document: its arguments as typed variables, two object levels of selection. */
export const subscriptionDocument = (field: GraphQLField<unknown, unknown>) =>
  operationFor('Subscription', field, fullSelection(field.type, 2));

/** A value no argument of this type accepts. */
function wrongFor(type: GraphQLInputType): unknown[] {
  const inner = getNullableType(type) as GraphQLInputType;
  const out: unknown[] = isNonNullType(type) ? [null] : [];
  if (isListType(inner)) return [...out, [{ nested: true }], { not: 'a list' }];
  if (isInputObjectType(inner)) return [...out, 'not an object', { unknownField: 1 }];
  if (isEnumType(inner)) return [...out, 'NOT_A_VALUE', 7];
  const name = getNamedType(inner).name;
  if (name === 'Int' || name === 'Float') return [...out, 'seven', 2 ** 53];
  if (name === 'Boolean') return [...out, 'yes'];
  return [...out, { $ne: null }, ['a', 'b'], 12.5];
}

/**
 * Malformed variables of a field, one argument wrong at a time (the others as `valid` gives them); a field without
 * arguments gets a variable its document does not declare under a name it lacks, in a document that declares it.
 */
export function malformedCases(
  field: GraphQLField<unknown, unknown>,
  valid: Record<string, unknown> = {},
): { document: string; variables: Record<string, unknown> }[] {
  const document = subscriptionDocument(field);
  if (!field.args.length)
    return [
      { document: document.replace(/^subscription (\w+)/, 'subscription $1($bogus: Int!)'), variables: {} },
      { document: document.replace(/^subscription (\w+)/, 'subscription $1($bogus: Int)'), variables: { bogus: 'x' } },
    ];
  return field.args.flatMap((a) =>
    wrongFor(a.type).map((value) => ({ document, variables: { ...valid, [a.name]: value } })),
  );
}

export interface Tried {
  started: boolean;
  errors: { message: string; extensions?: { code?: string } }[];
  stop(): void;
  /** What the subscription received (when it started). */
  received: unknown[];
}

/** Subscribes and waits until it is refused (errors) or started (one more subscriber in `hub`). */
export async function trySubscribe(
  client: Client,
  hub: LiveHub,
  document: string,
  variables: Record<string, unknown>,
): Promise<Tried> {
  const before = hub.subscribers;
  const s = subscribe(client, document, variables);
  let ended = false;
  void s.ended.then(() => (ended = true));
  await until(() => hub.subscribers > before || s.received.length > 0 || ended, `${document.slice(0, 60)} answered`);
  const errors = s.received.flatMap((r) => r.errors ?? []);
  return { started: !errors.length && hub.subscribers > before, errors, stop: s.stop, received: s.received };
}

/** A refusal as the sweeps want it: errors, each with extensions.code, none an internal error. */
export function badRefusal(tried: Tried): string | undefined {
  if (tried.started) return undefined;
  if (!tried.errors.length) return 'neither started nor refused with errors';
  const bad = tried.errors.find((e) => !e.extensions?.code || /INTERNAL/.test(e.extensions.code));
  return bad ? `error without a code or internal: ${JSON.stringify(bad)}` : undefined;
}
