import { FILLERS, isListedAction } from './lexicon';

/**
 * Two verbs joined by "and" that the labelling conventions count as one task (docs/ai.md, "Round twenty-two, one
 * action or two"): `clausesOf` keeps such a pair in one clause, so one task is read from it.
 *
 * - A change to a bill and the sending of the bill it makes ("credit the four days and send her a corrected invoice",
 *   "take it off and send you a corrected invoice", "void it today and send you a credit memo", "correct it and
 *   resend"): a fix and its sending, as "I'll correct that and re-send the invoice" is.
 * - A look at a machine and the write-up of what it finds ("inspect both when they come in and write up any damage",
 *   "look at the mast guard and write up a repair estimate").
 * - A visit with its time and what is brought, then the work done there ("come back out next week and bring the new
 *   sprocket", "I'll come by after, maybe 11, with a new blade and check the arbor").
 * - A verb with no object, then a second verb and the object both act on ("review and remove the charge").
 * - A trip that takes or fetches a machine, then what comes back with it ("pick up the heaters and bring em back to
 *   the yard"): the trip.
 * - A call and what it gets or arranges ("call them today and get a pickup time", "call him and take the card
 *   details", "call them back and sort out a swap"): the call, as "call Calloway and tell them ..." is.
 */

/** A change to a bill: a credit, a void, a charge taken off, a correction. */
const CHANGES_BILL =
  /\b(?:credit(?:\s+back)?|void|correct|fix|adjust|waive|reverse|remove|amend|re-?do|(?:take|knock)\s+(?:[\w'#-]+\s+){0,5}?off)\b/i;
/** What is changed: a bill, days or a fee, or the thing spoken of ("it", "that"). */
const BILLED_THING =
  /\b(?:it|that|this|them|invoice|bill|statement|charge|fee|days?|credit|waiver|surcharge|tax|total|po)\b/i;
/** The bill it makes, sent: "send her a corrected invoice", "email them the new one", "re-send the invoice". */
const SENDS_BILL =
  /^(?:(?:then|also)\s+)?(?:re-?send\b|(?:send|e-?mail|mail)\s+(?:[\w'-]+\s+){0,3}?(?:(?:corrected|new|revised|updated|fixed|adjusted)\s+(?:[\w-]+\s+)?(?:invoice|statement|bill|copy|one|version)|credit\s+memo)\b)/i;

/** A look at a thing, then what it finds written up. */
const LOOKS = /^(?:[\w']+\s+){0,4}?(?:look\s+(?:at|over)|inspect|check\s+out|examine|assess|review)\b/i;
const WRITES_UP = /^(?:write\s+up|note\s+down|write\s+down)\b/i;

/** A call (back), then what is got or arranged on it. */
const CALLS = /^(?:[\w']+\s+){0,4}?(?:call|ring|phone)\s+[^,]{1,40}$/i;
const ON_THE_CALL =
  /^(?:(?:sort|work|figure)\s+out|set\s+up\s+(?:a|an|the)\b|arrange|(?:get|take)\s+(?:a|an|the|their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:time|date|day|window|number|details|address|count|headcount|answer|update|eta|po|payment|card|order)\b)/i;

/**
 * A visit, said with its time and what is brought ("come back out next week", "I'll come by after, maybe 11, with a
 * new blade"), then the work done there: one task, as "I'll come out and take a look" is.
 */
const GOES =
  /^(?:[\w']+\s+){0,4}?(?:come|swing|stop|pop|head|go|run|drive)(?:\s+(?:back|out|over|by|round|down|up|there|here)){1,3}\b/i;
const WHEN_OR_WITH =
  /^(?:[\s,]+(?:after|later|today|tomorrow|tonight|first\s+thing|maybe|around|about|at|by|(?:next|this)\s+(?:week|morning|afternoon)|(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|noon|midday|lunch(?:time)?|\d{1,2}(?::\d{2})?(?:\s*[ap]m)?|with\s+(?:a|an|the|some|two|three|\d+)\s+(?:[\w-]+\s+){0,3}?[\w-]+))*\s*$/i;
const WORKS = /^(?:bring|check|look|fix|swap|replace|change|install|repair|take\s+a\s+look)\b/i;

/** The visit that ends `before`, said from one of its commas on ("..., I'll come by after, maybe 11, with ..."). */
function visitBefore(before: string): boolean {
  const parts = before.split(/,\s*/);
  return parts.some((_, i) => {
    const tail = parts.slice(i).join(', ');
    const goes = GOES.exec(tail);
    return !!goes && WHEN_OR_WITH.test(tail.slice(goes[0].length));
  });
}

/**
 * The work of a visit and its work ("come back out next week and bring the new sprocket" -> "bring the new
 * sprocket"): the task is titled by the work, the errand's verb dropped (as "swing by and change it" is), or null.
 */
export function visitWork(action: string): string | null {
  for (const m of action.matchAll(/\s+and\s+/gi)) {
    const rest = action.slice((m.index ?? 0) + m[0].length);
    // ("come out first thing tomorrow and fix it": a work on "it" was one clause already, titled as before.)
    const own = !/^\S+(?:\s+\S+){0,2}?\s+(?:it|them|him|her|this|that|those|these)\b/i.test(rest);
    if (own && visitBefore(action.slice(0, m.index)) && WORKS.test(rest)) return rest;
  }
  return null;
}

/**
 * A verb with no object of its own, then a second verb and the object both act on ("Please review and remove the
 * charge", "Can you quote and confirm availability today?"): one task, as "scan and upload it", "clean and grease all
 * 3" are labelled. The first verb stands alone after its comma, with at most a request's or a promise's words.
 */
const BARE_VERB =
  /^(?:(?:please|pls|kindly|just|(?:can|could|would|will)\s+(?:you|u)|(?:I|we)(?:'ll|\s+will|\s+can)|to)\s+)*([a-z]+)$/i;

/**
 * A trip that takes or fetches a machine, then what comes back with it ("pick up the heaters ... and bring em back to
 * the yard", "run a replacement saw out to you ... and bring the bad one back"): one task, the trip.
 */
const TRIP =
  /\b(?:pick\s+(?:\S+\s+){0,4}?up|grab|collect|(?:run|take|drop|haul)\s+(?:\S+\s+){0,4}?(?:out|over|off)|deliver|swap)\b/i;
const BRINGS_BACK =
  /^(?:bring|haul|take|drive|run)\s+(?:it|them|em|'em|those|both|the\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:back\b|to\s+the\s+(?:yard|shop)\b)/i;

/** Whether `first` changes a bill ("credit the four days", "fix it to nine days", "take the fuel off"). */
export function changesBill(first: string): boolean {
  const bill = CHANGES_BILL.exec(first);
  return !!bill && BILLED_THING.test(first.slice(bill.index));
}

/**
 * A change to a bill, then the bill it makes sent ("take the extra days off the 4417, and send her the corrected one"):
 * one task, also across a comma.
 */
export function billAndItsSending(before: string, rest: string): boolean {
  return changesBill(before.replace(FILLERS, '')) && SENDS_BILL.test(rest.replace(FILLERS, ''));
}

/** Whether "<before> and <rest>" holds one task of the conventions: the pair stays one clause. */
export function oneActionOfTwo(before: string, rest: string): boolean {
  const first = before.replace(FILLERS, '');
  const second = rest.replace(FILLERS, '');
  if (billAndItsSending(first, second)) return true;
  if (LOOKS.test(first) && WRITES_UP.test(second)) return true;
  const bare = BARE_VERB.exec(first.split(/,\s*/).pop()?.trim() ?? '');
  if (bare && isListedAction(bare[1])) return true;
  if (visitBefore(first) && WORKS.test(second)) return true;
  if (TRIP.test(first) && BRINGS_BACK.test(second)) return true;
  // ("..., so Friday I will call him and take the card details": the call said after the sentence's last comma.)
  return CALLS.test(first.split(/,\s*/).pop() ?? '') && ON_THE_CALL.test(second);
}

/**
 * The first action alone where it is the task: a call and what it gets or arranges ("call them today and get a pickup
 * time" -> "call them today", titled as a call, its topic from the text: title-topic.ts), a trip and what comes back
 * with it ("pick up the heaters ... and bring em back to the yard" -> "pick up the heaters ..."); else null.
 */
export function firstAlone(action: string): string | null {
  const and = /\s+and\s+/gi;
  for (const m of action.matchAll(and)) {
    const before = action.slice(0, m.index);
    const rest = action.slice((m.index ?? 0) + m[0].length);
    if (CALLS.test(before.split(/,\s*/).pop() ?? '') && ON_THE_CALL.test(rest.replace(FILLERS, ''))) return before;
    // ("pick up the heaters and bring em back to the yard": the trip, what comes back with it no second title.)
    if (TRIP.test(before) && BRINGS_BACK.test(rest.replace(FILLERS, ''))) return before;
  }
  return null;
}
