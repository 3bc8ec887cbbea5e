import { CLOSINGS, FILLERS, NO_ACTION, REQUEST_NOUNS } from './lexicon';
import { LISTED_NAMES } from './frame';
import type { TeamDirectory } from './team';
import { asksWhatToSend, politeAsk } from './indirect-asks';
import { infinitive, isActionVerb } from './words';
import { Cue, firstWord } from './cue';
import { plainly, REVERT, SAID_MEMBER_WOULD, workDone } from './cue-roundabout';
import { ALTERNATIVE, ATTACHED, SIGNATURE } from './not-commands';
import { DO_IT, imperative, LEADING_TIME } from './cue-imperatives';
import { HAVE_SOMEONE, LETS, MAKE_SURE, makeSure, PLEASE, REQUEST, request, verbCue } from './cue-requests';
import {
  ASKS_LEAVE,
  asksForThing,
  COUNTED_NEED,
  FOR_DAY_PLEASE,
  LOOKING_FOR,
  NEED_HERE,
  NOUN_REQUEST,
  nounRequest,
  PASSED_ON_WANT,
  PRICE_QUESTION,
  SEND_SOMEONE,
  WHY_CHARGED,
} from './cue-noun-requests';
import {
  AFTER_I,
  GERUND_SUBJECT,
  modal,
  MODAL,
  NAME_TO,
  present,
  PROGRESSIVE,
  SUBJECTLESS_PROGRESSIVE,
} from './cue-obligations';
import { DELEGATE, delegated } from './cue-delegations';
import { breakdown, maintenance, pickupInvited, rentalDone } from './cue-machines';
import { DAY_RUN, DELIVERY_SLOT, LIKE_TO, OFFERS_DELIVERY, PUT_DOWN_FOR, WANT_THERE } from './cue-bookings';
import { CLAUSE_VOCATIVE, HEADER, SUBORDINATE, SUBORDINATE_RUN_ON } from './cue-openings';
import { wantedOnSite } from './wanted-on-site';
import { withElidedObject } from './elided-object';
import { afterListLabel } from './list-label';

/**
 * Is a clause an action item, and whose? (docs/ai.md, "Action cues"). This file is the reader's entry points and the
 * order in which a clause is read; each kind of cue is read in a file of its own:
 * - first, what is no cue (a signature's line, a way to reach the writer: `not-commands.ts`) and a dispatch list's
 *   day, its delivery (`cue-bookings.ts`);
 * - the clause is put plainly: what opens it is cut off (`cue-openings.ts`), roundabout phrasings are rewritten
 *   (`cue-roundabout.ts`), a progressive of the dispatching verbs is the writer's "I'll" (`cue-obligations.ts`);
 * - then every kind is tried and the cue that starts first in the clause wins: a customer's want passed on and other
 *   requests by name (`cue-noun-requests.ts`), requests (`cue-requests.ts`), obligations and commitments with their
 *   subject (`cue-obligations.ts`, whose subject `cue-subjects.ts` reads), bookings and deliveries (`cue-bookings.ts`),
 *   imperatives (`cue-imperatives.ts`, which `not-commands.ts` keeps from statuses and reports), each again after a
 *   comma, delegations (`cue-delegations.ts`) and a machine's needs (`cue-machines.ts`);
 * - the cue kept is read for a delegate (`cue-delegations.ts`) and given the member the clause turns to.
 */
export class CueReader {
  constructor(
    readonly team: TeamDirectory,
    readonly isContact: (name: string) => boolean,
  ) {}

