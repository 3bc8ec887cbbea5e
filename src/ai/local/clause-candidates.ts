import type { TaskContext } from '../types';
import { LocalMoment } from './calendar';
import { amendedSending, Clause, sendingConfirmed } from './clauses';
import type { Cue } from './cue';
import { CueReader } from './cues';
import { loggedAsDone } from './done-work';
import { anchoredDueDate, LEAD_BEFORE, WEEKDAY_AFTER } from './anchored-due-date';
import { eveOfDaySaidBefore } from './before-said-day';
import { dateMentions, dueDateOf, headedDueDate, SAME_DAY } from './due-date';
import { FramedSentence, TextFrame } from './frame';
import { listedItemCue } from './listed-items';
import { firstAlone, visitWork } from './one-action';
import { ownerOf } from './owner';
import { delegateNamed } from './turned-to';
import { retriedCall } from './retries';
import { isListedAction } from './lexicon';
import { unhurriedFromAbove } from './unhurried';
import { needOrMove, quoteWanted } from './needs-moves';
import { faultVisit } from './visits';
import { wishPlainly } from './indirect-asks';
import { memberWanted } from './wanted-member';
import { someoneAsked } from './someone-asked';
import { everyoneAsked } from './everyone-asked';
import { haveStateSaid } from './have-state';
import { dispatchLineCue } from './dispatch-lines';
import { tripWith } from './trip-with';
import { intakeWork } from './shop-intake';
import { itemStateCue } from './item-state';
import type { Candidate } from './candidate';
import { lineDay } from './note-lists';
import { frontedDate, leadingDate, ownClauseDate, periodBoundDate } from './clause-dates';
import { headingsBefore } from './headings';

/**
 * The tasks said in one sentence's clauses (docs/ai.md, "Task extraction"): each clause is read for its cues, with
 * the sentences said before it and the one after, the text's frame (its speakers, author and addressee), the kind of
 * text and the reference moment; each cue is given its owner and the date its clause, its sentence or the text around
 * it gives. How a sentence is cut into clauses, and what is done with the tasks of the whole text, is
 * extract-tasks.ts's.
 */

/** A cue that is only the going: "swing by first thing tomorrow", "come out Monday". */
const VISIT_VERB =
  /^(?:swing|come|go|head|run|pop|stop)(?:\s+(?:out|over|by|up|down))?(?:\s+there)?(?!\s+(?:and|to)\s)\b/i;

/** A sentence of the text and what it is read with. */
export interface SentenceAt {
  sentence: FramedSentence;
  index: number;
  frame: TextFrame;
  context: TaskContext;
  reader: CueReader;
  ref: LocalMoment;
}

