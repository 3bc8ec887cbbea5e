import { addDays, LocalMoment } from './calendar';
import { AWAY_WORDS, DateMention, dateMentions } from './due-date';

/**
 * A "before" that points back to a day said earlier in the task's own sentence (docs/ai.md, "Local provider rules",
 * round twenty-two): "Dan's out Thursday, so have him look at the roller before then", "the Kessler boom tues, need it
 * washed b4 it goes". The day stands in a part of the sentence of its own, before the action (a comma, "so" or
 * "and" between), and the "before" after the action names no day of its own: the day is what the "before" points to,
 * so the task is due on its eve, not on the day itself. A day that opens the action's own words ("Tomorrow I need to
 * grease the mini ex before the 8am delivery") is the action's, and an hour said with the pointer ("before they go
 * out at 6") keeps the day.
 */
const POINTER =
  /\b(?:before|prior\s+to|ahead\s+of)\s+(?:then|that|(?:it|they|he|she)(?:'s|'re|\s+is|\s+are)?\s+(?:go(?:es)?(?:\s+out)?|leaves?|ships?|heads?\s+out|starts?|arrives?|comes?\s+in)|(?:the|their|our|his|her)\s+\w+)\b/i;
/**
 * Where the action is found in the text, so the day is known to stand before it, any event told with a pronoun and
 * its verb points back too: "expires 7/31 - Hank book it before it runs out", "before we close".
 */
const ANY_EVENT =
  /\b(?:before|prior\s+to|ahead\s+of)\s+(?:then|that|(?:it|they|he|she|we)(?:'s|'re|\s+is|\s+are)?\s+[a-z]+(?:\s+out)?|(?:the|their|our|his|her)\s+\w+)\b/i;
/** ", which is the 26th", "'s due, that's Thursday": the pointed-to event's day told right after it. */
const TOLD_AFTER = /^[\w' ]{0,20},\s*(?:which|that)(?:'s|\s+is|\s+are|\s+will\s+be)\s+(?:on\s+)?/i;
/** Between the day and the action: the day's part of the sentence ends ("Thursday, so", "tues, need it"). */
const PART_ENDS = /[,;:\u2013\u2014]|\s-\s|\b(?:so|and)\b/i;

export function eveOfDaySaidBefore(clause: string, action: string, ref: LocalMoment): DateMention | null {
  // (An action read in other words, "need it washed" as "wash it", is looked for from the clause's first word.)
  const found = clause.indexOf(action.slice(0, 20));
  const at = Math.max(0, found);
  const pointer = (found > 0 ? ANY_EVENT : POINTER).exec(clause.slice(at));
  if (!pointer || found === 0) return null;
  // "I'd have a rough number to him before their bid's due, which is the 26th": the day the pointer's event is told
  // in a relative clause right after it, its eve too.
  const after = clause.slice(at + pointer.index + pointer[0].length);
  const told = TOLD_AFTER.exec(after);
  const rest = told ? after.slice(told[0].length) : '';
  const toldDay = told ? dateMentions(rest, ref)[0] : undefined;
  if (told && toldDay && !toldDay.timeOnly && rest.indexOf(toldDay.phrase) <= 4) {
    // (The phrase runs to the day told, so that the title drops the whole "before their bid's due, which is the 26th".)
    const end = told[0].length + rest.indexOf(toldDay.phrase) + toldDay.phrase.length;
    return eveOf(toldDay.day, pointer[0] + after.slice(0, end), ref);
  }
  // "before the trade show on the 28th", "before they go out at 6 tmrw": the pointer says its own day or hour;
  // "give it a once-over Mon am before it goes out again": the action its own.
  if (dateMentions(clause.slice(found > 0 ? at : at + pointer.index), ref, true).length) return null;
  const head = clause.slice(0, found > 0 ? at : pointer.index);
  // An absence's day is what "before then" points to ("Dan's out Thursday"), so it is read too (a past day is not:
  // "the skid steer that came back Friday, swap the tires before it goes out").
  const plain = dateMentions(head, ref).map((m) => m.phrase);
  const day = dateMentions(head, ref, true)
    .filter((m) => plain.includes(m.phrase) || AWAY_WORDS.test(head.slice(0, head.indexOf(m.phrase))))
    .filter((m) => !m.timeOnly && !m.deadline)
    .pop();
  if (!day) return null;
  // (The phrase may end in the comma that closes its part: "Thursday,".)
  const between = head.slice(head.lastIndexOf(day.phrase) + day.phrase.length - 1);
  if (!PART_ENDS.test(between)) return null;
  return eveOf(day.day, pointer[0], ref);
}

function eveOf(day: string, phrase: string, ref: LocalMoment): DateMention | null {
  const eve = addDays(day, -1);
  return eve >= ref.day ? { day: eve, phrase, deadline: true } : null;
}
