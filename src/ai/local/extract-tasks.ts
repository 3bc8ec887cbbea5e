import { onFirstUse } from '../../lib/on-first-use';
import type { ExtractedTask, TaskContext } from '../types';
import { dayOf, daysBetween, localMoment, LocalMoment, weekdayOf } from './calendar';
import { carryAlongDates } from './carried-along';
import { clausesOf } from './clauses';
import { counterOffers } from './counter-offer';
import { withCounterparty } from './counterparty';
import { CueReader } from './cues';
import { DateMention, dateMentions } from './due-date';
import { FramedSentence, frameText, TextFrame } from './frame';
import { normalizeText } from './normalize';
import { onArrival } from './on-the-way';
import { hourOfTheDaySaid } from './hour-of-day-said';
import { wantedBeforeThen } from './wanted-before-then';
import { eveOfDayInSentence } from './eve-in-sentence';
import { thingsNextMove } from './thing-next-move';
import { listIntroDay } from './list-intro-day';
import { eveOfSending } from './eve-of-sending';
import { isUrgent, priorityOf } from './priority';
import { TeamDirectory } from './team';
import { textForm } from './text-form';
import { undateUnhurried } from './unhurried';
import { standingTitle, titleOf } from './title';
import { machineSaid, machinesOf, MOVES_IT, objectOf, POINTS_BACK, PRICES_IT } from './needs-moves';
import { visitsCovered } from './visits';
import { withTopic } from './title-topic';
import { clauseAsSaid } from './vocative-clause';
import type { Candidate, SentenceAt } from './candidate';
import { mergeReferences, mergeRestatedNeeds, offersKeptAfter } from './restated-tasks';
import { afterActionItems } from './note-lists';
import { withUrgencyAround } from './urgency-around';
import { ownedByNamed } from './owned-by-named';
import { candidatesIn } from './clause-candidates';
import { datedByTheStepBefore, shareGroupDates } from './group-dates';
import { carryDeadlines } from './neighbour-deadlines';
import { byNextMeeting, closingDeadlines, WRAP_UP } from './list-deadlines';
import { answerWhen, dropAnsweredRequests } from './call-answers';
import { AGREED_DAY, NEEDS } from './said-when';

/**
 * Task extraction, local and deterministic (docs/ai.md, "Task extraction"): the text is framed (who says
 * what to whom), cut into sentences (compromise) and clauses, each clause read for an action cue; a
 * cue becomes a task with its owner, due date (chrono-node plus the rules of due-date.ts), priority,
 * title and an explanation. Same input, same output.
 */

/** A rental period said with a booking: "Monday through Wednesday", "the first week of December", "from the 3rd". */
const BOOKED_PERIOD =
  /\b(?:through|thru|until|till|week\s+of|(?:first|second|last)\s+week|from\s+(?:the\s+)?\S+\s+to|for\s+(?:a|the|two|three|four|\d+)\s+(?:days?|weeks?|months?))\b/i;

/** An urgency word that makes undated work today's ("asap", "immediately" are read as dates already). */
const URGENT_TODAY = /\b(?:urgent(?:ly)?|emergency)\b/i;

/** "Sent: Sunday, January 9, 2028 8:47 PM", "Date: 1/9/2028 20:47": a header line among a mail's first lines. */
const SENT_HEADER = /^(?:sent|date)\s*:\s*(.+)$/im;
const chrono = onFirstUse('chrono-node');

/**
 * A mail read a day or more after it was sent ("Sent: Sunday, January 9, 2028 8:47 PM" at its top, read Monday):
 * its "tomorrow" and "Friday" count from the day it was sent (docs/ai.md, round twelve's convention), within a week.
 * chrono-node reads the header's date as written (its year said), and its hour when one is said.
 */
function sentMoment(text: string, ref: LocalMoment): LocalMoment {
  const line = SENT_HEADER.exec(text.split('\n').slice(0, 6).join('\n'));
  const sent = line ? chrono().parse(line[1])[0]?.start : undefined;
  if (!sent?.isCertain('year') || !sent.isCertain('day')) return ref;
  const day = dayOf(sent.get('year') ?? 0, sent.get('month') ?? 0, sent.get('day') ?? 0);
  if (!(day < ref.day) || daysBetween(day, ref.day) > 7) return ref;
  const timed = sent.isCertain('hour');
  return {
    day,
    hour: timed ? (sent.get('hour') ?? 12) : 12,
    minute: timed ? (sent.get('minute') ?? 0) : 0,
    weekday: weekdayOf(day),
  };
}