export function candidatesIn(clauses: Clause[], at: SentenceAt): Candidate[] {
  const { sentence, index, frame, context, reader, ref } = at;
  const out: Candidate[] = [];
  if (sentence.heading) return out;
  const earlier = frame.sentences.slice(0, index).map((s) => s.text);
  // "Ledger close is the fifth, so all invoices need to be posted before then": the clauses said before count too.
  const said: string[] = [];
  let head: Cue | null = null;
  let group = index * 100;
  for (const clause of clauses) {
    if (!clause.continues) group++;
    // "..., and the manuals in a fortnight": the verb before, a second object and a date of its own.
    const gapped = clause.gapped && head ? `${head.action.split(/\s+/)[0]} ${clause.text}` : null;
    const cues: Cue[] =
      (clause.continues || gapped) && head
        ? [reader.continued(head, gapped ?? clause.text)].filter((c): c is Cue => c !== null)
        : reader.read(
            // "we'd like them delivered by March 20": a wish with the work done to the thing asks for that work.
            wishPlainly(
              delegateNamed(
                memberWanted(clause.text, reader.team),
                [...said].reverse().concat(earlier.slice(-1)),
                reader.team,
              ),
              sentence.body.slice(sentence.body.indexOf(clause.text) + clause.text.length),
            ),
            !!(sentence.vocative?.member ?? frame.addressee?.member),
          );
    // "Greta: all track loaders serviced before the rush": a member's item naming the state, the work.
    const state = cues.length || frame.dialogue || !sentence.label?.member ? null : itemStateCue(clause.text);
    if (state) cues.push(state);
    const item = cues.length ? null : listedItemCue(clause.text, sentence, frame, ref, reader.team);
    if (item) cues.push(item);
    // "so somebody order that Monday please": a command to whoever takes it; "I'll have them on the afternoon run": the
    // work the state says (`have-state.ts`); where the clause gives no other cue.
    // ("everyone renew their cards by the 31st": the whole team's, `everyone-asked.ts`.)
    const plain = cues.length ? clause.text : haveStateSaid(someoneAsked(everyoneAsked(clause.text)));
    if (plain !== clause.text) cues.push(...reader.read(plain));
    // "- 60 ft boom to Pacific Crest Roofing, 6:30am" in a notes' dispatch list: a delivery.
    const run =
      cues.length || context.kind !== 'meeting_notes'
        ? null
        : dispatchLineCue(clause.text, headingsBefore(frame, index)[0]);
    if (run) cues.push(run);
    // "After lunch I go to Pagosa with the telehandler": the machine's delivery there.
    const trip = cues.length ? null : tripWith(clause.text);
    if (trip) cues.push(trip);
    // "JW: charge forklift #2 overnight": a member's item that opens with a desk verb and a bare noun is a command
    // (read with the article a sentence would give it: the short line is no noun phrase like "Service memo").
    const bare = cues.length || frame.dialogue || !sentence.label?.member ? null : BARE_COMMAND.exec(clause.text);
    if (bare && isListedAction(bare[1]))
      cues.push(...reader.read(`${bare[1]} the ${clause.text.slice(bare[0].length)}`));
    // "Excavator died again. 3rd time.", "dan the lift at harmon wont go up": a breakdown texted by a customer or
    // to a member asks for a fix.
    const fix = cues.length || !asksForService(frame, context) ? null : reader.breakdown(clause.text);
    if (fix) cues.push(fix);
    // "Can you confirm the new dates and send an updated contract?": one task, titled by the sending.
    for (const [i, cue] of cues.entries()) {
      const sending = sendingConfirmed(cue.action) ?? amendedSending(cue.action);
      if (sending) cues[i] = { ...cue, action: sending };
      // "call them today and get a pickup time", "pick up the heaters and bring em back": one task, the first action.
      const first = firstAlone(cues[i].action);
      if (first) cues[i] = { ...cues[i], action: first };
      // "come back out next week and bring the new sprocket": one task, the work done there.
      const work = visitWork(cues[i].action);
      if (work) cues[i] = { ...cues[i], action: work };
      // "pull LT-07 into the shop, check the oil pressure sender": one task, the work.
      const intake = intakeWork(cues[i].action);
      if (intake) cues[i] = { ...cues[i], action: intake };
    }
    // "LVM for Gil re: inv 7730. Try again Tues.": a call tried again after no one answered.
    // ("Try again Tues." is no command "try" of its own.)
    const retry = retriedCall(clause.text, [...said].reverse().concat([...earlier].reverse()));
    if (retry) cues.splice(0, cues.length, retry);
    // "done w the tiller ... whenever u want to grab it": a customer's rental ended, its pickup.
    const pickup = cues.length || !asksForService(frame, context) ? null : reader.rentalDone(clause.text);
    // "the generator, we finish with him, you can pick up from lot 9 any day this week" in a customer's mail: the
    // invitation, where the clause says no more than the customer's own doings.
    const invited =
      context.kind === 'email' && !frame.author?.member && cues.every((c) => c.subject === 'first')
        ? reader.pickupInvited(clause.text)
        : null;
    if (invited) cues.splice(0, cues.length, invited);
    if (pickup) cues.push(pickup);
    // "the light tower won't crank ... Heading up after the morning runs": a visit promised after a fault, its fix.
    // ("I can swing by first thing tomorrow": a cue that is only the going is replaced by the fix.)
    const visit = cues.every((c) => VISIT_VERB.test(c.action))
      ? faultVisit(clause.text, [...said].reverse().concat([...earlier].reverse()), sentence.text, reader.team, context)
      : null;
    if (visit) cues.splice(0, cues.length, visit);
    // "Put a soft hold on unit 3 til Thu noon." in a call logged in the past: done on the call.
    // (A call the rep logged: no speaker's line.)
    if (context.kind === 'call_transcript' && !frame.sentences.some((s) => s.label)) {
      const told = frame.sentences.map((s) => s.text);
      const done = cues.filter((c) => c.kind === 'imperative' && loggedAsDone(c.words, told));
      cues.splice(0, cues.length, ...cues.filter((c) => !done.includes(c)));
    }
    if (!clause.continues) head = cues[0] ?? null;
    // "they need twelve patio heaters for the market", "Two light towers go to the high school lot Friday": the
    // equipment's move (kept only where no other task covers it: `movesNotCovered`).
    // (Whether the clause holds one action is read before the move joins it: the other action's date stays its own.)
    const oneCue = cues.length === 1;
    const move =
      needOrMove(clause.text, frame.sentences[index + 1]?.text, frame.sentences[index - 1]?.text) ??
      quoteWanted(clause.text);
    if (move) cues.push({ ...move, move: true });
    // "Let me check the fleet." said on a call: done while talking, unless it is given a time.
    // ("Ah, let me look...", "Okay, let me check": after an interjection too.)
    const onTheCall =
      frame.dialogue &&
      /^(?:(?:ah|oh|ok(?:ay)?|right|sure|well|alright|hmm+|yes|yeah)[,.]?\s+)*let\s+(?:me|us)\b(?!\s+(?:get|have|send)\s+[A-Z][a-z'-]+\s+(?:out|over)\b)/i.test(
        clause.text,
      );
    for (const cue of cues) {
      const owner = ownerOf(cue, sentence, frame, context, reader.team);
      if (!owner) continue;
      // "On Friday please take the truck ... and refill it at noon": the day said first, not the hour after.
      const own = dueDateOf(cue.when ? `${cue.action} ${cue.when}` : cue.action, ref);
      const anchors =
        /\b(?:before|by|ahead\s+of|prior\s+to)\s+(?:then|that)\b|\bthen\s*[.!?]?$/i.test(clause.text) ||
        // "Please deliver it then and have your driver get Walt's signature", "so order it then and let them know".
        /\b(?:it|them|those|one|him|her|us)\s+then\s*(?:[,;]|and\b)/i.test(clause.text) ||
        // "Hannah sends the draft plan in the next couple of weeks; Kwame reviews pricing before it goes out."
        // "the post driver needs to go out Monday ..., gotta get those swapped before it leaves": its earlier clauses too.
        /\bbefore\s+(?:it|they)\s+(?:go(?:es)?\s+(?:out|anywhere)|leaves?|ships?(?:\s+out)?)\s*[.!?]?$/i.test(
          clause.text,
        ) ||
        SAME_DAY.test(clause.text);
      const sameDay = SAME_DAY.test(clause.text) ? anchoredDueDate(clause.text, [...earlier, ...said], ref) : null;
      const anchored = anchoredDueDate(
        clause.text,
        anchors ? [...earlier, ...said] : earlier,
        ref,
        frame.sentences[index + 1]?.text,
      );
      // "... this afternoon and the tooth I need to order, they're closed til the 4th so order it then": the day
      // "then" points back to is nearer than a day said before the action.
      const thenSaid = /\b(?:it|them|those|one|him|her|us)\s+then\b/i.test(clause.text) && anchored?.phrase === 'then';
      const dated = cue.move
        ? // A need's or a schedule's move: the time said with the thing; a delivery is always for a day, the nearest
          // one said (the clause's, the sentence's, the next's, the one before); a pickup or a move without one has none.
          // ("Job start the 3rd of January and she need it there the day before": a day pointed back to comes first.)
          (own ??
          (anchored && /\b(?:before|then|ahead|prior)\b/i.test(anchored.phrase) ? anchored : null) ??
          (/^deliver/i.test(cue.action)
            ? ([clause.text, sentence.text, frame.sentences[index + 1]?.text, frame.sentences[index - 1]?.text]
                .map((t) => (t ? dateMentions(t, ref)[0] : undefined))
                .find((d) => d) ?? null)
            : null))
        : // "Dan's out Thursday, so have him look at the roller before then": the eve of the day pointed back to.
          (eveOfDaySaidBefore(clause.text, cue.action, ref) ??
          // "the Monday after the gala": the weekday is counted from the event's day, not from today.
          // "the letter about the Feb 1 increase, out two weeks before it takes effect": counted back from that day.
          ((thenSaid && !own) ||
          (anchored && (WEEKDAY_AFTER.test(anchored.phrase) || LEAD_BEFORE.test(anchored.phrase)))
            ? anchored
            : null) ??
          sameDay ??
          (own && !own.deadline ? frontedDate(clause.text, ref) : null) ??
          (own?.timeOnly ? (leadingDate(clause.text, cue.action, ref) ?? lineDay(clause.text, ref) ?? own) : own) ??
          leadingDate(clause.text, cue.action, ref) ??
          (oneCue ? ownClauseDate(clause.text, cue.action, ref) : null) ??
          anchored ??
          periodBoundDate(clause.text, ref) ??
          headedDueDate(headingsBefore(frame, index), ref));
      const due =
        dated && (handedOn(clause.text, cue.action, dated.phrase) || unhurriedFromAbove(frame, index, dated.phrase))
          ? null
          : dated;
      if (onTheCall && !due) continue;
      // "Luis asks Kwame whether we can add a third trencher before July": a day inside the question asked is the
      // question's ("Ask Jake if the trailer's free Saturday"), a deadline word or not.
      const asked = ASKS_WHETHER.exec(cue.action);
      if (due && asked && cue.action.indexOf(due.phrase) > asked.index + asked[0].length) {
        out.push({ sentenceIndex: index, sentence, clause: clause.text, cue, owner, due: null, group });
        continue;
      }
      // "Before it leaves, please grease the boom and check the load chart": said before the first action, every one's.
      const action = clause.text.indexOf(cue.action.slice(0, 20));
      if (due && due === anchored && action > 0 && anchored.phrase && clause.text.indexOf(anchored.phrase) >= 0) {
        if (clause.text.indexOf(anchored.phrase) < action) due.leading = true;
      }
      out.push({ sentenceIndex: index, sentence, clause: clause.text, cue, owner, due, group });
    }
    said.push(clause.text);
  }
  return out;
}

/** A verb, then a bare noun (no article, pronoun or preposition before it). */
const BARE_COMMAND =
  /^([a-z]+)\s+(?!(?:the|a|an|our|their|his|her|its|my|your|this|that|these|those|it|them|him|us|me|up|out|in|on|off|over|back|down|to|for|with|and|all|both|some|any)\b)(?=[a-z#\d])/;
const ASKS_WHETHER = /^ask\s+(?:[A-Z][a-z'-]+|him|her|them)\s+(?:whether|if)\b/i;

/**
 * "Priya: draft the customer letter, Maria to review it by 2/26": a deadline said after another member is named to
 * take the next step is that step's (the review's), not the action's before it.
 */
const HANDED_ON = /,\s*(?:and\s+|then\s+)?[A-Z][a-z]+\s+(?:to|will|should|can)\s+[a-z]+\b[^,;]*$/;
function handedOn(clause: string, action: string, phrase: string): boolean {
  const at = clause.indexOf(phrase);
  const from = clause.indexOf(action.slice(0, 20));
  if (at < 0 || from < 0) return false;
  const handoff = HANDED_ON.exec(clause.slice(0, at));
  return !!handoff && handoff.index > from && !/^,\s*(?:and\s+|then\s+)?(?:I|We)\b/.test(handoff[0]);
}

/** An SMS from a customer (on a contact's record, signed by no member) or written to a member. */
function asksForService(frame: TextFrame, context: TaskContext): boolean {
  if (context.kind !== 'sms' || frame.author?.member) return false;
  return !!frame.addressee?.member || !!(context.contactName || context.companyName);
}
