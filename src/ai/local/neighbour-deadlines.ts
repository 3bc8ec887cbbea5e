import type { LocalMoment } from './calendar';
import { anchoredDueDate } from './anchored-due-date';
import { customerCalendarDay } from './customer-calendar';
import { DateMention, dateMentions } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import { TeamDirectory } from './team';
import type { Candidate } from './candidate';
import { announcedBefore, announcedDay, PREPARES, saidBefore, startSaidBefore } from './announced-events';
import { deadlineOf, NEEDS, onlySaysWhen, promised } from './said-when';

/** "can u do it", "could you handle that", "pls do it": the task of the sentence before asked for again. */
const DO_IT =
  /\b(?:(?:can|could|would|will)\s+(?:you|u|ya|someone|somebody)\s+|pls\s+|please\s+)?(?:do|handle)\s+(?:it|that|this|them)\b/i;

const NEEDS_OTHER_WORK =
  /\b(?:need|needs|want|wants|require|requires)\s+(?:the\s+)?(?:setup|set-up|delivery|install(?:ation)?|pick-?up|drop-?off)\s+(?:no\s+later\s+than|by|before)\b/i;
/** Work said as what has to be done: "it's got to be fixed", "the swap has to be done", "it needs to be redone". */
const OBLIGED_DONE =
  /\b(?:has|have|'s\s+got|'ve\s+got|got|gotta|needs?|must)\s+(?:to\s+)?be\s+(?:done|finished|fixed|sorted|[a-z]+ed)\b/i;

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
