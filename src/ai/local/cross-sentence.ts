import { addDays, LocalMoment } from './calendar';
import { anchoredDueDate } from './anchored-due-date';
import { customerCalendarDay } from './customer-calendar';
import { DateMention, dateMentions, dueDateOf, NOT_DEADLINE } from './due-date';
import { FramedSentence, TextFrame } from './frame';
import { FILLERS, HIGH_CUES, LOW_CUES } from './lexicon';
import { EXTENDED_TO } from './rental-end';
import { TeamDirectory } from './team';
import { verbForms } from './words';
import type { Candidate } from './candidate';
import { waitsForADay } from './waited-for';

/**
 * Passes over the candidate tasks that read each one against the sentences around it (docs/ai.md, "Local provider
 * rules"): a date shared by a coordinated group or carried from the step before, a deadline said a sentence or a
 * list later, a meeting's next date, a rental period's start, and in a dialogue the request the team's answer
 * settles and the time the answer gives. extract-tasks.ts runs them in order after reading the clauses.
 */

export const PERIOD_START = /\b(?:starting|starts?|from|beginning|begins?)\s+(?:on\s+)?(?:the\s+)?$/i;

/**
 * "Go ahead and book the 10K telehandler for our framing start on the 27th, 4 weeks. ... we'll need it delivered to
 * the north gate", "They want 2 light towers ... starting June 1 ... Jake to line up a pilot car for the delivery": a
 * delivery with no day of its own goes out on the first day of the rental period said in one of the six sentences
 * before it.
 */
function startSaidBefore(frame: TextFrame, index: number, ref: LocalMoment): DateMention | null {
  for (const s of frame.sentences.slice(Math.max(0, index - 6), index).reverse()) {
    const start = dateMentions(s.body, ref, true).find((m) =>
      PERIOD_START.test(s.body.slice(0, s.body.indexOf(m.phrase))),
    );
    if (start && !start.timeOnly) return { ...start, deadline: true };
  }
  return null;
}

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

/** "can u do it", "could you handle that", "pls do it": the task of the sentence before asked for again. */
const DO_IT =
  /\b(?:(?:can|could|would|will)\s+(?:you|u|ya|someone|somebody)\s+|pls\s+|please\s+)?(?:do|handle)\s+(?:it|that|this|them)\b/i;
