import type { LocalMoment } from './calendar';
import { DateMention, dateMentions, NOT_DEADLINE } from './due-date';
import { EXTENDED_TO } from './rental-end';
import type { Candidate } from './candidate';
import { waitsForADay } from './waited-for';

/** A span the last action has to fit in, not a day for the whole sequence: "in the next few days", "by month end". */

/**
 * "Update the contract and send him the invoice tomorrow": both are due tomorrow (same owner). A date said
 * inside the first action stays its own: "I'll schedule a pickup Thursday and adjust the invoice". A period
 * said after the last is shared too ("reserve them and send him a contract by the end of the month": both by
 * then), as the labelling conventions say since round seven and the second labeller's pass applied to the
 * corpus's early labels (docs/ai.md, "A second labeller's pass").
 */
const SPAN =
  /\bfrom\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\s+(?:through|thru|to|until|till|til)\s+(?:the\s+)?(?:\d|(?:mon|tue|wed|thu|fri|sat|sun))/i;
const WRITERS_LAST = /^[^.;!?]*?,\s*and\s+(?:i|we)(?:'ll|\s+will|\s+need\s+to|\s+have\s+to|\s+must)\s/i;
export function shareGroupDates(candidates: Candidate[], ref: LocalMoment): void {
  candidates.forEach((c, i) => {
    // "so tomorrow I'm gonna swing by, and check the burner": a date said before the first action is every one's,
    // also one of the same sentence after a subject of its own ("Tomorrow early I bring him battery and I check ...").
    const leading = candidates
      .slice(0, i)
      .find((o) => (o.group === c.group || o.sentenceIndex === c.sentenceIndex) && o.due?.leading);
    if (!c.due && leading?.owner.id === c.owner.id) c.due = leading.due;
    // "I'll split it by event and send the new version tomorrow": "by event" is how, not when.
    if (
      c.due ||
      /\b(?:before|until|by(?!\s+(?:event|job|site|phone|e-?mail|text|hand|truck|mail|post|fax|project|unit|item|category|location|courier|cheque|check|card|cash)\b))\b/i.test(
        c.clause,
      )
    )
      return;
    // The date must be said after the last action of the group: in "apologize, get the adapter out today, and
    // knock a day off" it is the middle one's.
    // "let Ortiz know the new pump comes in Thursday, and load the hoses today": an action whose own words give a day
    // that is not its deadline (what is told, an event's) was given none; a period's end ("extend both through January 3rd and email the
    // agreement by Friday") still shares.
    // "For the holiday party on the 18th, can you reserve the back room ... and collect the headcount by Friday?": an
    // event's day said before the action, as its topic, is not the action's own (both are due Friday, as the second
    // labeller's pass read round seven's convention).
    const from = Math.max(0, c.clause.indexOf(c.cue.action.slice(0, 20)));
    const words = c.clause.slice(from);
    const ownDays = dateMentions(words, ref, true).filter((m) => !m.timeOnly);
    const wordsBefore = (m: DateMention) => words.slice(0, Math.max(0, words.indexOf(m.phrase)));
    if (ownDays.some((m) => !NOT_DEADLINE.test(wordsBefore(m)) && !EXTENDED_TO.test(wordsBefore(m)))) return;
    // "print the invoices from the 1st through the 5th, and take the pump to the pour on Friday": a whole span said
    // names what the action is about (a new end alone, "extend both through January 3rd", still shares).
    if (SPAN.test(c.clause)) return;
    const later = candidates.slice(i + 1).filter((o) => o.group === c.group);
    const sibling = later.find((o) => o.due && o.owner.id === c.owner.id && o === later[later.length - 1]);
    if (sibling?.due) c.due = sibling.due;
    // "Find the service history and the hour reading, and I'll put a price together by Tuesday", "Run the aging
    // report, and I need to send statements ... before the 30th": the writer's own last action, said after ", and",
    // is coordinated with the one before (the same owner), and its deadline is both's (round seven's convention).
    const next = candidates[i + 1];
    if (
      !c.due &&
      next?.due?.deadline &&
      next === candidates.filter((o) => o.sentenceIndex === c.sentenceIndex).pop() &&
      next.sentenceIndex === c.sentenceIndex &&
      next.owner.id === c.owner.id &&
      WRITERS_LAST.test(c.sentence.body.slice(c.sentence.body.indexOf(c.clause) + c.clause.length))
    )
      c.due = next.due;
  });
}

/**
 * "Check it tomorrow. If it's the tire, swap it.": what to do if the check finds something is done on that
 * visit, so an undated conditional task of the same member takes the date of the task just before it.
 */
export function datedByTheStepBefore(candidates: Candidate[]): void {
  candidates.forEach((c, i) => {
    const before = candidates[i - 1];
    if (c.due || !before?.due || before.owner.id !== c.owner.id || waitsForADay(c.clause)) return;
    if (before.sentenceIndex === c.sentenceIndex - 1 && /^if\b/i.test(c.sentence.body.trim())) c.due = before.due;
    // "I'm gonna call Pete tomorrow and if I don't get anywhere I'll put them on credit hold": the same, said on.
    if (before.sentenceIndex === c.sentenceIndex && /^if\b/i.test(c.clause.trim())) c.due = before.due;
  });
}
