import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { dateMentions } from './due-date';
import type { FramedSentence } from './frame';

/** The speaker's own arrival: "when I get there", "once I'm on site", "as soon as I arrive", "when we get out there". */
const ON_ARRIVAL =
  /\b(?:when|once|as\s+soon\s+as)\s+(?:(?:i|we)(?:\s+(?:get|am|are)|'m|'re)\s+(?:out\s+|over\s+|up\s+)?(?:there|on\s+site|to\s+the\s+(?:site|job))|(?:i|we)\s+(?:arrive|pull\s+in))\b(?!\s+(?:on|next|this|tomorrow)\b)/i;
/** The speaker under way: "on my way to", "heading out to", "headed up to", "driving over to", "en route". */
const UNDER_WAY =
  /\b(?:on\s+(?:my|our)\s+way\s+(?:to|over|out|up|down)|(?:heading|headed|driving)\s+(?:out\s+|over\s+|up\s+|down\s+)?to|en\s+route)\b/i;

/**
 * "Dan here, on my way to the Arroyo job, ... I'll look at it when I get there", "heading out to Birch now, I'll
 * check the gauge once I'm on site": what the speaker does on arriving is due on the day of the trip told in that
 * sentence or one before it by the same speaker: today's when it names no day (the trip is under way), else its day
 * ("I'm heading to Dunn Thursday, ... when I get there" is Thursday's).
 */
export function onArrival(candidates: Candidate[], sentences: FramedSentence[], ref: LocalMoment): void {
  for (const c of candidates) {
    if (c.due || !ON_ARRIVAL.test(c.clause)) continue;
    const speaker = c.sentence.label?.name ?? null;
    const trip = sentences
      .slice(Math.max(0, c.sentenceIndex - 3), c.sentenceIndex + 1)
      .reverse()
      .find((s) => (s.label?.name ?? null) === speaker && UNDER_WAY.test(s.body));
    if (!trip) continue;
    const said = dateMentions(trip.body, ref).find((m) => !m.timeOnly);
    c.due = said ?? { day: ref.day, phrase: ON_ARRIVAL.exec(c.clause)?.[0] ?? '', deadline: false, timeOnly: false };
  }
}
