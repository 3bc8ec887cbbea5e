import { DateMention, dateMentions, dueDateOf } from './due-date';
import type { LocalMoment } from './calendar';
import { PERIOD_START } from './announced-events';

/**
 * The date a task's own clause gives it, when its action says none (docs/ai.md, "Local provider rules"): a rental
 * period's first or last day for taking a unit out or bringing it back, a date said before the action, a time that
 * opens the clause before "I" or "we", and a date the clause holds besides its action. Each reads the clause, the
 * cue's action and the reference moment, nothing of the sentences around it; which one is asked, and in what order, is
 * extract-tasks.ts's.
 */

/** A period's first day ("starting Thursday", "from the 14th") and its last ("through the 20th", "ends Friday"). */
const PERIOD_END = /\b(?:through|thru|until|till|til|ends?|ending)\s+(?:on\s+)?(?:the\s+)?$/i;
/** Taking a unit out to the customer, and bringing it back. */
const DELIVERS =
  /\b(?:deliver(?:ed|ing)?|drop(?:ped)?(?:\s+off)?|send\s+(?:\w+\s+){0,3}?out|set\s+(?:\w+\s+){0,3}?up|install|get\s+(?:\w+\s+){0,3}?(?:out|there))\b/i;
const BOOKS =
  /\b(?:book|reserve|add|rent|hire|quotes?|quoting|prices?|pricing|extend|keep|hold|charge|bill|invoice|want|wants|need|needs|plan|planning|write|draft|contract|agreement)\b/i;
/** Speaking or writing to someone: "call back", "email", "text", "reply to", "follow up with". */
const SPEAKS_TO = /^\s*(?:\w+\s+)?(?:call|ring|phone|email|e-mail|text|reply|respond|answer|follow\s+up|get\s+back)\b/i;
const COLLECTS =
  /\b(?:pick(?:ed)?\s+(?:\w+\s+){0,3}?up|pick-?up|collect|grab|retrieve|(?:get|bring)\s+(?:\w+\s+){0,3}?back|off-?rent)\b/i;

/**
 * "Drop the scissor lift at the Oak St job for their rental starting Thursday", "Pick up the light towers when
 * their rental ends Friday", "collect the compactor, the rental is until Thursday": a rental period said in the
 * task's own clause is no deadline, but taking the unit out is due on the period's first day and bringing it back
 * on its last. Booking, quoting or extending for the period stays undated ("Book the boom from the 3rd to the 10th").
 */
export function periodBoundDate(clause: string, ref: LocalMoment): DateMention | null {
  if (dateMentions(clause, ref).length) return null;
  for (const m of dateMentions(clause, ref, true)) {
    const before = clause.slice(0, clause.indexOf(m.phrase));
    const verbs = clause.replace(m.phrase, ' ');
    if (PERIOD_START.test(before) && DELIVERS.test(verbs)) return { ...m, deadline: true };
    // "switch them to the weekly rate starting Monday": what starts with the period, unless it is the booking.
    // "call back the guy from Tuesday": a call, a mail or an answer starts nothing; the day names whom it is to.
    if (
      /\b(?:starting|from|beginning)\s+(?:on\s+)?(?:the\s+)?$/i.test(before) &&
      !BOOKS.test(verbs) &&
      !SPEAKS_TO.test(verbs)
    )
      return { ...m, deadline: true };
    if (PERIOD_END.test(before) && COLLECTS.test(verbs)) return { ...m, deadline: true };
  }
  return null;
}

/** A date said before the action ("Tomorrow, call Dave"), not one of another request in the clause. */
export function leadingDate(clause: string, action: string, ref: LocalMoment): DateMention | null {
  const at = clause.indexOf(action.slice(0, 20));
  if (at <= 0) return null;
  // Read with the words after it: "I'm off Friday, get the Harmon quote out" is an absence before a task.
  const mentions = dateMentions(clause, ref).filter((m) => {
    const i = clause.indexOf(m.phrase);
    return i >= 0 && i < at;
  });
  const date = mentions.find((m) => m.deadline) ?? mentions[0];
  return date ? { ...date, leading: true } : null;
}

/**
 * "So first thing Monday I need to get with Jake ..., and then I told Curtis I'd have a number to him before their
 * bid's due, which is the 26th", "Then this afternoon I gotta get the TB240 ready for Monday": a time that opens the
 * clause, right before the speaker and the action, is when the action is done; a day said after it, with no deadline
 * word, is another thing's (the bid's, the pickup's).
 */
const FRONTED =
  /^((?:(?:so|then|and|ok(?:ay)?|uh|um|also|but|now|right)[\s,]+)*(?:first\s+thing\s+(?:on\s+)?)?)([a-z][\w ]{1,30}?)[\s,]+(?:i|we)(?:'ll|'m|'ve)?\s/i;
export function frontedDate(clause: string, ref: LocalMoment): DateMention | null {
  const fronted = FRONTED.exec(clause);
  const mentions = fronted ? dateMentions(fronted[2], ref) : [];
  return mentions.length === 1 && mentions[0].phrase === fronted?.[2] ? { ...mentions[0], leading: true } : null;
}

/**
 * A date said in the task's own clause but neither in its action nor before it (the action read in other
 * words): the clause's, when the clause holds only this action ("I expect a credit and a different unit on
 * Monday" holds two, and Monday is the unit's).
 */
export function ownClauseDate(clause: string, action: string, ref: LocalMoment): DateMention | null {
  if (clause.includes(action.slice(0, 20))) return null;
  const date = dueDateOf(clause, ref);
  const at = date ? clause.indexOf(date.phrase) : -1;
  // "I expect a credit for both days and a different unit on Monday": a date after "and" is a second thing's.
  return date && at >= 0 && !/\band\b/i.test(clause.slice(0, at)) ? date : null;
}
