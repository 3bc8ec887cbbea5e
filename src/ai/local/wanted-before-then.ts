import { anchoredDueDate } from './anchored-due-date';
import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import type { TextFrame } from './frame';

/**
 * A wish or a need pointing back with "then" / "that": "I'd like it before then", "we need before that", "we'll want
 * them by then" (the team's promise, "You'll have the quote before then", is `answerWhen`'s on a call).
 */
const WANTED_BY_THEN = /\b(?:need|needs|want|wants|like)\b[^.;!?]{0,40}?\b(?:before|by)\s+(?:then|that)\b/i;

/** How many sentences after a task the wish may stand. */
const REACH = 3;

/**
 * "Could you send me a price? Our council packet closes Wednesday so I'd like it before then.", "Please can you
 * correct and send the invoice? We close the month on the 25th so we need it before that.": a sentence with no task
 * of its own, one of the next three with no other task between, that says when the thing asked for is wanted by
 * pointing back ("before then", "by that") dates the last task before it: the eve of the day the pointer reaches
 * (the end itself when that is the end of a period), read as "before then" is everywhere (`anchoredDueDate`).
 */
export function wantedBeforeThen(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): void {
  for (const c of candidates) {
    if (c.due) continue;
    for (let i = c.sentenceIndex + 1; i <= c.sentenceIndex + REACH && i < frame.sentences.length; i++) {
      // (A task of another sentence between them is what the wish is about, if anything is.)
      if (candidates.some((o) => o.sentenceIndex === i || (o.sentenceIndex > c.sentenceIndex && o.sentenceIndex < i)))
        break;
      const s = frame.sentences[i];
      if (!WANTED_BY_THEN.test(s.body)) continue;
      const earlier = frame.sentences.slice(0, i).map((x) => x.text);
      c.due = anchoredDueDate(s.text, earlier, ref);
      break;
    }
  }
}
