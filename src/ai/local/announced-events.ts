import type { LocalMoment } from './calendar';
import { DateMention, dateMentions } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import { AGREED_DAY, NEEDS } from './said-when';
import { TeamDirectory } from './team';
import { verbForms } from './words';

/**
 * The day of an event or a start said in a sentence before a task, which the task gets ready for (read by
 * neighbour-deadlines.ts): an event announced, an arrival or a start, a rental period's first day.
 */

export const PERIOD_START = /\b(?:starting|starts?|from|beginning|begins?)\s+(?:on\s+)?(?:the\s+)?$/i;

/**
 * "Go ahead and book the 10K telehandler for our framing start on the 27th, 4 weeks. ... we'll need it delivered to
 * the north gate", "They want 2 light towers ... starting June 1 ... Jake to line up a pilot car for the delivery": a
 * delivery with no day of its own goes out on the first day of the rental period said in one of the six sentences
 * before it.
 */
export function startSaidBefore(frame: TextFrame, index: number, ref: LocalMoment): DateMention | null {
  for (const s of frame.sentences.slice(Math.max(0, index - 6), index).reverse()) {
    const start = dateMentions(s.body, ref, true).find((m) =>
      PERIOD_START.test(s.body.slice(0, s.body.indexOf(m.phrase))),
    );
    if (start && !start.timeOnly) return { ...start, deadline: true };
  }
  return null;
}

