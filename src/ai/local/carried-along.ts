import type { LocalMoment } from './calendar';
import { DateMention, dateMentions } from './due-date';
import type { FramedSentence } from './frame';

/** What carrying a thing along looks like: "bring", "include", "grab", "pack", "throw in", with "also" or not. */
const CARRIED = /^(?:(?:also|too)\s+)?(?:bring|include|grab|pack|throw\s+in)\b/i;
/** A thing made ready for what comes: "We'll pick it up Thursday at 7am. Please have it ready at the counter." */
const READY = /\b(?:ready|prepped)\b/i;
/** Work done on the same visit: "while you're at it", "while you're in there", "while at it", "on the same trip". */
const WHILE_THERE =
  /\bwhile\s+(?:(?:you|we|they)(?:'re|\s+are)|ur|u\s+r|i'm|i\s+am|(?:he|she)(?:'s|\s+is))\s+(?:at\s+it|in\s+there|out\s+there|over\s+there|up\s+there|on\s+site|there)\b|\bwhile\s+at\s+it\b|\b(?:on|in)\s+the\s+same\s+(?:trip|visit|run)\b/i;

interface Dated {
  sentenceIndex: number;
  due: DateMention | null;
}

/**
 * "Maria, bring the spare fuel filter" after "Jake and Maria are heading to the site tomorrow", "I'll include the
 * certificate with the quote" after "I'll send the quote by the end of the month", "Can you also bring spare fuel
 * cans?" after "the generators need to be there by 7am Saturday", "have it ready" after "we'll pick it up on Thursday":
 * a thing carried along (or made ready) on an errand, with no
 * date of its own, is due when the errand is: the date of the nearest task or sentence before it, at most two
 * sentences back. "check the teeth while you're in there", "fuel the saw while you're at it": work done on the same
 * visit is due when the visit is, its day said inside the errand's own words or not.
 */
export function carryAlongDates<C extends Dated & { clause: string; cue: { action: string } }>(
  candidates: C[],
  sentences: FramedSentence[],
  ref: LocalMoment,
): void {
  candidates.forEach((c, i) => {
    const onTheVisit = WHILE_THERE.test(c.clause);
    if (c.due || !(CARRIED.test(c.cue.action) || READY.test(c.clause) || onTheVisit)) return;
    // "also print the dec 12 delivery ticket so its ready": what it is made ready for has a day of its own, said in
    // the task's clause (a day naming the thing, no deadline), so the errand before is not its time.
    if (dateMentions(c.clause, ref, true).some((m) => !m.timeOnly)) return;
    const from = c.sentenceIndex - 2;
    const errand = candidates
      .slice(0, i)
      .filter((o) => o.due && o.sentenceIndex >= from)
      .pop();
    // "Load it on the trailer Thursday afternoon, and grab a spare set of teeth too": an errand of the same sentence
    // whose day stands inside its own words keeps it ("a date inside the first action stays its own"); what is
    // brought on it ("I'll pick it up this morning and bring you a replacement") goes along with it.
    if (
      errand?.due &&
      errand.sentenceIndex === c.sentenceIndex &&
      errand.clause.includes(errand.due.phrase) &&
      !/\bbring\b/i.test(c.cue.action) &&
      !onTheVisit
    )
      return;
    if (errand?.due) {
      c.due = errand.due;
      return;
    }
    // (Work on the same visit goes with a task only: a day the sentences before name may be the visit's event's.)
    if (onTheVisit) return;
    for (let s = c.sentenceIndex - 1; s >= Math.max(0, from); s--) {
      const last = dateMentions(sentences[s].body, ref, true).pop();
      if (last) {
        c.due = { ...last, deadline: true };
        return;
      }
    }
  });
}
