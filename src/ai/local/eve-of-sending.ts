import { addDays, LocalMoment } from './calendar';
import type { Candidate } from './candidate';

/** "before I send it", "before he sends it", "before it goes out", "before they ship": the thing's sending. */
const BEFORE_SENDING =
  /\bbefore\s+(?:(?:i|we|he|she|they|you|[A-Z][a-z]+)\s+(?:send|ship|deliver|drop|mail|e-?mail)s?\s+(?:it|them|that)|(?:it|they)\s+(?:goes|go|ships?|leaves?)(?:\s+out)?)\b/i;
/**
 * A task that sends or brings the thing: "send the quote", "get you a quote", "get it to Foxglove", "deliver the boom",
 * "run it out".
 */
const SENDS =
  /\b(?:send|ship|deliver|drop|mail|e-?mail|bring|quote|get\s+(?:you|him|her|them|us|me)\b|get\s+(?:\S+\s+){0,4}?to|run\s+(?:it|them)\s+out)\b/i;

/**
 * "I'll get you a quote by Thursday ... I'll have Hank go out and look at the site before I send it", "Tom: get the
 * bill of sale to Foxglove by Wednesday / Priya: check the payments, tell Tom before he sends it", "Cody, deliver it
 * Sunday evening ... Deb, get a card on file before it goes out": a task said to come before the sending of a thing
 * another task of the text sends on a day is due on that day's eve (the nearest such task; "before then" read the
 * same way in `anchoredDueDate`). Read last, once the sending has its date.
 */
/** A task that takes a machine somewhere: a move read from a need or schedule, a delivery, a drop-off. */
const carries = (o: Candidate) =>
  !!o.cue.move || /\b(?:deliver|drop|bring|haul|run\s+(?:it|them)\s+out)\b/i.test(o.cue.action);

export function eveOfSending(candidates: Candidate[], ref: LocalMoment): void {
  candidates.forEach((c, i) => {
    // The pointer in its clause or said on after it in its sentence, where any task between is the same member's
    // ("check whether the payments count, tell Tom before he sends it": both Priya's).
    const body = c.sentence.body;
    const from = Math.max(0, body.indexOf(c.clause));
    const pointer = BEFORE_SENDING.exec(body.slice(from));
    if (c.due || !pointer) return;
    const at = from + pointer.index;
    const between = candidates.filter(
      (o) =>
        o !== c && o.sentenceIndex === c.sentenceIndex && body.indexOf(o.clause) > from && body.indexOf(o.clause) < at,
    );
    if (between.some((o) => o.owner.id !== c.owner.id)) return;
    // "before it goes out" is a machine's going: only a delivery's day is its day ("send the quote by Thursday, and
    // check the hydraulics before it goes back out" is the excavator's own next rental, no date).
    const goesOut = /^before\s+(?:it|they)\b/i.test(pointer[0]);
    const sending = candidates
      .map((o, k) => ({ o, far: Math.abs(k - i) }))
      .filter(
        ({ o }) =>
          o !== c && o.due && !o.due.timeOnly && (goesOut ? carries(o) : o.cue.move || SENDS.test(o.cue.action)),
      )
      .sort((a, b) => a.far - b.far)[0]?.o;
    if (!sending?.due) return;
    const eve = addDays(sending.due.day, -1);
    if (eve >= ref.day) c.due = { day: eve, phrase: pointer[0], deadline: true };
  });
}
