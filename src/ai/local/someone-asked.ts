import { isListedAction } from './lexicon';

/**
 * "so somebody order that Monday please", "somebody book that with the inspector": "somebody" or "someone" (from the
 * shop, from the yard) with a desk verb in its base form after it, no modal between, is a command to whoever takes
 * it, as "please somebody check it" is; so is a non-native writer's "somebody from shop need to look at ...". Not
 * after "if", "when", "whether", "that", a modal or a telling verb, where it is no command ("told her someone
 * check ...").
 */
const SOMEONE_VERB =
  /(?<!\b(?:if|when|whether|that|told|asked|said|until|till|unless|before|after|can|could|would|will|should|may|might)\s+)\b(?:someone|somebody)(?:\s+from\s+(?:the\s+)?[a-z]+)?\s+(?:need\s+to\s+)?([a-z]+)\b/i;

/**
 * Reads a clause for "somebody / someone <base verb>"; returns it with "please <verb>" in their place (read where the
 * clause as written gives no cue), or as it was.
 */
export function someoneAsked(clause: string): string {
  const m = SOMEONE_VERB.exec(clause);
  if (!m || !isListedAction(m[1])) return clause;
  return `${clause.slice(0, m.index)}please ${clause.slice(m.index + m[0].length - m[1].length)}`;
}