  /** The clause's action cue, or null when it states no action. */
  read(clause: string, turnedToMember = false): Cue[] {
    if (NO_ACTION.test(clause) || SIGNATURE.test(clause.trim()) || ALTERNATIVE.test(clause.trim())) return [];
    // "I'll tell him.": a telling with nothing to tell, the acknowledgement of the task said before it; "If it needs
    // parts, let Dan know.": a hand-off under a condition of the task before, nothing told.
    if (
      /^(?:[Ii]f|[Ww]hen|[Oo]nce)\s[^,]{3,60},\s+(?:please\s+)?(?:let|tell)\s+[A-Z][a-z'-]+(?:\s+know)?\s*[.!]?$/.test(
        clause.trim(),
      )
    )
      return [];
    if (
      /^(?:ok(?:ay)?,?\s+)?(?:I|we)(?:'ll|\s+will)\s+(?:tell|let)\s+(?:him|her|them)(?:\s+know)?\s*[.!]?$/i.test(
        clause.trim(),
      )
    )
      return [];
    // "Thu: two scissor lifts to Northgate Electric": a dispatch list's run, a delivery that day.
    const run = DAY_RUN.exec(clause.trim());
    if (run) return [{ kind: 'noun_request', words: 'day: ... to', action: `Deliver ${run[1]}`, subject: 'none' }];
    let c = plainly(
      workDone(
        politeAsk(clause, (name) => !!this.team.find(name))
          .replace(SUBORDINATE, '')
          .replace(HEADER, '')
          .replace(FILLERS, '')
          .trim()
          .replace(/^[Ii]f\b/, 'if')
          .replace(SUBORDINATE_RUN_ON, ''),
      ),
    )
      // "Sending quote Mon.": the writer's "I'm sending" ("Swapping tank now": under way as it is written, no task).
      // ("Loading dock door is 10 ft", "Getting the boom in there will be tight": the subject of a verb, no task.)
      .replace(SUBJECTLESS_PROGRESSIVE, (all: string, verb: string, _at: number, clause: string) =>
        /\b(?:now|as\s+we\s+speak)\b/i.test(clause) || GERUND_SUBJECT.test(clause) ? all : `I'm ${verb.toLowerCase()} `,
      )
      .replace(PROGRESSIVE, (_, who: string, verb: string) => `${who}'ll ${infinitive(verb)} `)
      // "Told him Dan would be out tmrw AM": the member is sent ("I'll have Dan out"); "Tom would call her" Tom's
      // ("I'll have Tom call her").
      .replace(SAID_MEMBER_WOULD, (all: string, name: string, out?: string) =>
        !this.team.find(name) ? all : `I'll have ${name} ${out ? 'out' : ''}`,
      );
    const vocative = CLAUSE_VOCATIVE.exec(c);
    // "Kwame, Greta and Hannah each need to send ...": names listed as one subject, none turned to.
    const listed = !!vocative && LISTED_NAMES.test(c.slice(vocative[0].length));
    const turnedTo = vocative && !listed ? this.team.find(vocative[1] ?? vocative[2]) : null;
    if (vocative && turnedTo) c = c.slice(vocative[0].length).replace(FILLERS, '');
    if (!c || CLOSINGS.test(c)) return [];
    const found: Array<{ at: number; cues: Cue[] }> = [];
    const add = (at: number, cues: Cue[]) => cues.length && found.push({ at, cues });
    // "Jake, you take care for the Weber pick up today": the present tense turned to a member is what they do.
    const you = turnedTo || turnedToMember ? /^you\s+(?:also\s+|then\s+|just\s+)?/i.exec(c) : null;
    if (you) add(0, verbCue('request', c, you, 'second'));
    // "maria kessler wants their statement by end of next week", "Maria, the Elm street crew wants two more
    // barricades Monday": a customer's want passed on to the member the text turns to is theirs to meet.
    const want = turnedTo || turnedToMember ? PASSED_ON_WANT.exec(c) : null;
    if (want && !this.team.find(want[1].split(/\s+/).pop() ?? '') && !/^(?:i|we|you|he|she|they)$/i.test(want[1])) {
      const noun = Object.keys(REQUEST_NOUNS).find((n) => new RegExp(`\\b${n}\\b`, 'i').test(want[2]));
      // Only when the clause has no cue of its own ("Harlan wants the chains, can you get them over by 2").
      add(c.length, [
        {
          kind: 'noun_request',
          words: want[0]
            .slice(want[0].indexOf(want[1]) + want[1].length)
            .trim()
            .split(/\s+/)
            .slice(0, 3)
            .join(' '),
          action: `${noun ? REQUEST_NOUNS[noun] : 'Deliver'} ${want[2].replace(/^(?:their|his|her)\s+/i, '')} to ${want[1]}`,
          subject: 'none',
        },
      ]);
    }
    for (const m of c.matchAll(REQUEST))
      // "Could we get a quote for a 45 ft boom?": asks for a thing (the noun request below), not the team's plan.
      // "when can we grab it?", "what time could we come by?": asking when, no request.
      if (
        (!/^(?:can|could)\s+we\s+$/i.test(m[0]) || !asksForThing(c, m.index ?? 0)) &&
        !(/\bwe\s+$/i.test(m[0]) && /\b(?:when|what\s+time|how\s+soon)\s+$/i.test(c.slice(0, m.index ?? 0)))
      )
        add(m.index ?? 0, request(c, m, (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? 'you').toLowerCase()));
    for (const m of c.matchAll(LETS)) add(m.index ?? 0, verbCue('obligation', c, m, 'first'));
    for (const m of c.matchAll(PLEASE))
      // "Please find our PO attached": a mail's way of saying what it carries, no request.
      // ("..., please remove.": the thing said before, `elided-object.ts`.)
      if (!ATTACHED.test(c.slice((m.index ?? 0) + m[0].length)))
        add(m.index ?? 0, verbCue('request', withElidedObject(c, m), m, 'none'));
    for (const m of c.matchAll(MAKE_SURE)) add(m.index ?? 0, makeSure(c, m));
    for (const m of c.matchAll(MODAL)) add(m.index ?? 0, modal(this, c, m));
    const nameTo = NAME_TO.exec(c);
    const member = nameTo ? this.team.find(nameTo[1]) : null;
    // ("Hank to load Tuesday afternoon": the thing said before, `elided-object.ts`.)
    if (nameTo && member) add(0, verbCue('obligation', withElidedObject(c, nameTo), nameTo, 'member', member));
    // "he wants it for Monday through Wednesday next week so put him down for it": the desk's booking
    // (read before the bare "put" as a command).
    const down = PUT_DOWN_FOR.exec(c);
    if (down)
      add(down.index, [
        {
          kind: 'request',
          words: down[0].slice(0, down[0].length - down[2].length).trim(),
          action: `reserve ${down[2]} for ${down[1]}`,
          booking: true,
          subject: 'none',
        },
      ]);
    // "Shop jobs this week: grease the pins, ...": the command after a list's label, not its label (`list-label.ts`).
    const afterLabel = imperative(afterListLabel(c));
    add(0, afterLabel.length ? afterLabel : imperative(c));
    // "first thing Monday get the installer out"; "have somebody look at it by Wednesday" (the look itself).
    const command = c.replace(LEADING_TIME, '').replace(HAVE_SOMEONE, '');
    if (command !== c) add(0, imperative(command));
    // "Do it before it goes out on the 18th": the thing of the sentence before (merged with its task).
    if (DO_IT.test(c)) add(0, [{ kind: 'imperative', words: 'do it', action: c, subject: 'none' }]);
    add(0, present(this, c));
    // "No rush on this, maybe look at ...": a command after a comma.
    for (const m of c.matchAll(/,\s+/g)) {
      const rest = c.slice((m.index ?? 0) + m[0].length).replace(FILLERS, '');
      add((m.index ?? 0) + 1, imperative(rest));
      // "Okay it's Saturday, Monday first thing load the trencher": a time said before the command after a comma.
      // (The time goes after the action, where its date is read: the day said first is the action's, not an earlier one.)
      const time = LEADING_TIME.exec(rest)?.[0] ?? '';
      if (time)
        add(
          (m.index ?? 0) + 1,
          imperative(rest.slice(time.length)).map((cue) => ({
            ...cue,
            action: `${cue.action.replace(/[.!?]+$/, '')} ${time.replace(/,?\s+$/, '')}`,
          })),
        );
      // "Harmon got double charged, gotta credit that back": an obligation said without its subject is the writer's.
      const owed = /^(?:gotta|got\s+to|have\s+to|need\s+to|better)\s+/i.exec(rest);
      if (owed) add((m.index ?? 0) + 1, imperative(rest.slice(owed[0].length)));
      // "the Bobcat at Harmon, the track tension, I look at it tomorrow": the thing said first, then who does it.
      add((m.index ?? 0) + 1, present(this, rest));
      // "the deposit, it was refunded twice I think, Priya pls look into that": a member turned to after a comma.
      const turn = CLAUSE_VOCATIVE.exec(rest);
      if (turn && this.team.find(turn[1] ?? turn[2]) && !turnedTo) add((m.index ?? 0) + 1, this.read(rest));
    }
    for (const m of c.matchAll(DELEGATE)) {
      const delegate = this.team.find(m[2]);
      if (delegate && !/^(?:let|send)$/i.test(m[1]))
        add(m.index ?? 0, [
          {
            kind: 'delegation',
            words: m[0].trim(),
            action: c.slice(m.index ?? 0),
            subject: 'member',
            member: delegate,
          },
        ]);
    }
    for (const m of c.matchAll(NOUN_REQUEST)) add(m.index ?? 0, nounRequest(c, m));
    const someone = SEND_SOMEONE.exec(c);
    if (someone)
      add(someone.index, [
        {
          kind: 'noun_request',
          words: someone[0],
          action: `Send ${c.slice(someone.index + someone[0].length - someone[1].length)}`,
          subject: 'none',
        },
      ]);
    add(0, maintenance(this, c));
    const booked = FOR_DAY_PLEASE.exec(c);
    if (booked)
      add(booked.index, [
        {
          kind: 'noun_request',
          words: 'for ... please',
          action: `Reserve ${booked[1]} for ${booked[2]}`,
          subject: 'none',
        },
      ]);
    // A counted need, else one thing needed where the writer is ("need a spare key out here asap").
    const counted = COUNTED_NEED.exec(c) ?? NEED_HERE.exec(c);
    if (counted && !/\b(?:they|he|she)\s+$/i.test(c.slice(0, counted.index)))
      add(counted.index, [
        {
          kind: 'noun_request',
          words: `need ${counted[1]}`,
          action: `Deliver ${c.slice(counted.index + counted[0].length - counted[1].length)}`,
          subject: 'none',
        },
      ]);
    const leave = ASKS_LEAVE.exec(c);
    if (leave && isActionVerb(leave[1]))
      add(leave.index, [
        {
          kind: 'request',
          words: leave[0].slice(0, leave[0].length - leave[2].length - 1).trim(),
          // "ok to extend?": what is extended is the thing spoken of before.
          action: `${leave[1]} ${leave[2].trim() || 'it'}`,
          subject: 'none',
        },
      ]);
    for (const m of c.matchAll(LIKE_TO)) {
      // "We'd like to lock in the two bucket trucks": a booking in other words.
      const verb = /^(?:lock|hold)/i.test(m[1]) ? 'reserve' : m[1].toLowerCase();
      const action = `${verb} ${c.slice((m.index ?? 0) + m[0].length)}`;
      add(m.index ?? 0, [
        {
          kind: 'noun_request',
          words: m[0].trim(),
          action,
          subject: 'none',
          booking: verb === 'reserve' || verb === 'book',
        },
      ]);
    }
    // ("we need all three dumpers on site Nov 30": the wider shapes of `wanted-on-site.ts`.)
    const wantThere = WANT_THERE.exec(c) ?? wantedOnSite(c);
    if (wantThere) {
      // The things, then what follows "there" (its time): "Deliver the concrete buggy and two vibrators by six thirty".
      const at = wantThere.index + wantThere[0].indexOf(wantThere[1]) + wantThere[1].length;
      const after = c
        .slice(at)
        .replace(/^\s+(?:out\s+there|there|on\s+site)\b/i, '')
        .replace(/^\s+out\s+at\b/i, ' to');
      add(wantThere.index, [
        {
          kind: 'noun_request',
          words: wantThere[0].slice(0, wantThere[0].indexOf(wantThere[1])).trim(),
          action: `Deliver ${wantThere[1]}${after}`,
          subject: 'none',
        },
      ]);
    }
    // "Delivery Tuesday morning?" on a call: the team's offer of the delivery of the thing asked for, read as a move
    // (kept where no other task covers it; its day is the one agreed after it, "Monday afternoon it is").
    const slot = DELIVERY_SLOT.exec(c);
    if (slot)
      add(0, [
        {
          kind: 'obligation',
          words: slot[0].trim(),
          action: 'deliver it',
          when: slot[1],
          subject: 'first',
          move: true,
        },
      ]);
    const offer = OFFERS_DELIVERY.exec(c);
    if (offer)
      add(offer.index, [
        {
          kind: 'obligation',
          words: offer[0].trim(),
          action: `${offer[2].startsWith('picked') ? 'pick up' : offer[2].startsWith('set') ? 'set up' : 'deliver'} ${offer[1]}`,
          subject: 'first',
        },
      ]);
    const looking = LOOKING_FOR.exec(c);
    if (looking)
      add(looking.index, [
        { kind: 'noun_request', words: 'looking for', action: `Send quote for ${looking[1]}`, subject: 'none' },
      ]);
    const charged = WHY_CHARGED.exec(c);
    if (charged)
      add(charged.index, [
        { kind: 'noun_request', words: charged[0].trim(), action: `Review charge for ${charged[1]}`, subject: 'none' },
      ]);
    const price = PRICE_QUESTION.exec(c);
    if (price)
      add(price.index, [
        {
          kind: 'noun_request',
          words: price[0].slice(0, price[0].length - price[1].length).trim(),
          action: `Send price for ${price[1]}`,
          subject: 'none',
        },
      ]);
    // "what I need send you?" after "I want open account": the forms the customer asks for.
    // (Asked beside the customer's own plan, "We want to open an account, what do we need to send you?", it is the ask.)
    const forms = asksWhatToSend(c);
    if (forms) add(0, [{ kind: 'noun_request', words: forms, action: 'send the forms needed', subject: 'none' }]);
    found.sort((a, b) => a.at - b.at);
    const cues = found[0] ? found[0].cues.map((cue) => delegated(this, cue)) : [];
    return cues.map((cue) =>
      turnedTo && !cue.member && (cue.subject === 'second' || cue.subject === 'none')
        ? { ...cue, member: turnedTo }
        : cue,
    );
  }

