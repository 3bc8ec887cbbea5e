import { anchoredDueDate, LEAD_BEFORE, WEEKDAY_AFTER } from './anchored-due-date';
import { eveOfDaySaidBefore } from './before-said-day';
import type { Clause } from './clauses';
import type { Cue } from './cue';
import { DateMention, dateMentions, dueDateOf, headedDueDate, SAME_DAY } from './due-date';
import { unhurriedFromAbove } from './unhurried';
import type { SentenceAt } from './candidate';
import { lineDay } from './note-lists';
import { frontedDate, leadingDate, ownClauseDate, periodBoundDate } from './clause-dates';
import { headingsBefore } from './headings';

/**
 * The date of a cue read in a clause (read by clause-candidates.ts): its own words' day, a day its clause points back
 * to among the sentence's clauses before it (`said`) and the text's sentences before (`earlier`), the clause's own
 * dates, a heading's; none where a later step is handed to another or the text above says there is no hurry. A day
 * said before the first action is marked as leading (every action of the group's).
 */
export function cueDue(
  cue: Cue,
  clause: Clause,
  at: SentenceAt,
  said: string[],
  earlier: string[],
  oneCue: boolean,
): DateMention | null {
  const { sentence, index, frame, ref } = at;
  // "On Friday please take the truck ... and refill it at noon": the day said first, not the hour after.
  const own = dueDateOf(cue.when ? `${cue.action} ${cue.when}` : cue.action, ref);
  const anchors =
    /\b(?:before|by|ahead\s+of|prior\s+to)\s+(?:then|that)\b|\bthen\s*[.!?]?$/i.test(clause.text) ||
    // "Please deliver it then and have your driver get Walt's signature", "so order it then and let them know".
    /\b(?:it|them|those|one|him|her|us)\s+then\s*(?:[,;]|and\b)/i.test(clause.text) ||
    // "Hannah sends the draft plan in the next couple of weeks; Kwame reviews pricing before it goes out."
    // "the post driver needs to go out Monday ..., gotta get those swapped before it leaves": its earlier clauses too.
    /\bbefore\s+(?:it|they)\s+(?:go(?:es)?\s+(?:out|anywhere)|leaves?|ships?(?:\s+out)?)\s*[.!?]?$/i.test(
      clause.text,
    ) ||
    SAME_DAY.test(clause.text);
  const sameDay = SAME_DAY.test(clause.text) ? anchoredDueDate(clause.text, [...earlier, ...said], ref) : null;
  const anchored = anchoredDueDate(
    clause.text,
    anchors ? [...earlier, ...said] : earlier,
    ref,
    frame.sentences[index + 1]?.text,
  );
  // "... this afternoon and the tooth I need to order, they're closed til the 4th so order it then": the day
  // "then" points back to is nearer than a day said before the action.
  const thenSaid = /\b(?:it|them|those|one|him|her|us)\s+then\b/i.test(clause.text) && anchored?.phrase === 'then';
  const dated = cue.move
    ? // A need's or a schedule's move: the time said with the thing; a delivery is always for a day, the nearest
      // one said (the clause's, the sentence's, the next's, the one before); a pickup or a move without one has none.
      // ("Job start the 3rd of January and she need it there the day before": a day pointed back to comes first.)
      (own ??
      (anchored && /\b(?:before|then|ahead|prior)\b/i.test(anchored.phrase) ? anchored : null) ??
      (/^deliver/i.test(cue.action)
        ? ([clause.text, sentence.text, frame.sentences[index + 1]?.text, frame.sentences[index - 1]?.text]
            .map((t) => (t ? dateMentions(t, ref)[0] : undefined))
            .find((d) => d) ?? null)
        : null))
    : // "Dan's out Thursday, so have him look at the roller before then": the eve of the day pointed back to.
      (eveOfDaySaidBefore(clause.text, cue.action, ref) ??
      // "the Monday after the gala": the weekday is counted from the event's day, not from today.
      // "the letter about the Feb 1 increase, out two weeks before it takes effect": counted back from that day.
      ((thenSaid && !own) || (anchored && (WEEKDAY_AFTER.test(anchored.phrase) || LEAD_BEFORE.test(anchored.phrase)))
        ? anchored
        : null) ??
      sameDay ??
      (own && !own.deadline ? frontedDate(clause.text, ref) : null) ??
      (own?.timeOnly ? (leadingDate(clause.text, cue.action, ref) ?? lineDay(clause.text, ref) ?? own) : own) ??
      leadingDate(clause.text, cue.action, ref) ??
      (oneCue ? ownClauseDate(clause.text, cue.action, ref) : null) ??
      anchored ??
      periodBoundDate(clause.text, ref) ??
      headedDueDate(headingsBefore(frame, index), ref));
  const due =
    dated && (handedOn(clause.text, cue.action, dated.phrase) || unhurriedFromAbove(frame, index, dated.phrase))
      ? null
      : dated;
  // "Before it leaves, please grease the boom and check the load chart": said before the first action, every one's.
  const action = clause.text.indexOf(cue.action.slice(0, 20));
  if (
    due &&
    !askedAbout(cue.action, due) &&
    due === anchored &&
    action > 0 &&
    anchored.phrase &&
    clause.text.indexOf(anchored.phrase) >= 0
  ) {
    if (clause.text.indexOf(anchored.phrase) < action) due.leading = true;
  }
  return due;
}

/**
 * "Luis asks Kwame whether we can add a third trencher before July": a day inside the question asked is the
 * question's ("Ask Jake if the trailer's free Saturday"), a deadline word or not.
 */
const ASKS_WHETHER = /^ask\s+(?:[A-Z][a-z'-]+|him|her|them)\s+(?:whether|if)\b/i;
export function askedAbout(action: string, due: DateMention): boolean {
  const asked = ASKS_WHETHER.exec(action);
  return !!asked && action.indexOf(due.phrase) > asked.index + asked[0].length;
}

/**
 * "Priya: draft the customer letter, Maria to review it by 2/26": a deadline said after another member is named to
 * take the next step is that step's (the review's), not the action's before it.
 */
const HANDED_ON = /,\s*(?:and\s+|then\s+)?[A-Z][a-z]+\s+(?:to|will|should|can)\s+[a-z]+\b[^,;]*$/;
function handedOn(clause: string, action: string, phrase: string): boolean {
  const at = clause.indexOf(phrase);
  const from = clause.indexOf(action.slice(0, 20));
  if (at < 0 || from < 0) return false;
  const handoff = HANDED_ON.exec(clause.slice(0, at));
  return !!handoff && handoff.index > from && !/^,\s*(?:and\s+|then\s+)?(?:I|We)\b/.test(handoff[0]);
}
