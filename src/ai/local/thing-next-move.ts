import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { dateMentions } from './due-date';
import type { TextFrame } from './frame';

/**
 * What happens next to the thing a request is about, told with a pronoun for it: "we'd need it", "they'll want
 * them", "Ortiz is picking it up", "we're bringing everything back", "he takes them out".
 */
const THING_MOVES =
  /\b(?:(?:(?:'d|'ll|will|would)\s+)?(?:need|want|require)s?\s+(?:it|them|those|these|everything)(?!\s+for\b)|(?:pick|bring|tak|haul)(?:s|es|e|ing)?\s+(?:it|them|those|these|everything)\s+(?:up|back|out|in)|(?:pick|bring|tak)(?:s|es|e|ing)?\s+(?:up|back|out|in)\s+(?:it|them|those|these|everything))\b/i;

/**
 * "Swap the blade on the walk-behind saw. Ortiz is picking it up tomorrow morning.", "Can you make sure the return
 * check-in doesn't charge us for those? We're bringing everything back Wednesday.", "Can we add a second boom to the
 * order? We'd need it on site Monday the 8th.": the sentence right after an undated request, with no task of its
 * own, that tells the next move or need of the thing asked about ("it", "them", "everything") on a day dates the
 * request: it has to be done by then. A day that is no deadline there (a past day, someone's day off) is not read,
 * nor the day of what the thing is needed for ("need it for a job thurs": the job's day, as `carryDeadlines` reads it).
 */
export function thingsNextMove(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): void {
  for (const c of candidates) {
    if (c.due) continue;
    const i = c.sentenceIndex + 1;
    const next = frame.sentences[i];
    if (!next || candidates.some((o) => o.sentenceIndex === i) || frame.dialogue) continue;
    // (Another task later in the request's own sentence is nearer to what the next sentence is about.)
    if (candidates.some((o) => o.sentenceIndex === c.sentenceIndex && o.clause.length && isAfter(c, o))) continue;
    const move = THING_MOVES.exec(next.body);
    if (!move) continue;
    const day = dateMentions(next.body.slice(move.index), ref).find((m) => !m.timeOnly);
    if (day) c.due = { ...day, deadline: true };
  }
}

const isAfter = (c: Candidate, o: Candidate) => c.sentence.body.indexOf(o.clause) > c.sentence.body.indexOf(c.clause);
