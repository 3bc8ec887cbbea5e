import type { LocalMoment } from './calendar';
import { anchoredDueDate } from './anchored-due-date';
import { DateMention, dateMentions } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import { HIGH_CUES, LOW_CUES } from './lexicon';

/**
 * What a sentence next to a task says of when, read by the cross-sentence passes (neighbour-deadlines.ts,
 * announced-events.ts, call-answers.ts): a line that only says when, a promise's time, a deadline said, a need and a
 * day agreed.
 */

/** "today if poss", "No rush, sometime this month.", "Not urgent, anytime in the next month is fine.". */
export function onlySaysWhen(body: string, ref: LocalMoment): boolean {
  const date = dateMentions(body, ref)[0];
  if (!date) return false;
  // "Same pickup time, 7 am.": the booking's time kept as it was, no time to act by.
  if (/\bsame\s+(?:\w+\s+)?time\b/i.test(body)) return false;
  const rest = body
    .replace(date.phrase, ' ')
    .replace(new RegExp(LOW_CUES.source, 'gi'), ' ')
    .replace(new RegExp(HIGH_CUES.source, 'gi'), ' ')
    .replace(/\b(?:is|are|would\s+be|works?)\s+(?:fine|ok|okay|good|great)\b/gi, ' ')
    .replace(/[^\w\s']/g, ' ');
  return rest.split(/\s+/).filter(Boolean).length <= 3 && !OWN_SUBJECT.test(rest.trim());
}

/**
 * "I'll send Ray with the kit. He'll be there by eleven." / "You'll have it this afternoon.": the promise's time; the
 * thing promised may be "them", "that" or "something", said as had or got to the customer ("You'll have them this
 * week.", "I'll have something to you before then."), not a "have them call you".
 */
export const PROMISE =
  /^(?:you|he|she|they|we|i|[A-Z][a-z]+)(?:'ll|\s+will|\s+can)\s+(?:have\s+it|have\s+(?:the|your)\s+[\w-]+(?=\s+(?:by|before|this|next|on|in|within|first|early|later|end|tomorrow|today|tonight)\b|\s*[.,!]|$)|be\s+(?:there|here|on\s+site)|get\s+(?:it|there)|(?:have|get)\s+(?:them|that|those|these|something)\b(?!\s+(?!to\b|over\b|back\b|by\b|before\b|this\b|next\b|on\b|in\b|within\b|first\b|early\b|later\b|end\b|tomorrow\b|today\b|tonight\b)[a-z]))\b/i;
export function promised(next: FramedSentence | undefined, ref: LocalMoment): DateMention | null {
  return next && PROMISE.test(next.body) ? (dateMentions(next.body, ref)[0] ?? null) : null;
}

const OWN_SUBJECT =
  /^(?:will\s+\w|(?:the|our|their|your|my|this|that)\s+\w+\s+\w|(?:i|we|you|he|she|they|it)(?:'ll|'m|'re|'s|\s+(?:will|can|am|are|is|should|must))?\s+\w)/i;

/** The deadline said in a sentence: a day after by or before, or "before then" pointing back to one said earlier. */
export function deadlineOf(said: string, frame: TextFrame, s: FramedSentence, ref: LocalMoment): DateMention | null {
  return (
    dateMentions(said, ref).find((m) => m.deadline) ??
    (/\b(?:by|before)\s+then\b/i.test(said)
      ? anchoredDueDate(
          s.text,
          frame.sentences.slice(0, frame.sentences.indexOf(s)).map((x) => x.text),
          ref,
        )
      : null)
  );
}

// ("looking to decide by end of next wk" after a price asked for: the decision the thing is needed for.)
export const NEEDS =
  /\b(?:need|needs|needed|want|wants|require|requires|required|must\s+have|decide|decides|decision)\b/i;

/** "Monday afternoon it is.", "Thursday works for us.": a day agreed for the thing talked about. */
export const AGREED_DAY = /\b(?:it\s+is|it's|works(?:\s+for\s+(?:me|us))?|sounds\s+good)\s*[.!]*\s*$/i;
