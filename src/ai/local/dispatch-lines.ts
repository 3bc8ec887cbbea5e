import type { Cue } from './cue';
import { isListedAction } from './lexicon';
import { machinesOf } from './needs-moves';

/**
 * A dispatch list's line in meeting notes: machines, then "to" and a customer, no verb ("60 ft boom to Pacific Crest
 * Roofing, 6:30am", "Thu: light tower + generator to Harbor Marine", "- Mini ex + trailer to Quinn Homes" under a
 * day's heading): a delivery that day, as "Thu: two scissor lifts to Northgate Electric" is read (`DAY_RUN`).
 */
const THINGS_TO =
  /^(?:((?:[Mm]on|[Tt]ue|[Ww]ed|[Tt]hu|[Ff]ri|[Ss]at|[Ss]un)[a-z]*)\.?\s*:\s+)?((?:[\w'"./-]+\s+(?:(?:\+|&|and)\s+)?){0,7}?[\w'"-]+)\s+to\s+([A-Z][\w&'.-]*(?:\s+(?:[A-Z][\w&'.-]*|&))*)/;
/** Words that make the line a report or a sentence, not a line of the list ("the boom went back to Harbor"). */
const SAID =
  /\b(?:is|are|was|were|went|goes|go|going|came|come|coming|got|get|has|have|had|sent|moved|back|from|I|we|you|he|she|they)\b/i;

/**
 * Reads a notes clause for a dispatch line, with the heading of its list (`heading`, "Mon 7/29"); returns the
 * delivery it lists, dated by the line's own day or else the heading's, or null. A first word that is a verb ("load
 * two towers to ...") is no list line, unless it begins a machine's name ("water trailer").
 */
export function dispatchLineCue(clause: string, heading = ''): Cue | null {
  const m = THINGS_TO.exec(clause.trim());
  if (!m || SAID.test(m[2]) || !machinesOf(m[2]).length) return null;
  const words = m[2].split(/\s+/);
  if (isListedAction(words[0]) && !machinesOf(words.slice(0, 2).join(' ')).length) return null;
  const action = `Deliver ${m[2].replace(/\s+[+&]\s+/g, ' and ')} to ${m[3]}`;
  return { kind: 'noun_request', words: 'things to customer', action, subject: 'none', when: m[1] ?? heading };
}
