import { Field, ID, ObjectType } from 'type-graphql';

/** E.164: a plus sign, a country code that does not start with 0, 15 digits at most in all. */
export const E164 = /^\+[1-9]\d{1,14}$/;
export const E164_MESSAGE = 'phone must be in E.164 format, e.g. +14155550123';

/** What a delete answers: the id that no longer exists. */
@ObjectType()
export class DeletePayload {
  @Field(() => ID) id: string;
  @Field() message: string;
}

export function deleted(id: string, what: string): DeletePayload {
  return { id, message: `${what} deleted` };
}

/** Trims, lower-cases and turns empty strings into null: how every stored email is normalised. */
export function normalizeEmail(email: string | null | undefined): string | null | undefined {
  if (email === undefined || email === null) return email;
  const e = email.trim().toLowerCase();
  return e === '' ? null : e;
}

/** Copies the keys of `patch` that are present (not undefined) onto `target`; null clears a nullable field. */
export function applyPatch<T extends object, K extends keyof T>(
  target: T,
  patch: Partial<Record<K, unknown>>,
  keys: readonly K[],
): void {
  for (const key of keys) {
    const value = patch[key];
    if (value !== undefined) (target as Record<K, unknown>)[key] = value;
  }
}
