import { isActionVerb } from './words';

/**
 * A "please <verb>" that ends its clause with nothing after the verb (docs/ai.md, "Local provider rules", round
 * twenty-three's finding more): "the invoice charges us for the fuel but we brought it back full, please check.",
 * "we want the same roller again Saturday, please reserve.". A writer who is not a native speaker leaves the object
 * out where it is the thing just said; read as "please <verb> it", the pronoun is the thing of the clause before
 * (`pronouns.ts`), as the request with "it" always was.
 *
 * Only the desk's verbs that act on a thing are read so: "Please do.", "please confirm", "please advise" and "please
 * call" ask nothing done to a thing said before.
 */
// The verb, then nothing, or only when it is done ("load Tuesday afternoon", "check once it is back").
const ELIDED =
  /^([a-z]+)((?:\s+(?:once|when|after|before|by|on|at|tomorrow|today|tonight|this|next|first|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b[^,;]*)?)\s*[.!]*\s*$/i;
const ON_A_THING =
  /^(?:remove|reserve|check|fix|load|revise|correct|cancel|refund|credit|update|change|extend|book|waive|adjust|resend|delete|hold)$/i;

/**
 * The clause with "it" after a bare verb that closes it (or only its time follows), the verb after `m` (a request's
 * "please", a notes' "Hank to"); else as it was.
 */
export function withElidedObject(clause: string, m: RegExpMatchArray): string {
  const end = (m.index ?? 0) + m[0].length;
  const [, verb, when] = ELIDED.exec(clause.slice(end)) ?? [];
  return verb && ON_A_THING.test(verb) && isActionVerb(verb) ? `${clause.slice(0, end)}${verb} it${when}` : clause;
}
