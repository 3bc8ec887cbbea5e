import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { dateMentions } from './due-date';
import type { TextFrame } from './frame';

/**
 * A spoken list's opening that says for when its things are: "Couple things for Monday.", "A few things for
 * tomorrow:", "Note for Monday, ...", "Stuff for Friday -".
 */
const LIST_FOR_DAY =
  /^\W*(?:(?:ok(?:ay)?|so|and|um|uh)[\s,]+)*(?:(?:a\s+)?(?:few|couple(?:\s+of)?|some|two|three|four)\s+)?(?:things?|items?|notes?|stuff|odds\s+and\s+ends|to-?dos?|reminders?)\s+for\s+/i;
/** The day first, then the list: "Today the runs:", "Tomorrow's jobs:", "Monday's list:", "Friday deliveries:". */
const DAY_THEN_LIST =
  /^(\W*(?:(?:ok(?:ay)?|so|and|um|uh)[\s,]+)*)(?:today|tomorrow|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)(?:'s)?\s+(?:the\s+)?(?:runs?|jobs?|list|stops?|deliveries|plan|things?|to-?dos?)\s*:/i;
/** "not a Monday thing", "not for Monday", "no rush on this one": an item the list's day is not for. */
const NOT_THAT_DAY =
  /\bnot\s+(?:a|for)\s+(?:\w+\s+)?(?:thing|today|tomorrow|monday|tuesday|wednesday|thursday|friday)\b/i;

/**
 * "Couple things for Monday. Imogen needs to re-run the Red Mesa statement ... And I want Noemi to call Hatch
 * Electric ...", "Note for Monday, Priya's doing the count, so print the inventory sheets.": a memo's opening that
 * names the day its things are for dates every undated task after it, in its own sentence and the next ones, as a
 * notes heading does (`headedDueDate`), until an item says it is not for that day ("not a Monday thing") or gives
 * a day of its own, which ends the list's reach. The day may come first: "Today the runs: first the scissor lift
 * go to Durango ... Then I pick up the two heaters from Bayfield school".
 */
export function listIntroDay(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): void {
  const at = frame.sentences.findIndex((s) => LIST_FOR_DAY.test(s.body) || DAY_THEN_LIST.test(s.body));
  if (at < 0) return;
  const intro = frame.sentences[at].body;
  // Where the day stands: right after the opening's "for" ("things for the Kessler job Monday" names another
  // thing), or first.
  const dayAt = (LIST_FOR_DAY.exec(intro)?.[0] ?? DAY_THEN_LIST.exec(intro)?.[1] ?? '').length;
  const day = dateMentions(intro, ref).find((m) => !m.timeOnly && intro.indexOf(m.phrase) === dayAt);
  if (!day) return;
  for (let i = at; i < frame.sentences.length; i++) {
    const s = frame.sentences[i];
    if (i > at && NOT_THAT_DAY.test(s.body)) break;
    const here = candidates.filter((c) => c.sentenceIndex === i);
    for (const c of here) if (!c.due) c.due = { ...day, deadline: false };
    if (i > at && here.some((c) => c.due && c.due.day !== day.day)) break;
  }
}
