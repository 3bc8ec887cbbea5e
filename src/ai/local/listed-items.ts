import type { LocalMoment } from './calendar';
import type { Cue } from './cue';
import { dueDateOf } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import { REQUEST_NOUNS } from './lexicon';
import { namesNotAsks } from './noun-lines';
import type { TeamDirectory } from './team';
import { tagsOf } from './words';

/** A member named in the line, not as its label: "... before Monday (Sam)", "cert renewals, Maria, end of month". */
const IN_LINE = /\s*\(([A-Z][a-z'-]+)\)|,\s*([A-Z][a-z'-]+)\s*,/;

const EVENT_BEFORE =
  /\b(?:audit|meeting|walkthrough|walk-through|inspection|kickoff|kick-off|visit|appointment|pour|training|party|demo)\s+(?:is\s+|on\s+)?$/i;

const EVENT_VERB =
  /\b(?:comes?\s+(?:back|in)|arrives?|returns?|go(?:es)?\s+out|ships?(?:\s+out)?|starts?|ends?|is|are|was|were|will)\b/i;

/**
 * A paper the item names first, its head ("written quote to Milos by Friday", "credit memos for the Ortiz
 * overbilling", "fleet quote to Brightline", "90 day rate quote for ..."): sent or issued, dated or not ("invoice cleanup" is no paper, nor is a
 * technician or a replacement a paper).
 */
const PAPERS = Object.keys(REQUEST_NOUNS).filter(
  (n) => !/^(?:tech|technician|mechanic|replacement|update|numbers)$/.test(n),
);
const DELIVERABLE = new RegExp(
  `^(?:(?:a|an|the|our|[\\w-]+)\\s+){0,3}?(${PAPERS.join('|')})(?:s|es)?(?:\\s+(?:memo|note|letter|form|pack)s?)?(?=\\s+(?:to|for|on|by|from|with|before|and)\\b|\\s*[.,;]?$)`,
  'i',
);

/**
 * Work the item names first ("250-hr service on the two Bobcat T650s", "500 hr service on gen #4", "500 hr services on G-12 ...", "annual inspection
 * of the forklifts"): doing it, dated or not; what it says after a comma or a "before they ..." is no part of its length.
 */
const WORK =
  /^(?:(?:a|an|the|\d+[\s-]?(?:hr|hour|h)|annual|monthly|weekly|quarterly|yearly|full|quick|safety|pre-delivery)\s+){1,2}(?:service|inspection|tune-up|oil\s+change)s?(?=\s+(?:on|of|for|to)\b)/i;

/**
 * A note's item given to a member as a noun phrase with its deadline: "- Kwame: new heater rate card by end of
 * the month", "Ray: trailer 2 brake check Friday", "PPE for the new hires before Monday (Sam)". The member is to
 * complete the thing named; a line with no date ("Hannah: the contact") or one that opens with a verb (read by
 * the other cues) is no such item.
 */
export function listedItemCue(
  clause: string,
  sentence: FramedSentence,
  frame: TextFrame,
  ref: LocalMoment,
  team: TeamDirectory,
): Cue | null {
  const inLine = IN_LINE.exec(clause);
  const named = inLine ? team.find(inLine[1] ?? inLine[2]) : null;
  const member = sentence.label?.member ?? named;
  const item = named && inLine ? clause.replace(inLine[0], ' ').trim() : clause;
  const date = dueDateOf(item, ref);
  const paper = DELIVERABLE.exec(item);
  const work = WORK.exec(item);
  const said = work ? item.split(/,\s+|\s+(?=(?:before|after|once|when)\s+(?:they|it|he|she|we)\b)/)[0] : item;
  if (frame.dialogue || !member || said.split(/\s+/).length > 10 || (!date && !paper && !work)) return null;
  // "Monday huddle 12/13 - Jake, Dan, Sam": a heading with its day and who came, no item.
  if (namesNotAsks(clause)) return null;
  const words = `${sentence.label?.name ?? member.firstName}: (item)`;
  if (work && sentence.label?.member) return { kind: 'imperative', words, action: `do ${item}`, subject: 'none' };
  // "Tom: written quote to Milos by Friday": the paper sent ("written" before it is its adjective, no verb).
  if (paper && sentence.label?.member)
    return { kind: 'noun_request', words, action: `${REQUEST_NOUNS[paper[1].toLowerCase()]} ${item}`, subject: 'none' };
  if (!date) return null;
  // "Tom - Harmon audit Thurs.": an event and its day, not a thing to complete.
  if (EVENT_BEFORE.test(item.slice(0, item.indexOf(date.phrase)))) return null;
  // "Jake - the loaners come back Friday.": a thing and what it does, not a thing to complete.
  if (EVENT_VERB.test(item.slice(0, item.indexOf(date.phrase)))) return null;
  const first = tagsOf(item)[0]?.tags;
  if (!first || first.has('Verb') || first.has('Pronoun') || first.has('Copula')) return null;
  const action = `complete ${item}`;
  return sentence.label?.member || !named
    ? { kind: 'imperative', words, action, subject: 'none' }
    : { kind: 'imperative', words, action, subject: 'member', member: named };
}
