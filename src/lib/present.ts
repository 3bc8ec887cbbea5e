/**
 * A value the code knows is there (a key it just put in a map, a row it just built), checked rather than
 * asserted with `!`: if the assumption is ever broken, the error names it instead of a TypeError later.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