  /** The same cue for a second verb of a coordinated clause ("... and send him the invoice"). */
  continued(head: Cue, clause: string): Cue | null {
    // "I must discuss with Aisha and after I give him answer": the speaker's next step, said with its subject.
    const c = workDone(
      clause
        .replace(FILLERS, '')
        .replace(head.subject === 'first' ? AFTER_I : /^$/, '')
        .trim(),
    ).replace(REVERT, (_: string, to?: string) => `call ${to ?? 'him'} back`);
    return isActionVerb(firstWord(c))
      ? // (A booking's own reading, "put him down for it", is not the next verb's.)
        delegated(this, { ...head, action: c, words: `${head.words} ... ${firstWord(c)}`, booking: undefined })
      : null;
  }

  /** A customer done with a rental, or inviting its pickup, in a text that asks nothing else (`cue-machines.ts`). */
  rentalDone(clause: string): Cue | null {
    return rentalDone(this, clause);
  }

  /** A customer inviting the pickup: "you can come get the mixer" (`cue-machines.ts`). */
  pickupInvited(clause: string): Cue | null {
    return pickupInvited(clause);
  }

  /** A machine and its failure in a text that asks the team: a fix of that machine (`cue-machines.ts`). */
  breakdown(clause: string): Cue | null {
    return breakdown(this, clause);
  }
}
