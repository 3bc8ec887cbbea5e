import type { Cue } from './cue';
import { isListedAction } from './lexicon';
import { baseOf } from './words';

/**
 * A member's item that names the thing and the state it is to be in, with no verb before it ("Dmitri: boom and
 * telehandler for Ostrowski fueled and greased before go out", "Greta: all track loaders serviced before the rush"):
 * the work that puts it there ("fuel and grease ...", "service ..."), as "get X serviced" is read. Only with a
 * deadline after it: "Sam: Harbor order confirmed" reports a state reached.
 */
const STATE = /^((?:[\w#'/-]+\s+){0,7}?[\w#'/-]+)\s+([a-z]+ed)(?:\s+(?:and|&)\s+([a-z]+ed))?\b(.*)$/;

/** A deadline said after the state ("before the rush", "by Friday"): the work is still to do, not reported done. */
const DEADLINE_AFTER =
  /^\s*,?\s*(?:before|by|ahead\s+of|prior\s+to|today|tomorrow|tonight|asap|first\s+thing|(?:this|next)\s+\w+)\b/i;

/** The base of a participle that is a desk verb ("serviced" -> "service", "tagged" -> "tag"), or null. */
function deskBaseOf(participle: string): string | null {
  const base = baseOf(participle);
  return base && isListedAction(base) ? base : null;
}

/**
 * Reads a member's item for "<thing> <participle> (and <participle>) <deadline>"; returns the work as a cue, or null.
 */
export function itemStateCue(clause: string): Cue | null {
  const m = STATE.exec(clause.trim());
  if (
    !m ||
    !DEADLINE_AFTER.test(m[4]) ||
    isListedAction(m[1].split(/\s+/)[0]) ||
    /\b(?:is|are|was|were|been|be|has|have|had)\b/i.test(m[1])
  )
    return null;
  const first = deskBaseOf(m[2]);
  const second = m[3] ? deskBaseOf(m[3]) : null;
  if (!first || (m[3] && !second)) return null;
  const verbs = second ? `${first} and ${second}` : first;
  return {
    kind: 'imperative',
    words: `${m[2]}${m[3] ? ` and ${m[3]}` : ''}`,
    action: `${verbs} ${m[1]}${m[4]}`,
    subject: 'none',
  };
}