/** "today if poss", "No rush, sometime this month.", "Not urgent, anytime in the next month is fine.". */
function onlySaysWhen(body: string, ref: LocalMoment): boolean {
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
const PROMISE =
  /^(?:you|he|she|they|we|i|[A-Z][a-z]+)(?:'ll|\s+will|\s+can)\s+(?:have\s+it|have\s+(?:the|your)\s+[\w-]+(?=\s+(?:by|before|this|next|on|in|within|first|early|later|end|tomorrow|today|tonight)\b|\s*[.,!]|$)|be\s+(?:there|here|on\s+site)|get\s+(?:it|there)|(?:have|get)\s+(?:them|that|those|these|something)\b(?!\s+(?!to\b|over\b|back\b|by\b|before\b|this\b|next\b|on\b|in\b|within\b|first\b|early\b|later\b|end\b|tomorrow\b|today\b|tonight\b)[a-z]))\b/i;
function promised(next: FramedSentence | undefined, ref: LocalMoment): DateMention | null {
  return next && PROMISE.test(next.body) ? (dateMentions(next.body, ref)[0] ?? null) : null;
}

const OWN_SUBJECT =
  /^(?:will\s+\w|(?:the|our|their|your|my|this|that)\s+\w+\s+\w|(?:i|we|you|he|she|they|it)(?:'ll|'m|'re|'s|\s+(?:will|can|am|are|is|should|must))?\s+\w)/i;
/** "Updated.", "Done.", "All set, ...": a team line that says the thing is done. */
const DONE =
  /^(?:(?:ok(?:ay)?|sure|great),?\s+)?(?:done|updated|fixed|changed|sent|booked|all\s+set|taken\s+care\s+of|that's\s+done)\b/i;

/**
 * "Can you update it on the account?" / "Sure, what's the new one?" / "410 Harbor Drive." / "Updated.": done while
 * talking, no task: a team line within the next three that starts by saying it is done.
 */
function doneOnTheCall(c: Candidate, frame: TextFrame): boolean {
  const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
  return frame.sentences.some(
    (s) =>
      lines.includes(s.line) &&
      s.label?.member &&
      frame.sentences.find((f) => f.line === s.line) === s &&
      DONE.test(s.body),
  );
}

const NEEDS_OTHER_WORK =
  /\b(?:need|needs|want|wants|require|requires)\s+(?:the\s+)?(?:setup|set-up|delivery|install(?:ation)?|pick-?up|drop-?off)\s+(?:no\s+later\s+than|by|before)\b/i;
/** Work said as what has to be done: "it's got to be fixed", "the swap has to be done", "it needs to be redone". */
const OBLIGED_DONE =
  /\b(?:has|have|'s\s+got|'ve\s+got|got|gotta|needs?|must)\s+(?:to\s+)?be\s+(?:done|finished|fixed|sorted|[a-z]+ed)\b/i;
/** The deadline said in a sentence: a day after by or before, or "before then" pointing back to one said earlier. */
function deadlineOf(said: string, frame: TextFrame, s: FramedSentence, ref: LocalMoment): DateMention | null {
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

/**
 * A needed-by date in a task-less neighbour on the same line: "I'd like a quote for ... We need the numbers
 * by Tuesday." (the next sentence), "The broker needs the fleet list by end of the month. Priya, please pull
 * the serials." (the one before), or a next sentence that only says when: "pls send someone. today if poss"; or
 * a clause before it in its own sentence ("Tom wants the rate sheet by the 1st, so Maria, draft it").
 */
export function carryDeadlines(candidates: Candidate[], frame: TextFrame, ref: LocalMoment, team: TeamDirectory): void {
  const taskless = (i: number, line: number) => {
    const s = frame.sentences[i];
    return s && s.line === line && !candidates.some((o) => o.sentenceIndex === i) ? s : undefined;
  };
  for (const c of candidates) {
    if (c.due) continue;
    const next = taskless(c.sentenceIndex + 1, c.sentence.line);
    const previous = taskless(c.sentenceIndex - 1, c.sentence.line);
    // "The new foreman starts June 28. By then we need the cards reissued. Can you sort that?": "by then" too, and
    // "Our inspection's Thursday ... / I'll email you the cert. / I'll need it before the inspector gets there.": the
    // day before the event an earlier sentence gives.
    // "Could you put together a quote and hold the equipment? We would need setup no later than 2 pm on the 23rd.":
    // the need of another piece of work, with its deadline, dates that work, not the request before it.
    const needed = (s?: FramedSentence) =>
      s && NEEDS.test(s.text) && !NEEDS_OTHER_WORK.test(s.text)
        ? (dateMentions(s.text, ref).find((m) => m.deadline) ??
          (/\b(?:by|before)\s+then\b|\bbefore\s+the\s+\w+/i.test(s.text)
            ? anchoredDueDate(
                s.text,
                frame.sentences.slice(0, frame.sentences.indexOf(s)).map((x) => x.text),
                ref,
              )
            : null))
        : null;
    // "today if poss" only says when; "I'll come by Monday" is a plan of its own (a subject and its verb).
    // "skid steer @ dunn needs new teeth on the bucket. sam can u do it mon": a line that only asks for it to be done
    // at a time says when too.
    const when =
      next && onlySaysWhen(next.body.replace(DO_IT, ' '), ref) ? (dateMentions(next.body, ref)[0] ?? null) : null;
    // "Tom wants a new rate sheet by the first of next month, so Maria, draft it": a task-less clause before it.
    const at = c.sentence.body.indexOf(c.clause);
    const head = at > 0 ? c.sentence.body.slice(0, at) : '';
    const headTaskless = !candidates.some(
      (o) => o !== c && o.sentenceIndex === c.sentenceIndex && head.includes(o.clause),
    );
    const inHead = head && headTaskless ? needed({ ...c.sentence, text: head }) : null;
    // "Could you send me the updated statement? Our accountant needs it Friday.": someone's need of the thing asked
    // for ("it", "them"), its named day ending the sentence ("need it for a job thurs" is the job's day).
    const neededBack =
      next && /\b\w+\s+(?:needs|wants|requires)\s+(?:it|them|that|those|this|these)\s+(?!for\b)/i.test(next.body)
        ? announcedDay(next.body, ref)
        : null;
    // "Could you send us a copy of the damage waiver?" / (a paragraph on) "We need it by Thursday,": the need of the
    // thing asked for, with its deadline, in the sentence after on a line of its own.
    const after = frame.sentences[c.sentenceIndex + 1];
    const neededAfter =
      after &&
      after.line !== c.sentence.line &&
      !candidates.some((o) => o.sentenceIndex === c.sentenceIndex + 1) &&
      /\b(?:need|needs|want|wants|require|requires)\s+(?:it|them|that|those|this|these)\b/i.test(after.body)
        ? needed(after)
        : null;
    // "Could you send the updated certificate of insurance? ... Thanks, Rosa / P.S. Our insurer needs it by the 10th.":
    // a postscript's need of the thing asked for, with its deadline, dates the last request before it.
    const postscript = frame.sentences.find(
      (s, i) =>
        i > c.sentenceIndex && /^\s*p\.?\s?s\.?\s/i.test(s.text) && !candidates.some((o) => o.sentenceIndex === i),
    );
    const lastBefore =
      postscript &&
      !candidates.some(
        (o) => o.sentenceIndex > c.sentenceIndex && o.sentenceIndex < frame.sentences.indexOf(postscript),
      );
    const neededLater =
      postscript &&
      lastBefore &&
      /\b(?:need|needs|want|wants|require|requires)\s+(?:it|them|that|this)\b/i.test(postscript.text)
        ? needed(postscript)
        : null;
    // "... and send her the corrected one. To the accounts email. She said they're cutting checks on the 22nd so it's
    // got to be fixed before then.", "get it swapped when it comes in. ... So the swap has to be done by Thursday.":
    // the work said again as what has to be done by a day, in one of the next two task-less sentences with no task
    // between, dates the last task before it.
    // (The frame may read the sentence as a passive task of its own, "it's got to be fixed"; it is this one again.)
    const saysAgain = (i: number) => {
      const s = frame.sentences[i];
      const own = candidates.filter((o) => o.sentenceIndex === i);
      return s && s.line === c.sentence.line && own.every((o) => o.cue.kind === 'passive') ? s : undefined;
    };
    const between = candidates.filter((o) => candidates.indexOf(o) > candidates.indexOf(c) && o.cue.kind !== 'passive');
    const obliged = [1, 2]
      .map((k) => saysAgain(c.sentenceIndex + k))
      .find((s, k) => s && OBLIGED_DONE.test(s.body) && (k === 0 || taskless(c.sentenceIndex + 1, c.sentence.line)));
    const obligedAt = obliged ? frame.sentences.indexOf(obliged) : -1;
    const obligedBy =
      obliged && !between.some((o) => o.sentenceIndex <= obligedAt)
        ? deadlineOf(obliged.body.slice(OBLIGED_DONE.exec(obliged.body)?.index ?? 0), frame, obliged, ref)
        : null;
    c.due =
      needed(next) ??
      neededBack ??
      neededAfter ??
      neededLater ??
      obligedBy ??
      customerCalendarDay(next, ref) ??
      when ??
      promised(next, ref) ??
      needed(previous) ??
      inHead ??
      sentenceDate(c, candidates, ref) ??
      partOfToday(c, frame, ref) ??
      (PREPARES.test(c.clause) ? saidBefore(previous, ref) : null) ??
      (dateMentions(PREPARES.test(c.clause) ? othersClausesOut(c, candidates) : c.sentence.body, ref).length
        ? null
        : announcedBefore(
            frame.dialogue || sameSender(frame, c.sentenceIndex)
              ? taskless(c.sentenceIndex - 1, frame.sentences[c.sentenceIndex - 1]?.line ?? -1)
              : previous,
            ref,
            team,
          )) ??
      (/\bdeliver(?:ed|ing|y)?\b/i.test(c.clause) && !/\b(?:book|reserve|quote|price|extend|hold)/i.test(c.clause)
        ? startSaidBefore(frame, c.sentenceIndex, ref)
        : null);
  }
}

/**
 * "Safety meeting tomorrow at seven. Print the sign in sheets tonight and make sure the coffee is ordered.": the
 * task's sentence without the clauses (or, in a shared clause, the actions) of its other tasks that have a date of
 * their own ("tonight" is the printing's), so getting ready for the event announced before still takes its day.
 */
function othersClausesOut(c: Candidate, candidates: Candidate[]): string {
  return candidates
    .filter((o) => o !== c && o.sentenceIndex === c.sentenceIndex && o.due)
    .reduce((body, o) => body.replace(o.clause === c.clause ? o.cue.action : o.clause, ' | '), c.sentence.body);
}

/**
 * "- Jake: restack the cones / - Dan: fix the drain / All of the above by Friday.", "Deadline for both: Thursday.",
 * "Need all of it done before the auditors come Monday.": a task-less line after a list that gives all of it a
 * deadline dates each undated task of the lines just above it (back to the last line without one).
 */
export const WRAP_UP =
  /\b(?:get|have)\s+(?:all\s+(?:of\s+)?)?(?:that|it|this|them|these|those|the\s+above|everything)\s+(?:done|finished|sorted|wrapped\s+up)\b/i;
/**
 * "Jake: fix the gate latch by next meeting" under "Weekly ops meeting - Mon 11/1": the next meeting's day, a line
 * that gives it ("Next meeting Friday 12/17"), else a week after the weekly meeting's dated header (the labelling
 * conventions, acme-11).
 */
const NEXT_MEETING = /\b(?:by|before|for|at)\s+(?:the\s+)?next\s+(?:meeting|huddle|sync)\b/i;
export function byNextMeeting(candidates: Candidate[], lines: string[], ref: LocalMoment): void {
  const waiting = candidates.filter((c) => !c.due && NEXT_MEETING.test(c.clause));
  if (!waiting.length) return;
  const told = lines.find((l) => /^\W*next\s+(?:meeting|huddle|sync)\b/i.test(l));
  const header = lines.find((l) => l.trim());
  const weekly = header && /\bweekly\b/i.test(header) ? dateMentions(header, ref, true)[0] : undefined;
  const day = (told && dateMentions(told, ref, true)[0]?.day) ?? (weekly ? addDays(weekly.day, 7) : null);
  if (day) for (const c of waiting) c.due = { day, phrase: 'next meeting', deadline: true, timeOnly: false };
}

const COLLECTIVE =
  /\b(?:all\s+(?:of\s+)?(?:it|that|them|this|these|those|the\s+above)|the\s+above|both|everything|each\s+of\s+(?:them|these|those))\b/i;
const DEADLINE_SAID = /\b(?:by|before|due|deadline|no\s+later\s+than|prior\s+to|ahead\s+of)\b/i;
export function closingDeadlines(candidates: Candidate[], frame: TextFrame, ref: LocalMoment, lines: string[]): void {
  frame.sentences.forEach((s, i) => {
    // "Deadline for both: Thursday.": the frame reads "Deadline for both" as a label; the line says it all.
    const said = frame.sentences.filter((o) => o.line === s.line).length === 1 ? (lines[s.line] ?? s.body) : s.body;
    if (candidates.some((c) => c.sentenceIndex === i) || !COLLECTIVE.test(said) || !DEADLINE_SAID.test(said)) return;
    const due = dateMentions(said, ref)[0];
    if (!due) return;
    for (let j = i - 1; j >= 0; j--) {
      const above = candidates.filter((c) => c.sentenceIndex === j);
      if (!above.length) break;
      for (const c of above) c.due ??= { ...due, deadline: true };
    }
  });
}

/**
 * "Lena: crew starts at the new site fri" / "Lena: can u move the scissor lift over there": a thread's earlier message
 * from the same sender (the line before, with the same label, not a member) is read as the sentence before.
 */
function sameSender(frame: TextFrame, index: number): boolean {
  const [before, here] = [frame.sentences[index - 1], frame.sentences[index]];
  return (
    !!before?.label && !before.label.member && before.label.name === here?.label?.name && before.line === here.line - 1
  );
}

/**
 * "Morning huddle 3/17" / "- Kwame and Luis each need to call their afternoon customers to push deliveries": under a
 * heading dated the day it was written, a part of the day that names which things are meant ("afternoon customers",
 * "the morning run") is that day's; "tomorrow afternoon", "a free afternoon", "every morning" are not.
 */
const PART_OF_DAY =
  /\b(?<!\b(?:tomorrow|next|every|each|a|one|free|any|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s)(?:morning|afternoon|evening)\s+(?!off\b|of\b|or\b|and\b)[a-z]{3,}/i;
function partOfToday(c: Candidate, frame: TextFrame, ref: LocalMoment): DateMention | null {
  const heading = frame.sentences[0];
  if (!heading?.heading || c.sentence === heading || !PART_OF_DAY.test(c.clause)) return null;
  const written = dateMentions(heading.text, ref, true).some((m) => m.day === ref.day && !m.timeOnly);
  return written ? { day: ref.day, phrase: PART_OF_DAY.exec(c.clause)?.[0] ?? '', deadline: true } : null;
}

/** What may follow the day that ends an announcement: its hour ("friday 8am", "Tuesday 10am", "tomorrow at seven"). */
const ENDS_WITH_DAY =
  /^\s*(?:(?:at\s+)?(?:\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?:\s+o'clock)?\s*(?:am|pm|a|p)?|(?:in\s+the\s+)?(?:morning|afternoon|first\s+thing))?\s*[.!]?\s*$/i;
const NAMED_DAY = /\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d/i;
/** Not an event: someone away or a place shut ("Sam is off Friday", "The yard is closed Monday"). */
const AWAY = /\b(?:off|out|away|vacation|holiday|leave|closed|sick|gone)\b/i;

/** The weekday or date that ends a sentence (its hour may follow): "The pour at Dunn is Thursday.". */
function announcedDay(body: string, ref: LocalMoment, tomorrow = false): DateMention | null {
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
function announcedBefore(
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
export const AGREED_DAY = /\b(?:it\s+is|it's|works(?:\s+for\s+(?:me|us))?|sounds\s+good)\s*[.!]*\s*$/i;
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
const PREPARES =
  /\b(?:prepare|get\s+(?:\w+\s+){0,3}?(?:ready|out\s+there|on\s+site|over\s+there)|have\s+(?:\w+\s+){0,4}?ready|set\s+(?:\w+\s+)?up|make\s+sure|block\s+(?:an?\s+)?(?:hour|time|slot))\b/i;
/** An arrival or a start announced: "Ms. Wu comes to the yard tomorrow", "Ortiz starts the foundation on Monday". */
const ANNOUNCED =
  /\b(?:come|comes|coming|visit|visits|visiting|start|starts|starting|arrive|arrives|arriving|shows?\s+up|will\s+be\s+(?:here|there|in))\b/i;
function saidBefore(previous: FramedSentence | undefined, ref: LocalMoment): DateMention | null {
  const announced = previous && ANNOUNCED.exec(previous.body);
  if (!previous || !announced) return null;
  // The day said with the arrival or start (read though a start's day is no deadline), not one of the past.
  const date = dateMentions(previous.body.slice(announced.index), ref, true).find((m) => !m.timeOnly);
  return date ? { ...date, deadline: true } : null;
}

/**
 * "Maria updates the deposit policy; due: 7/9": a deadline (by, before, due, no later than) in a clause of the
 * task's sentence that holds no task is the sentence's tasks'; a bare day there may be a period's or an absence's
 * ("Sam is off Thursday and Friday next week, so Jake, cover his calls").
 */
function sentenceDate(c: Candidate, candidates: Candidate[], ref: LocalMoment): DateMention | null {
  const rest = candidates
    .filter((o) => o.sentenceIndex === c.sentenceIndex)
    .reduce((body, o) => body.replace(o.clause, ' | '), c.sentence.body);
  const mentions = rest.split(' | ').flatMap((part) => dateMentions(part, ref));
  return mentions.find((m) => m.deadline) ?? null;
}

/**
 * In a transcript, a customer's request that the next team speaker answers with a commitment
 * ("Can someone take a look tomorrow?" / "I'll have Maria come out") is one task: the commitment.
 */
const CUSTOMERS_PROMISE = /\b(?:i|we)\s+(?:promise|swear|guarantee)\b|^(?:i|we)(?:'ll|\s+will|\s+can)\s/i;
export function dropAnsweredRequests(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): Candidate[] {
  const kept = candidates.filter((c) => {
    if (c.sentence.label?.member || c.cue.subject === 'first') return true;
    if (doneOnTheCall(c, frame)) return false;
    // The answer is on the next line, or a few lines on after questions back and forth ("Yes, for the whole
    // month?" / "October 5 to 30." / "Got it, I'll send it over tomorrow."), with no other request between.
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
    const answer = candidates.find(
      (o) =>
        o.sentence.label?.member &&
        lines.includes(o.sentence.line) &&
        (o.sentence.line === lines[0] || o.cue.subject === 'first') &&
        !candidates.some((x) => x !== c && x.sentence.line > c.sentence.line && x.sentence.line < o.sentence.line),
    );
    // "End of the month, I promise." / "Alright, I'll note that on the account.": the customer's own promise dates
    // what they do, not the team's answer to it.
    if (answer && !answer.due && !CUSTOMERS_PROMISE.test(c.sentence.body.replace(FILLERS, ''))) answer.due = c.due;
    return !answer;
  });
  // "We need them delivered by 6am tomorrow." / "I'll move the delivery.": the answer takes the date asked for.
  for (const c of kept) {
    if (c.due || !c.sentence.label?.member) continue;
    const asked = frame.sentences.filter((s) => s.line < c.sentence.line && !s.label?.member).pop();
    const lineBefore = frame.sentences.filter((s) => s.line < c.sentence.line).pop();
    // "I'll wire the money today." / "Sure, I'll email it today.": the customer's own plan asks nothing.
    const plan = asked?.body.replace(FILLERS, '');
    if (!asked || asked.line !== lineBefore?.line || /^(?:I|we)(?:'ll|\s+will)\b/i.test(plan ?? '')) continue;
    if (CUSTOMERS_PROMISE.test(plan ?? '')) continue;
    // "Monday afternoon would be better" / "Monday afternoon it is. I'll email you the reservation.": the day asked
    // for is agreed in the answer's own words before the task, and the next thing said takes none of it.
    const agreed = frame.sentences.some(
      (s, i) =>
        s.line === c.sentence.line &&
        i < c.sentenceIndex &&
        AGREED_DAY.test(s.body) &&
        dateMentions(s.body, ref, true).length > 0,
    );
    if (agreed) continue;
    c.due = dueDateOf(asked.body, ref);
  }
  // "I'll get Tom to call you about that, he can do a demo." / "Sometime next week is good.": the team's undated
  // commitment, last on its line, takes the time the other side's next line only says.
  for (const c of kept) {
    if (c.due || !c.sentence.label?.member) continue;
    const sameLine = frame.sentences.filter((s) => s.line === c.sentence.line);
    if (sameLine[sameLine.length - 1] !== c.sentence) continue;
    const reply = frame.sentences.find((s) => s.line > c.sentence.line);
    const replyLine = reply ? frame.sentences.filter((s) => s.line === reply.line) : [];
    if (!reply || reply.label?.member || replyLine.length !== 1 || !onlySaysWhen(reply.body, ref)) continue;
    if (candidates.some((o) => o.sentence === reply)) continue;
    c.due = dueDateOf(reply.body, ref);
  }
  // "Could you send me your certificate?" / "Sure, I'll have that to you by Friday.": the request takes the
  // date the team's answer (one of the next three lines: "When's your bid due?" / "The 30th." / "... by the 24th
  // then.") gives.
  for (const c of kept) {
    if (c.due || c.sentence.label?.member) continue;
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))].slice(0, 3);
    const answers = frame.sentences.filter((s) => lines.includes(s.line) && s.label?.member);
    c.due = answers.map((s) => dueDateOf(s.body, ref)).find((d) => d !== null) ?? null;
  }
  return kept;
}

/** A customer's question after a commitment that asks only when: "When?", "When could I have it?", "How soon?". */
const WHEN_QUESTION =
  /^(?:(?:and|ok(?:ay)?|great|perfect|thanks),?\s+)?(?:when|how\s+soon|how\s+long|what\s+time|what\s+day|by\s+when|roughly\s+when|any\s+idea\s+when)\b[^?]{0,40}\?$/i;
/** "Sure, no problem.", "Will do.", "Deal.": the team agreeing to what the customer asked. */
const AGREED =
  /^(?:sure|yes|yeah|yep|ok(?:ay)?|absolutely|definitely|of\s+course|no\s+problem|will\s+do|you\s+got\s+it|can\s+do|sounds\s+good|deal|that\s+works|works\s+for\s+me|fair\s+enough)\b/i;
/** "Kwame can be there in two hours.", "Ray will be out by noon.": the member the answer names goes. */
const MEMBER_GOES = /^([A-Z][a-z'-]+)\s+(?:can|will|'ll|should)\s+be\s+(?:there|out|over|on\s+site)\b/;

/**
 * "I'll send a tech." / "When?" / "Kwame can be there in two hours.", "I'll put a quote together." / "When
 * could I have it?" / "Early next week.": the team's answer to the customer's question dates the commitment
 * (and a member the answer sends owns it).
 */
export function answerWhen(candidates: Candidate[], frame: TextFrame, ref: LocalMoment, team: TeamDirectory): void {
  const lineOf = (line: number) => frame.sentences.filter((s) => s.line === line);
  for (const c of candidates) {
    if (c.due || !c.sentence.label?.member) continue;
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))];
    const [question, answer] = [lineOf(lines[0]), lineOf(lines[1])];
    if (!question.length || question[0].label?.member || !answer[0]?.label?.member) continue;
    // "I'll correct that and re-send the invoice." / "Could I get it before Friday?" / "Sure, no problem.": the
    // customer's push with a deadline, agreed to with no day of the team's own, dates the commitment.
    const pushed = dateMentions(question.map((s) => s.body).join(' '), ref).find((d) => d.deadline);
    if (pushed && AGREED.test(answer[0].body.trim()) && !dateMentions(answer[0].body, ref).length) {
      c.due = pushed;
      continue;
    }
    // "We pour Friday at 5am, it has to be working by then." / "He'll be there tomorrow morning.": a promise of when
    // answers the customer's push as a question of when does.
    const promise = PROMISE.test(answer[0].body.trim());
    if (!question.some((s) => WHEN_QUESTION.test(s.body.trim())) && !promise) continue;
    // "How soon?" / "Hang on, let me text him. ... He says within the hour.": the answer's time, in any of its
    // sentences; "I'll have something to you before then." the day before the one the customer gave.
    const due = promise
      ? (dateMentions(answer[0].body, ref)[0] ??
        // "... so I need to lock it in by end of next week." / "You'll have the quote before then.": the push's day.
        (pushed && /\b(?:before|by)\s+then\b/i.test(answer[0].body) ? pushed : null) ??
        deadlineOf(answer[0].body, frame, answer[0], ref))
      : answer.map((s) => dateMentions(s.body, ref)[0]).find((d) => d);
    if (!due) continue;
    c.due = due;
    const goes = MEMBER_GOES.exec(answer[0].body);
    const member = goes ? team.find(goes[1]) : null;
    if (member)
      c.owner = { id: member.id, why: `${member.firstName} ${member.lastName} is sent (the answer names them)` };
  }
}