/** What may follow the day that ends an announcement: its hour ("friday 8am", "Tuesday 10am", "tomorrow at seven"). */
const ENDS_WITH_DAY =
  /^\s*(?:(?:at\s+)?(?:\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?:\s+o'clock)?\s*(?:am|pm|a|p)?|(?:in\s+the\s+)?(?:morning|afternoon|first\s+thing))?\s*[.!]?\s*$/i;
const NAMED_DAY = /\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d/i;
/** Not an event: someone away or a place shut ("Sam is off Friday", "The yard is closed Monday"). */
const AWAY = /\b(?:off|out|away|vacation|holiday|leave|closed|sick|gone)\b/i;

/** The weekday or date that ends a sentence (its hour may follow): "The pour at Dunn is Thursday.". */
export function announcedDay(body: string, ref: LocalMoment, tomorrow = false): DateMention | null {
  const last = dateMentions(body, ref)
    .filter((m) => !m.timeOnly)
    .pop();
  if (!last || !ENDS_WITH_DAY.test(body.slice(body.lastIndexOf(last.phrase) + last.phrase.length))) return null;
  // A day named by its weekday or date: "tomorrow" or "today" ending a remark is more often its circumstance.
  return NAMED_DAY.test(last.phrase) || (tomorrow && /^tomorrow\b/i.test(last.phrase))
    ? { ...last, deadline: true }
    : null;
}
/** "Safety meeting tomorrow at seven.": an event named with no verb, then its day; "tomorrow" there is its day too. */
const EVENT_HEADLINE =
  /^\s*(?:[\w'-]+\s+){0,3}?(?:meeting|inspection|audit|training|walkthrough|walk-through|pour|visit|demo|orientation|huddle)\s+tomorrow\b/i;

/**
 * "The pour at Dunn is Thursday. Get the mixer out there.", "Our board meets Thursday. Could you send the revised
 * quote?", "Kessler walkthrough Tuesday 10am. Print the damage report.": the task-less sentence just before
 * announces an event whose day ends it (its hour may follow), told in the present (compromise's tense:
 * "Ortiz dropped the roller back on Tuesday" is done), not someone's absence and not the writer's or a member's own
 * plan ("I'm in Dallas Thursday", "Sam is off Friday") nor a need ("They need two trowels Thursday. Reserve them"
 * is booked now), and the task's own sentence names no day: the task is the getting ready for it, due on its day.
 */
export function announcedBefore(
  previous: FramedSentence | undefined,
  ref: LocalMoment,
  team: TeamDirectory,
): DateMention | null {
  // "We've got a kitchen exhaust cleaning job Thursday night and need it working for that. Can someone come look
  // at it?": a need that points back to the event said before it dates the request on the event's day.
  const forThat = previous && NEEDED_FOR_IT.exec(previous.body);
  const eventDay =
    forThat &&
    dateMentions(previous.body.slice(0, forThat.index), ref, true)
      .filter((m) => !m.timeOnly)
      .pop();
  if (eventDay) return { ...eventDay, deadline: true };
  if (!previous || /\?\s*$/.test(previous.body) || AWAY.test(previous.body) || NEEDS.test(previous.body)) return null;
  // "Monday afternoon it is.", "He's fine with Thursday or Friday.": a day agreed for, or a choice of days offered
  // for, the thing talked about, not an event the next action gets ready for.
  if (AGREED_DAY.test(previous.body) || DAY_OR_DAY.test(previous.body)) return null;
  const last = announcedDay(previous.body, ref, EVENT_HEADLINE.test(previous.body));
  if (!last) return null;
  // "We have our crew meeting Thursday at 7", "we've got the Ortiz contract review Thursday at 2": an event the
  // writer has, told as "there is".
  const body = previous.body.replace(HAS_EVENT, 'there is the');
  // "Sure, I'll email it today", "We'll pick it up Friday": a plan of the writer, the customer or a member.
  if (/\b(?:i|we|you)\b|'ll\b|\bwill\b/i.test(body) || team.find(body.split(/[\s,']+/)[0] ?? '')) return null;
  if (verbForms(body).some((v) => /past|perfect/.test(v.form))) return null;
  // "Vega's job wraps up the 22nd. Invoice them for the first two weeks.": an end announced is no event to get ready
  // for (bringing the unit back is read by the pickup rules).
  if (ENDS_WORK.test(body)) return null;
  return { ...last, deadline: true };
}
const DAY_OR_DAY =
  /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+or\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;
const NEEDED_FOR_IT =
  /\b(?:need|needs|want|wants)\s+(?:it|them|this|that|one|the\s+\w+)\s+(?:\w+\s+)?(?:for|by)\s+(?:that|then|it)\b/i;
const HAS_EVENT = /\b(?:we|i)\s*(?:have|'ve\s+got|got|'re\s+having|are\s+having)\s+(?:a|an|the|our|their|my)\b/i;
const ENDS_WORK = /\b(?:wrap(?:s|ping)?\s+up|ends?|ending|finish(?:es|ing)?|completes?|(?:is|are)\s+(?:done|over))\b/i;

/**
 * "Ms. Wu comes to the yard tomorrow at 10. Luis, prepare the two machines.", "Ortiz starts the foundation on Monday
 * the 21st. Jake, get it out there.": getting ready for an arrival or a start the task-less sentence just before
 * announces is due on its day.
 */
/** Getting ready: "prepare the two machines", "get it out there", "have the mats ready", "set up his locker". */
export const PREPARES =
  /\b(?:prepare|get\s+(?:\w+\s+){0,3}?(?:ready|out\s+there|on\s+site|over\s+there)|have\s+(?:\w+\s+){0,4}?ready|set\s+(?:\w+\s+)?up|make\s+sure|block\s+(?:an?\s+)?(?:hour|time|slot))\b/i;
/** An arrival or a start announced: "Ms. Wu comes to the yard tomorrow", "Ortiz starts the foundation on Monday". */
const ANNOUNCED =
  /\b(?:come|comes|coming|visit|visits|visiting|start|starts|starting|arrive|arrives|arriving|shows?\s+up|will\s+be\s+(?:here|there|in))\b/i;
export function saidBefore(previous: FramedSentence | undefined, ref: LocalMoment): DateMention | null {
  const announced = previous && ANNOUNCED.exec(previous.body);
  if (!previous || !announced) return null;
  // The day said with the arrival or start (read though a start's day is no deadline), not one of the past.
  const date = dateMentions(previous.body.slice(announced.index), ref, true).find((m) => !m.timeOnly);
  return date ? { ...date, deadline: true } : null;
}
