import type { LocalMoment } from './calendar';
import { DateMention, dateMentions } from './due-date';
import type { FramedSentence } from './frame';

/** What carrying a thing along looks like: "bring", "include", "grab", "pack", "throw in", with "also" or not. */
const CARRIED = /^(?:(?:also|too)\s+)?(?:bring|include|grab|pack|throw\s+in)\b/i;
/** A thing made ready for what comes: "We'll pick it up Thursday at 7am. Please have it ready at the counter." */
const READY = /\b(?:ready|prepped)\b/i;

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
 * sentences back.
 */
export function carryAlongDates<C extends Dated & { clause: string; cue: { action: string } }>(
  candidates: C[],
  sentences: FramedSentence[],
  ref: LocalMoment,
): void {
  candidates.forEach((c, i) => {
    if (c.due || !(CARRIED.test(c.cue.action) || READY.test(c.clause))) return;
    const from = c.sentenceIndex - 2;
    const errand = candidates
      .slice(0, i)
      .filter((o) => o.due && o.sentenceIndex >= from)
      .pop();
    if (errand?.due) {
      c.due = errand.due;
      return;
    }
    for (let s = c.sentenceIndex - 1; s >= Math.max(0, from); s--) {
      const last = dateMentions(sentences[s].body, ref, true).pop();
      if (last) {
        c.due = { ...last, deadline: true };
        return;
      }
    }
  });
}