export function extractTasks(text: string, sent: TaskContext): ExtractedTask[] {
  const context = { ...sent, kind: textForm(sent.kind, text, sent) };
  const normalized = normalizeText(text);
  const team = new TeamDirectory(context.team);
  const frame = frameText(normalized, context, team);
  if (frame.autoReply) return [];
  const ref = sentMoment(normalized, localMoment(context.referenceInstant, context.timezone));
  const contact = [context.contactName, context.companyName].join(' ').toLowerCase().split(/\s+/).filter(Boolean);
  const reader = new CueReader(team, (name) => contact.includes(name.toLowerCase()));

  let candidates = frame.sentences.flatMap((sentence, i) => candidatesOf(sentence, i, frame, context, reader, ref));
  candidates = afterActionItems(candidates, normalized, team, ref);
  // Equipment's moves read from needs and schedules are added last, after the other tasks' dates are settled, and only
  // where no other task covers them.
  const needsAndMoves = candidates.filter((c) => c.cue.move);
  candidates = candidates.filter((c) => !c.cue.move);
  candidates = visitsCovered(candidates, (clause) => dateMentions(clause, ref).length > 0);
  // "the pump we rented is leaking oil. can someone come look at it asap": the ask is the task, not the report.
  if (candidates.some((c) => !c.cue.implied)) candidates = candidates.filter((c) => !c.cue.implied);
  // "roof hoist wont start. crew is there 6am tmrw. need it running tonight": the fix is due when it is needed.
  for (const c of candidates.filter((x) => x.cue.implied && !x.due)) c.due = neededWhen(frame, c.sentenceIndex, ref);
  // ("kessler wants the compactor fri. dan ur on it": a move read from a want is given as any task is.)
  ownedByNamed([...candidates, ...needsAndMoves], frame, team);
  candidates = offersKeptAfter(candidates);
  candidates = mergeRestatedNeeds(mergeReferences(candidates));
  shareGroupDates(candidates, ref);
  datedByTheStepBefore(candidates);
  wantedBeforeThen(candidates, frame, ref);
  eveOfDayInSentence(candidates, ref);
  carryDeadlines(candidates, frame, ref, team);
  thingsNextMove(candidates, frame, ref);
  listIntroDay(candidates, frame, ref);
  // "Try to get all that done by noon.": the deadline of the list before it, not a task of its own.
  candidates = candidates.filter((c) => !WRAP_UP.test(c.clause) || !dateMentions(c.clause, ref).length);
  closingDeadlines(candidates, frame, ref, normalized.split('\n'));
  byNextMeeting(candidates, normalized.split('\n'), ref);
  carryAlongDates(candidates, frame.sentences, ref);
  onArrival(candidates, frame.sentences, ref);
  if (frame.dialogue) candidates = dropAnsweredRequests(candidates, frame, ref);
  if (frame.dialogue) answerWhen(candidates, frame, ref, team);
  if (frame.dialogue) counterOffers(candidates, frame, ref);
  candidates = [...candidates, ...movesNotCovered(needsAndMoves, candidates)];
  // "Delivery Tuesday morning?" / "Monday afternoon would be better." / "Monday afternoon it is.": the day agreed.
  for (const c of candidates.filter((x) => x.cue.move && x.cue.kind === 'obligation')) {
    // What is delivered: the machine the call named last before the offer.
    const thing = frame.sentences
      .slice(Math.max(0, c.sentenceIndex - 8), c.sentenceIndex)
      .map((s) => machineSaid(s.text))
      .filter((t) => t)
      .pop();
    if (thing) c.cue = { ...c.cue, action: `deliver ${thing}` };
    const agreed = frame.sentences
      .slice(c.sentenceIndex + 1, c.sentenceIndex + 4)
      .find((s) => AGREED_DAY.test(s.text) && dateMentions(s.text, ref).length);
    if (agreed) c.due = dateMentions(agreed.text, ref)[0];
  }

  hourOfTheDaySaid(candidates, frame.sentences, ref);
  eveOfSending(candidates, ref);
  undateUnhurried(candidates, frame);
  const urgent = isUrgent(normalized);
  const seen = new Map<string, ExtractedTask>();
  const tasks: ExtractedTask[] = [];
  for (const c of candidates) {
    const actionAt = c.sentence.body.indexOf(c.cue.action.slice(0, 15));
    const earlier = frame.sentences.slice(Math.max(0, c.sentenceIndex - 3), c.sentenceIndex).reverse();
    // "brakes are squealing, get them looked at": an action read in other words ("look at them") is not found
    // as said; what its clause says before a comma is still said before it.
    const clauseAt = Math.max(0, c.sentence.body.indexOf(c.clause));
    // "so put him down for it" read "reserve it for him": where its cue words were said.
    const wordsAt = c.cue.kind === 'request' && c.cue.words ? c.sentence.body.indexOf(c.cue.words) : -1;
    const saidAt =
      actionAt >= 0 ? actionAt : wordsAt >= 0 ? wordsAt : clauseAt + Math.max(0, c.clause.lastIndexOf(', '));
    const before = [c.sentence.body.slice(0, saidAt), ...earlier.map((s) => s.body)];
    const forCustomer = c.cue.subject === 'first' && (frame.dialogue || !!(frame.addressee && !frame.addressee.member));
    const sources = {
      datePhrases: c.due ? [c.due.phrase] : [],
      context,
      frame,
      before,
      // A machine a member is sent to: named up to six sentences before in a call.
      earlier: [
        before[0],
        ...frame.sentences
          .slice(Math.max(0, c.sentenceIndex - 6), c.sentenceIndex)
          .reverse()
          .map((s) => s.body),
      ],
      forCustomer,
      speaker: c.sentence.label,
    };
    const standingAs = (desk: boolean) =>
      standingTitle(titleOf(c.cue.action, sources, desk), c.clause, context, before, c.cue.subject !== 'none');
    // A desk title the lint does not pass ("Dry and test ..." read with no verb): the title as said.
    const plain = standingAs(true) ?? standingAs(false);
    if (!plain) continue;
    // "Call Nora" -> "Call Nora about light tower": a call or message takes what it is about (title-topic.ts).
    const standing = withTopic(plain, c.sentence.body.slice(saidAt), before, context);
    // The customer: the record's, else one the task's sentence or the three before it name.
    const title = withCounterparty(standing, {
      clause: c.clause,
      context,
      said: [c.clause, c.sentence.text, ...earlier.map((s) => s.text)],
      text: frame.sentences.map((s) => s.text),
      written: normalized,
    });
    const key = `${c.owner.id} ${title.toLowerCase()}`;
    if (title.split(' ').length < 2) continue;
    // Priority per task: "Fix the pump ASAP and send the invoice next week" — the other task's clause is not read.
    const others = candidates.filter((o) => o.sentenceIndex === c.sentenceIndex && o.clause !== c.clause);
    const own = others.reduce((text, o) => text.replace(o.clause, ' '), withUrgencyAround(c.sentenceIndex, frame));
    // "call the compressor service company, urgent, we can't run air tools": urgent work with no day is today's, as
    // "ASAP" and "immediately" are.
    if (!c.due && URGENT_TODAY.test(own.replace(/\bnot\s+urgent\b/gi, '')))
      c.due = { day: ref.day, phrase: 'urgent', deadline: false, timeOnly: false };
    // "put him down for it" after "he wants it for Monday through Wednesday", "lock in the two bucket trucks for the
    // first week of December": a booking for a period has no date (docs/ai.md, "Labelling conventions").
    if (c.cue.booking && BOOKED_PERIOD.test(c.sentence.text)) c.due = null;
    // "Whoever closes plugs in the block heaters every night": a standing duty, done each time, no deadline.
    if (
      /^whoever\b/i.test(c.cue.words) &&
      /\b(?:every|each)\s+(?:night|day|morning|evening|shift)\b|\b(?:nightly|daily)\b/i.test(c.clause)
    )
      c.due = null;
    const dueDate = c.due?.day ?? null;
    const { priority, why } = priorityOf(own, urgent, c.due, ref.day);
    // The same task said twice ("- Move the heater racks ..." / "Ray moves the heater racks Saturday"): one
    // task, dated by the saying that gives a date.
    const same = seen.get(key);
    if (same) {
      if (!same.dueDate && dueDate) Object.assign(same, { dueDate, priority });
      continue;
    }
    // Said again in other words: the later saying (an action item under the discussion, a recap) stands.
    const again = sameActionAs(tasks, c.owner.id, title, dueDate);
    if (again) {
      Object.assign(again, { title, source: c.sentence.text, clause: clauseAsSaid(c.clause, c.sentence) });
      if (!again.dueDate && dueDate) Object.assign(again, { dueDate, priority });
      continue;
    }
    const explanation = [
      `action cue "${c.cue.words}" (${c.cue.kind.replace('_', ' ')})`,
      `owner: ${c.owner.why}`,
      dueDate ? `due ${dueDate} from "${c.due?.phrase}"` : 'no time given',
      `priority ${priority}: ${why}`,
    ].join('; ');
    const task: ExtractedTask = {
      title,
      priority,
      dueDate,
      ownerId: c.owner.id,
      source: c.sentence.text,
      clause: clauseAsSaid(c.clause, c.sentence),
      explanation,
    };
    seen.set(key, task);
    tasks.push(task);
  }
  return tasks;
}

