import type { TaskContext } from '../types';
import { amendedSending, Clause, sendingConfirmed } from './clauses';
import type { Cue } from './cue';
import { loggedAsDone } from './done-work';
import type { TextFrame } from './frame';
import { listedItemCue } from './listed-items';
import { firstAlone, visitWork } from './one-action';
import { delegateNamed } from './turned-to';
import { retriedCall } from './retries';
import { isListedAction } from './lexicon';
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
import type { SentenceAt } from './candidate';
import { headingsBefore } from './headings';

/** A cue that is only the going: "swing by first thing tomorrow", "come out Monday". */
const VISIT_VERB =
  /^(?:swing|come|go|head|run|pop|stop)(?:\s+(?:out|over|by|up|down))?(?:\s+there)?(?!\s+(?:and|to)\s)\b/i;

/**
 * The cues of one clause (read by clause-candidates.ts): the cue reader's, a continuing clause's from the one it goes
 * on from (`head`), else the cues a clause says in other forms (a member's item, a dispatch line, a breakdown, a call
 * tried again, a visit after a fault), each cut to its one action; a call's logged work done is dropped. `said` holds
 * the sentence's clauses before this one, `earlier` the text's sentences before the sentence.
 */
export function clauseCues(clause: Clause, at: SentenceAt, head: Cue | null, said: string[], earlier: string[]): Cue[] {
  const { sentence, index, frame, context, reader, ref } = at;
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
  if (bare && isListedAction(bare[1])) cues.push(...reader.read(`${bare[1]} the ${clause.text.slice(bare[0].length)}`));
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
  return cues;
}

/** A verb, then a bare noun (no article, pronoun or preposition before it). */
const BARE_COMMAND =
  /^([a-z]+)\s+(?!(?:the|a|an|our|their|his|her|its|my|your|this|that|these|those|it|them|him|us|me|up|out|in|on|off|over|back|down|to|for|with|and|all|both|some|any)\b)(?=[a-z#\d])/;

/** An SMS from a customer (on a contact's record, signed by no member) or written to a member. */
function asksForService(frame: TextFrame, context: TaskContext): boolean {
  if (context.kind !== 'sms' || frame.author?.member) return false;
  return !!frame.addressee?.member || !!(context.contactName || context.companyName);
}
