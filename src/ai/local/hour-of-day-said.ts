import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { dateMentions } from './due-date';
import type { FramedSentence } from './frame';

/** How many sentences back the day an hour belongs to may stand. */
const REACH = 2;
/** An hour on the clock ("at 7", "6:30", "around ten", "by noon"), not a part of today ("this afternoon", "tonight"). */
const CLOCK_HOUR =
  /^(?:(?:at|by|around|about|before|after|from)\s+)*(?:\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|noon|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+o'?clock)?$/i;

/**
 * "Tomorrow we start framing on Pine Bluff. ... We can pick up at 6:30 when you open?", "you're on the counter
 * tomorrow. Zeke picks up the chipper at 7:30, please have it fueled", "Can I grab it first thing Monday?" / "Sure,
 * I'll have it at the counter at 7.": an hour said with no day of its own is an hour of the day said just before it
 * (earlier in its sentence, or in one of the two sentences before), not of today. Only a later day counts: with none
 * said, or today said, the hour stays today's.
 */
export function hourOfTheDaySaid(candidates: Candidate[], sentences: FramedSentence[], ref: LocalMoment): void {
  for (const c of candidates) {
    if (!c.due?.timeOnly || !CLOCK_HOUR.test(c.due.phrase.trim())) continue;
    // (An hour a later sentence gave the task, "I can be there around ten" after a request, is read where it was said.)
    const saidIn = sentences
      .slice(c.sentenceIndex, c.sentenceIndex + 4)
      .findIndex((s) => s.body.includes(c.due?.phrase ?? ''));
    if (saidIn < 0) continue;
    const said = sentences[c.sentenceIndex + saidIn].body;
    const head = said.slice(0, said.indexOf(c.due.phrase));
    const earlier = sentences
      .slice(Math.max(0, c.sentenceIndex + saidIn - REACH), c.sentenceIndex + saidIn)
      .reverse()
      .map((s) => s.body);
    for (const text of [head, ...earlier]) {
      const day = dateMentions(text, ref)
        .filter((m) => !m.timeOnly)
        .pop();
      if (!day) continue;
      if (day.day > ref.day) c.due = { ...c.due, day: day.day, timeOnly: false };
      break;
    }
  }
}