/**
 * A move read from a need or a schedule ("they need twelve patio heaters ...") gives way to another task of the text
 * that acts on the same machine ("Load the stump grinder on the small trailer"), to a move or booking of no machine of
 * its own near it ("schedule the delivery"), and to one after it that points back ("Reserve them", "Before it leaves,
 * please change the oil"); it is read once per machine (docs/ai.md, "Round eighteen: needs and moves").
 */
function movesNotCovered(moves: Candidate[], candidates: Candidate[]): Candidate[] {
  const named: string[] = [];
  return moves.filter((c) => {
    // "Thaddeus wants a quote on both options": kept where no other task sends or makes a price.
    if (/^send quote for\b/.test(c.cue.action) && c.cue.kind === 'noun_request')
      return !candidates.some((o) => PRICES_IT.test(objectOf(o.cue.action)));
    const machines = machinesOf(c.cue.action);
    const covered = candidates.some((o) => {
      const its = machinesOf(objectOf(o.cue.action));
      if (its.some((m) => machines.includes(m))) return true;
      // "schedule the delivery", "set the pickup", "Reserve them": a move of no other machine, near it.
      const near = o.sentenceIndex >= c.sentenceIndex - 1 && o.sentenceIndex <= c.sentenceIndex + 2;
      // "Before it leaves, please change the oil": work said of it, a clause of its own whose lead points back, in a
      // sentence that names no other machine.
      const lead = o.clause.slice(0, Math.max(0, o.clause.indexOf(o.cue.action.slice(0, 15))));
      const saysIt =
        o.clause !== c.clause &&
        /\b(?:it|them|both|those|'em)\b/i.test(lead) &&
        machinesOf(o.sentence.text).every((m) => machines.includes(m));
      return (
        near &&
        ((!its.length && MOVES_IT.test(o.cue.action)) ||
          (o.sentenceIndex >= c.sentenceIndex && (POINTS_BACK.test(o.cue.action) || saysIt)))
      );
    });
    if (covered || machines.some((m) => named.includes(m))) return false;
    named.push(...machines);
    return true;
  });
}

const TITLE_FILLER = /^(?:the|a|an|to|for|on|of|at|with|from|and|job|site)$/i;
const titleWords = (title: string) =>
  title
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w && !TITLE_FILLER.test(w));

/**
 * The same action said twice in other words ("Jake and Dan to load out Tuesday" above the action item "Jake: load
 * out Harmon Tuesday", read "Load out Harmon job" and "Load out Harmon"): a task of the same member, the same
 * verb, whose other words are all among the other's, and no other date ("check X" and "check if X ..." are two).
 */
function sameActionAs(
  tasks: ExtractedTask[],
  ownerId: string,
  title: string,
  dueDate: string | null,
): ExtractedTask | undefined {
  const words = titleWords(title);
  return tasks.find((t) => {
    if (t.ownerId !== ownerId || (t.dueDate && dueDate && t.dueDate !== dueDate)) return false;
    const other = titleWords(t.title);
    if (other[0] !== words[0] || Math.min(other.length, words.length) < 2) return false;
    // "Check breaker" (a look at it) and "Check if spare breaker is back" (a question): two actions.
    if (other.includes('if') !== words.includes('if')) return false;
    const [short, long] = other.length <= words.length ? [other, words] : [words, other];
    return short.every((w) => long.includes(w));
  });
}

function candidatesOf(
  sentence: FramedSentence,
  index: number,
  frame: TextFrame,
  context: TaskContext,
  reader: CueReader,
  ref: LocalMoment,
): Candidate[] {
  const at: SentenceAt = { sentence, index, frame, context, reader, ref };
  const whole = clausesOf(sentence.body);
  const read = candidatesIn(whole, at);
  // "- Grabowski wants the chute again, dates TBD - Sam to call Pawel Monday": a note's line that gives nothing is
  // parted at its dashes, where a member's item may follow what was said (docs/ai.md, "Round twenty-two, notes").
  if (read.length || context.kind !== 'meeting_notes') return read;
  const parted = clausesOf(sentence.body, true);
  return parted.length > whole.length ? candidatesIn(parted, at) : read;
}

/** The first date said with a need from a sentence on ("they need it working after lunch tmrw"), or null. */
function neededWhen(frame: TextFrame, from: number, ref: LocalMoment): DateMention | null {
  for (const s of frame.sentences.slice(from)) {
    for (const part of s.body.split(/,\s+/)) {
      const date = NEEDS.test(part) ? dateMentions(part, ref)[0] : undefined;
      if (date) return date;
    }
  }
  return null;
}
