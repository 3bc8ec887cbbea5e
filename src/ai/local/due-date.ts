import type { ParsedResult } from 'chrono-node';
import { addDays, dayOf, daysBetween, LocalMoment, MONTHS, WEEKDAY_NAME, weekdayOf } from './calendar';
import { NIGHTFALL_BEFORE } from './daylight';
import { EXTENDED_TO } from './rental-end';
import { hasFiniteVerb, infinitive, tagsOf, verbForms } from './words';
import { HOUR_WORDS, parser } from './date-parsers';
import { waitedFor } from './waited-for';
import { leadTime } from './lead-time';

/**
 * Due dates from date phrases (docs/ai.md, "Due dates"): the date phrases of a clause or a heading, read by
 * chrono-node with the project's own parsers first (date-parsers.ts), less the dates that are not deadlines ("starting
 * June 15", a past day, someone else's day). Dates anchored in earlier sentences are anchored-due-date.ts's.
 */
export interface DateMention {
  day: string;
  /** The words of the text that gave it. */
  phrase: string;
  /** Introduced by by / before / due / no later than: preferred over a bare date. */
  deadline: boolean;
  /** Only a time of day ("at 2pm"): the reference day. */
  timeOnly?: boolean;
  /** Said before the action ("tomorrow I'm gonna swing by and check ..."): every action after it shares it. */
  leading?: boolean;
}
/** Words just before a date that make it something other than a deadline: a rental period, a past day. */
export const NOT_DEADLINE =
  /\b(?:starting|start|starts|from|beginning|begins|since|instead\s+of|through|thru|until|till|til|week\s+of|last|ended|ends|ending|dated)\s+(?:on\s+)?(?:the\s+)?$/i;
/**
 * "schedule the delivery for the first of April", "the holiday party on the 18th", "the fall festival which is on the
 * 31st": an event's own date (a relative clause's "which is on" gives any noun's).
 */
const DOES_THE_WORK =
  /\b(?:do|doing|carry\s+out|perform|complete|finish|run|hold)\s+(?:the\s+|their\s+|our\s+|all\s+(?:the\s+)?)?(?:\w+\s+)?\w+\s*$/i;
export const EVENT_DATE =
  /\b(?:(?:delivery|pickup|pick-up)\s+(?:slot|window|date)s?|deliver(?:y|ies)|pick-?ups?|bookings?|reservations?|lighting|part(?:y|ies)|appointments?|visits?|meetings?|events?|weddings?|inspections?|demos?|shows?|festivals?|galas?|pours?|walk-?throughs?|walk\s+throughs?|(?:site|job)\s+walks?|trainings?|audits?|shutdowns?|installations?|orientations?|kick-?offs?|open\s+house|auctions?|markets?|fairs?|concerts?|ceremon(?:y|ies)|conferences?)\s+(?:(?:which|that)\s+)?(?:is\s+|are\s+)?(?:for|on)\s+(?:the\s+)?$|\b(?:which|that)(?:\s+is|\s+are|'s)\s+on\s+(?:the\s+)?$/i;
/**
 * "Luis will schedule the delivery for the first of April": booking the event for a day is due that day, as "book
 * the vac truck for Friday" is (a period, "from the 3rd to the 10th", "for the week after next", stays the event's).
 */
const SCHEDULED_FOR =
  /\b(?:schedul(?:e|es|ing)|book(?:s|ing)?|set(?:ting)?\s+up|line\s+up)\s+(?:the|their|our|a|an|his|her)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+for\s+(?:the\s+)?$/i;
/** "take the trash pump to the Dunn pour on Friday": a thing taken to the event, on its day. */
const TAKEN_TO =
  /\bto\s+(?:the|their|our|his|her)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s+(?:is\s+)?(?:for|on)\s+(?:the\s+)?$/i;
/**
 * "the Dunn walkthrough got moved to Tuesday", "our pour got pushed to thurs", "Harmon wants the Thursday pickup moved
 * to Friday": an event's new day, told. Asked for too ("push the scissor lift delivery to Friday", "can we move the
 * pickup to mon?"): the event's new day, no deadline, as the labels read every such request (round twenty-one).
 */
const MOVED_TO =
  /\b(?:(?:(?:got|gets|was|were|is|are|'s|'re|been|being)\s+(?:just\s+|now\s+|all\s+)?|(?:wants?|wanted|asked\s+for|asking\s+for|would\s+like)\s+(?:\S+\s+){1,5}?)(?:moved|pushed|bumped|rescheduled|switched|changed|shifted|postponed|delayed)|(?:move|push|bump|reschedule|shift|postpone)\s+(?:the|our|their|my|his|her|your|it|that|this|them)\b(?:\s+[\w'-]+){0,4}?)\s+(?:back\s+|out\s+|up\s+)?(?:to|till|until|til|for)\s+(?:the\s+|next\s+)?$/i;
const DEADLINE =
  /\b(?:by|before|prior\s+to|ahead\s+of|due:?|no\s+later\s+than|deadline:?)\s+(?:the\s+)?(?:(?:end\s+of\s+(?:(?:the\s+)?(?:day|business(?:\s+day)?)\s+)?|(?:cob|eod|close\s+of\s+(?:business|play))\s+)(?:on\s+)?)?$/i;
/**
 * "I must prepare the offer until 20.04.", "please decide until Monday": as writers of German, Polish or
 * Spanish put "by" (their "bis", "do", "hasta"), when the nearest verb before it is an action done once, not a
 * state that lasts ("keep it until Friday", "delayed till Thursday", "closed until Monday").
 */
const UNTIL = /\b(?:until|till|til)\s+(?:the\s+)?$/i;
const ONCE_VERB =
  /^(?:prepare|send|decide|finish|confirm|pay|call|answer|make|do|fix|repair|check|return|submit|sign|give|tell|write|quote|order|book|deliver|approve|complete|correct|update|bring|reply|inform|pick|clean|change|organi[sz]e|transfer|wire|arrange|find|ask|offer|hold)$/i;
const LASTING_VERB =
  /^(?:keep|rent|stay|extend|leave|park|store|delay|delayed|close|closed|open|wait|need|use|have|run|work|last|remain|be|is|are|rented|kept|held|booked|reserved|out)$/i;
function untilAsBy(before: string): boolean {
  if (!UNTIL.test(before)) return false;
  const words = before
    .replace(UNTIL, '')
    .split(/[^A-Za-z']+/)
    .filter(Boolean)
    .slice(-8)
    .reverse();
  for (const word of words) {
    if (ONCE_VERB.test(word)) return true;
    if (LASTING_VERB.test(word)) return false;
  }
  return false;
}
/** "before X ... on the 10th", "before it goes out Monday": the deadline is the day before that date. */
const BEFORE_EVENT = /\b(?:before|prior\s+to|ahead\s+of)\b[^,.;!?]{0,60}$/i;
/** "before close of business Thursday", "on or before March 5": that day itself. */
const THAT_DAY =
  /\b(?:on\s+or\s+before|before\s+(?:the\s+)?(?:close\s+of\s+business|cob|eod|end\s+of\s+(?:the\s+)?(?:day|business(?:\s+day)?))(?:\s+on)?)\s+(?:the\s+)?$/i;
const ENDS = /\b(?:end|eod|eow|noon|tonight|morning|afternoon|evening|asap)\b/i;

/**
 * "45 days", "for three weeks", "a second", "about a second": a length of time, not a day ("in two weeks" is a day).
 * Also a number with its unit run on or a fraction: "+ 1.5 hrs labor" billed, "the 70s" (two units, read as seconds).
 */
const DURATION =
  /^(?:(?:for|about|around|roughly|approximately|another)\s+)*(?:\+?\s*\d+(?:\.\d+)?\s*(?:s|secs?|seconds?|mins?|minutes?|hrs?|hours?)|(?:a\s+)?(?:half|full|whole)[\s-]+days?|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few|several|\d+)\s+(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?))$/i;

/** What follows a fraction ("5/8 chains", "3/4-inch", "1/2 ton"): a unit or a noun, not a time or a preposition. */
const FRACTION_AFTER =
  /^(?:\s*(?:"|''|-?\s*(?:inch|in\b|ton|tonne|yd|yard|ft|foot|feet|mile|mi\b|cu|hp|gal))|\s+(?!(?:at|by|and|or|to|through|thru|until|till|before|after|morning|afternoon|evening|noon|is|was|will|if|for|on|[ap]\.?m\b)\b)[a-z])/i;

/** What follows a house number ("from 22 birch", "at 1200 Main St"): a street's name, not a unit of time or a day. */
const STREET_AFTER =
  /^\s+(?!(?:am|pm|a\.m|p\.m|o'?clock|h|hrs?|hours?|mins?|minutes?|days?|weeks?|months?|st|nd|rd|th|of|and|or|to|through|until|till|before|after|at|by|on|for|in|is|was|will|if|so|then|sharp|latest|morning|afternoon|evening|night|noon|tomorrow|today|tonight|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b)[a-z]/i;

/** "gen 12 before Thursday", "truck 4 by 3 today": a unit's number, no hour (the digits hidden, the length kept). */
const UNIT_NUMBER =
  /\b((?:gen|genny|generator|truck|unit|boom|lift|bay|gate|forklift|fl|trailer|tower|heater|pump|loader|roller|no\.?|#)\s*-?\s*)(\d{1,4})\b(?!\s*(?:am|pm|a\.m|p\.m|o'clock|:\d|h\b|hrs?\b))/gi;
const withoutUnitNumbers = (text: string) =>
  text.replace(UNIT_NUMBER, (_all: string, unit: string, digits: string) => unit + digits.replace(/\d/g, 'x'));

/**
 * Verbs whose past tense still points ahead ("Ray asked for the boom Friday", "we moved the pickup to Tuesday",
 * "they booked it for Monday"): the day is the one asked for or set, not the one it was said on.
 */
const AHEAD_VERBS =
  /^(?:ask|say|tell|request|want|need|promise|agree|mention|confirm|book|reserve|schedule|reschedule|order|move|push|change|plan|set|arrange|expect|hope|call|email|text|quote)$/i;

/** A weekday chrono reads without a date of the month ("Friday", "on thurs"). */
const bareWeekday = (result: ParsedResult) => result.start.isCertain('weekday') && !result.start.isCertain('day');
/** "Friday", "thurs": a weekday's name alone. */
/** "the 3rd", "on the 12th": a day of the month alone. */
const DATE_NAME = new RegExp(`^(?:(?:${MONTHS})[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}\\/\\d{1,2})$`, 'i');
const MONTH_DAY = /^(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$/i;
/** Text ending in a deadline's word: "by", "before", "until", "due", "for", "on or before" (the day follows). */
const DEADLINE_WORD = /\b(?:by|before|until|till|til|due|for|on\s+or\s+before)\s+(?:the\s+|this\s+|next\s+)?$/i;
/**
 * The last part of `before`: after its last punctuation or "and" / "but" / "so" / "then"; "so" after a form of "be"
 * or a verb of seeming ("the system was so slow today", "it got so busy") is a degree, inside its clause.
 */
const lastPart = (before: string) =>
  before
    .split(
      /[.,;:!?\n]|\b(?:and|but|(?<!\b(?:is|are|was|were|been|be|'s|'re|got|gets|seemed|seems|felt|looked)\s+)so|then)\b/i,
    )
    .pop() ?? '';
/** The reference moment as the instant chrono reads from. */
export const instantOf = (ref: LocalMoment) =>
  new Date(`${ref.day}T${String(ref.hour).padStart(2, '0')}:${String(ref.minute).padStart(2, '0')}:00Z`);

const PAST_FORMS = '[a-z]+ed|paid|sent|brought|took|got|came|went|left|dropped|made|gave|had|saw|bought|found|broke';

/**
 * "but we returned the saw thurs", "a receipt for the deposit I paid monday": a weekday chrono reads forward,
 * when every verb before it in its part of the sentence is a simple past (compromise's reading: "wants the grinder
 * gone monday" and "have a tile saw ready for pickup sat" have a present too), is the day it happened, not a
 * deadline; not after by / before / until.
 */
function pastWeekday(result: ParsedResult, before: string): boolean {
  // "Vega paid the August invoice on the 3rd", "the quote I sent on the 12th": a day of the month alone, as a weekday.
  // "rain killed today": what happened today, told in the past.
  if (!MONTH_DAY.test(result.text) && !bareWeekday(result) && !/^today$/i.test(result.text)) return false;
  if (DEADLINE_WORD.test(before)) return false;
  const part = lastPart(before);
  const verbs = verbForms(part);
  const past = (v?: { form: string; infinitive: string }) =>
    !!v && v.form === 'simple-past' && !AHEAD_VERBS.test(v.infinitive);
  // "a receipt for the deposit I paid monday": the last verb a past with its subject pronoun before it.
  const told = new RegExp(`\\b(?:i|we|they|he|she|you)\\s+(?:${PAST_FORMS})\\b[^,;]*$`, 'i').exec(part);
  // "the boom that went to Dunn Tuesday", "the check Harmon mailed Monday": a relative word or a name its subject.
  const related = new RegExp(`\\b(?:that|which|who|[A-Z][a-z]+)\\s+(?:${PAST_FORMS})\\b[^,;]*$`).exec(part);
  if (related) {
    // "the skid steer that came back Friday", "the saw that came back": compromise may read the whole as a noun
    // phrase or "saw" as the verb; the told verb's own tag then.
    const word = /\s+(\S+)/.exec(related[0].trim())?.[1] ?? '';
    if (tagsOf(word)[0]?.tags.has('PastTense') && !AHEAD_VERBS.test(infinitive(word))) return true;
  }
  return verbs.length > 0 && (verbs.every(past) || (!!told && past(verbs[verbs.length - 1])));
}

/**
 * "tell him the boom will be there Thursday", "check whether Harmon still wants the heaters Monday", "let Tom know
 * Vega is picking up the trencher Friday", "find out what time Dunn needs the lift on Wednesday": a bare day inside
 * what is told, asked or checked (a clause with a finite verb of its own after a verb of saying or asking, read by
 * compromise) is that clause's day, not when the telling is due; "tell Jake to have the trailer back Saturday" (an
 * infinitive) and "make sure it's there Friday" (the state to bring about) stay dated.
 */
const REPORTING =
  /(?:\b(?:tell|remind)\s+\w+|\blet\s+(?:\w+\s+){1,2}?know|\b(?:ask|check|see|find\s+out|confirm)\b[^.;!?]*?\b(?:if|whether)|\bwhat\s+(?:time|day))\s+(?:that\s+)?/i;
const NO_PLAN =
  /^(?:i|we)\s*(?:can't|cannot|can\s+not|won't|don't|couldn't|'re\s+not|are\s+not|'m\s+not|am\s+not|(?:'re|are|'m|am)\s+(?:closed|booked|full|out|off|away|shut))\b/i;
function reportedDay(before: string): boolean {
  // "check if we have one free and call him back today": a date after "and" is the next action's.
  const part = before.split(/[.;:!?\n]|\b(?:and|but|so|then)\b/i).pop() ?? '';
  const said = REPORTING.exec(part);
  if (!said) return false;
  const told = part.slice(said.index + said[0].length);
  // "I tell her I send the quote in two days": what the team tells of its own plan is that plan, dated; "tell Ortiz
  // we can't do the 14th", "let Vega know we're closed on the 24th" tell of no plan.
  if (/^(?:i|we)\b/i.test(told) && !NO_PLAN.test(told)) return false;
  // "remind Ortiz their payment is due on the 15th": their deadline, told.
  if (/^(?:their|his|her|the)\s+(?:[\w'-]+\s+){0,3}?(?:is|are|'s)\s+due\b/i.test(told)) return hasFiniteVerb(told);
  return !/\b(?:by|before|until|till|due|prior\s+to|ahead\s+of|no\s+later\s+than)\b/i.test(told) && hasFiniteVerb(told);
}

/**
 * "call Dunn about the Tuesday delivery", "the Monday crew left the gate open", "print the load list for Friday's
^ * pour", "draft a Saturday schedule": a weekday that names which thing is meant (after a determiner or as a possessive, before a noun compromise
 * reads as one) is that thing's day, not a deadline; "before Thursday's haul" stays one, and "the Friday morning" is
 * a part of that day.
 */
function namingDay(result: ParsedResult, before: string, after: string): boolean {
  // "credit you for today's downtime": today's or tomorrow's thing, as a possessive only.
  const relative = /^(?:today|tomorrow|tonight)$/i.test(result.text);
  // "print the dec 12 delivery ticket", "the 12/12 pickup": a day of the month naming the thing, after a determiner.
  const dated = DATE_NAME.test(result.text);
  if (!relative && !dated && !WEEKDAY_NAME.test(result.text)) return false;
  if (DEADLINE.test(before) || BEFORE_EVENT.test(before)) return false;
  const owned = /^'s\s+([a-z][\w-]*)/i.exec(after);
  if (relative && !owned) return false;
  if (dated && owned) return false;
  const named = /\b(?:the|their|our|your|his|her|its|a|an)\s+$/i.test(before) ? /^\s+([a-z][\w-]*)/i.exec(after) : null;
  const next = owned ?? named;
  if (!next || /^(?:morning|afternoon|evening|night|noon|after|before|at|by|or|and)$/i.test(next[1])) return false;
  // compromise reads "Friday's pour" as a noun after a possessive, "the Tuesday delivery" after a determiner.
  const tags = (owned ? tagsOf(`${result.text}'s ${next[1]}`)[1] : tagsOf(`the ${result.text} ${next[1]}`).pop())?.tags;
  return !!tags && tags.has('Noun') && !tags.has('Pronoun') && !tags.has('Date') && !tags.has('Value');
}

/**
 * "Call Summit, they're open Saturdays now", "the inspector comes out Wednesdays now": "now" ending a statement of how
 * things are (a simple present with a subject of its own, compromise's reading) is "these days", not a time to act;
 * "I'll dispatch a driver now", "need tech NOW", "we need it now" stay today's.
 */
function nowadays(result: ParsedResult, before: string): boolean {
  if (!/^now$/i.test(result.text) || /\b(?:right|just)\s+$/i.test(before)) return false;
  const part = lastPart(before).trim();
  const verbs = verbForms(part);
  const last = verbs[verbs.length - 1];
  if (!last || last.form !== 'simple-present' || /^(?:need|want|require)$/i.test(last.infinitive)) return false;
  const words = tagsOf(part);
  const verb = words.findIndex((w) => w.tags.has('Verb'));
  return verb > 0 && words.slice(0, verb).some((w) => w.tags.has('Noun') || w.tags.has('Pronoun'));
}

/**
 * "Kessler said on Monday that the invoice was wrong", "Frank called Monday asking about a second boom", "Ray told
 * me Monday the pump's leaking": a day right after a past verb of saying, followed by what was said, is the day it
 * was said, not a deadline ("Ray asked for the boom Friday" has the thing asked for between, and stays dated).
 */
const SAID_ON =
  /\b(?:said|told|called|rang|asked|mentioned|emailed|texted|wrote|phoned)(?:\s+(?:me|us|him|her|them|you))?\s+(?:on\s+)?$/i;
/** A past verb of making contact right before the day: "called", "rang", "asked", "emailed", "texted", "phoned". */
const CONTACT_ENDS = /\b(?:called|rang|asked|emailed|texted|phoned)(?:\s+(?:me|us|him|her|them|you))?\s+(?:on\s+)?$/i;
const WHAT_WAS_SAID = /^\s*,?\s*(?:that|asking|saying|about|wanting|complaining|to\s+(?:say|ask))\b/i;
function saidOnDay(result: ParsedResult, before: string, after: string): boolean {
  if (!bareWeekday(result)) return false;
  const lead = /^(?:on)\s+/i.exec(result.text)?.[0] ?? '';
  if (!SAID_ON.test(before + lead)) return false;
  if (WHAT_WAS_SAID.test(after)) return true;
  // "quote a boom for Lund, Gary asked Friday", "(off-rent called Thu)": a day that ends the clause of a contact made
  // (a call, a mail, a question) is when it was made; after "said" / "told" the day is the one said ("they said
  // Wednesday, so Wednesday").
  if (CONTACT_ENDS.test(before + lead) && /^\s*(?:[.,;:!?)\n]|$)/.test(after)) return true;
  // "told me Monday the pump's leaking": a clause of its own, with a subject and a finite verb.
  const told = /^\s+((?:the|his|her|their|its|it|they|he|she|we)\b[^.,;!?]*)/i.exec(after);
  return !!told && hasFiniteVerb(told[1]);
}

/**
 * "send Dunn the rental agreement for the lift they're taking Monday", "call the shop about the part that was supposed
 * to come Monday", "call Ortiz, they need the roller for a job Friday": a weekday ending what someone else does (a
 * third person or a relative word, with a finite verb of its own in compromise's reading, after the task's own verb)
 * is their day, not the task's; not a want or need of it ("he wants it Monday"), nor after "and" / "then" (the next
 * action's).
 */
const SOMEONE_ELSE = /\b(?:they|he|she|that|which|who)\b(?:'re|'s|'ll)?(?![^,;]*\b(?:and|then)\b)[^;]*$/i;
const FOR_THE_ORDER =
  /\bfor\s+(?:the|their|our|your|his|her)\s+(?:[\w'-]+\s+){0,3}?(?:order|job|delivery|event|rental|pickup|booking|install|party|show|wedding)\s+(?:that's|that\s+is|which\s+is|that\s+goes\s+out)\s+(?:on\s+)?$/i;
function someoneElsesDay(result: ParsedResult, before: string): boolean {
  if (!bareWeekday(result) || DEADLINE_WORD.test(before)) return false;
  const part = before.split(/[.;:!?\n]/).pop() ?? '';
  const other = SOMEONE_ELSE.exec(part);
  if (!other || !verbForms(part.slice(0, other.index)).length) return false;
  const told = part.slice(other.index);
  // "before they go out on Friday", "once they're back Monday": the task's deadline, told by someone else's step.
  if (BEFORE_EVENT.test(before) || /\b(?:before|by|until|till|ahead\s+of|prior\s+to|when|once|after)\b/i.test(told))
    return false;
  // "fuel up the two light towers for the Dobbs order that's Friday": the day of the order the work is for.
  if (FOR_THE_ORDER.test(part)) return false;
  const verbs = verbForms(told);
  const last = verbs[verbs.length - 1];
  return (
    !!last &&
    last.form !== 'imperative' &&
    !/^(?:need|want|require|expect|ask|promise|agree)$/i.test(last.infinitive) &&
    hasFiniteVerb(told)
  );
}

/**
 * A day the task's own words give to something other than the task: the day of a condition ("If Ortiz calls Friday,
 * tell them the lift is ready", "if it rains Thursday, call Kessler"), a day that recurs ("every Friday walk the
 * yard", "on Mondays"), a day that is the topic ("talk to Jake about Thursday", "ask them about Friday instead") and
 * an absence ("I'm off Friday, get the quote out", "Dan's out Thursday"); none of them is when the task is due.
 * "if you could send it Friday" is a request, "check if we have one free and call him back Friday" dates the next
 * action, "by" / "before" keep a deadline, and an absence's day the task takes
 * up ("Sam's out Thursday, take the delivery that day") stays.
 */
const CONDITION =
  /\b(?:if|unless|in\s+case)\b(?!\s+(?:you|u)\s+(?:could|can|would|don't\s+mind)\b)(?:(?!\b(?:and|then|so)\b)[^,;])*$/i;
const ABSENT =
  /\b(?:[Ii]'m|[Ii]\s+am|[Ii]'ll\s+be|[Ii]\s+will\s+be|he's|she's|they're|[A-Z][a-z]+'s|[A-Z][a-z]+\s+is)\s+(?:off|out|away|gone|on\s+(?:vacation|leave|holiday)|at\s+[^,;.]*?\s+all\s+day)\s+(?:on\s+)?$/;
function othersDay(result: ParsedResult, before: string, after: string): boolean {
  if (!result.start.isCertain('weekday') && !MONTH_DAY.test(result.text)) return false;
  if (DEADLINE.test(before) || BEFORE_EVENT.test(before)) return false;
  if (
    /\b(?:every|each)\s+(?:other\s+)?$/i.test(before) ||
    /(?:mon|tues|wednes|thurs|fri|satur|sun)days$/i.test(result.text)
  )
    return true;
  if (/\babout\s+$/i.test(before)) return true;
  const part = before.split(/[.;:!?\n]/).pop() ?? '';
  // "Sam's out Thursday, um, take the Kessler delivery that day": the absence's day, which the task takes up.
  const takenUp = /^[^.;!?\n]*\b(?:that\s+day|that\s+morning|then)\b/i.test(after);
  // An absence read alone (an earlier clause a later "that day" or "before then" points to) keeps its day.
  const taskFollows = /^[^.;!?\n]*[a-z]{2,}/i.test(after);
  return CONDITION.test(part) || (ABSENT.test(before) && taskFollows && !takenUp);
}

/**
 * "send Vega the revised contract, and Thursday swing by Harmon's yard": a day right after "and" that opens the next
 * action (an imperative verb after it, compromise's reading) is that action's, not the one before; "and Friday at
 * the latest" has no verb after it and stays the task's.
 */
function nextActionsDay(result: ParsedResult, before: string, after: string): boolean {
  if (!/(?:,\s*|\s)and\s+(?:then\s+)?(?:on\s+)?$/i.test(before + (/^on\s+/i.exec(result.text)?.[0] ?? '')))
    return false;
  const next = /^\s*,?\s*([a-z]+)\b/i.exec(after)?.[1];
  if (!next || /^(?:at|by|or|and|morning|afternoon|evening|night|first|is|works|too|as)$/i.test(next)) return false;
  const tags = tagsOf(`${next} it`)[0]?.tags;
  return !!tags && tags.has('Verb') && (tags.has('Imperative') || tags.has('Infinitive') || tags.has('PresentTense'));
}

/**
 * "Thursday's no good for Vega, so ask them about Friday", "Monday doesn't work for Dunn": a weekday that is the
 * subject of its clause (a verb right after it) is a day talked about, not when the task is due; a day read as an
 * event's or that "then" points back to still counts, and so does "Friday's the deadline".
 */
const DAY_TALKED_OF = /^\s*(?:'s|is|was|isn't|wasn't|won't|doesn't|does|works|would|could|might|should)\b/i;
function dayAsSubject(result: ParsedResult, before: string, after: string): boolean {
  if (!bareWeekday(result) || !WEEKDAY_NAME.test(result.text)) return false;
  // "Friday's the deadline", "Monday is the latest we can do": still a deadline.
  if (/^[^.,;!?\n]*\b(?:deadline|latest|due|cutoff|cut-off|last\s+day)\b/i.test(after)) return false;
  return /(?:^|[.,;:!?\n]|\b(?:so|and|but|okay|um|uh))\s*$/i.test(before) && DAY_TALKED_OF.test(after);
}

const PRICED_FOR =
  /\b(?:quote|quotes|quoting|price|prices|pricing|rate|rates|estimate)\b(?:(?!\b(?:by|before|and|then)\b)[^.,;!?])*\bfor\s+(?:the\s+|this\s+|next\s+)?$/i;

/** A time of the day, no day of its own: "first thing", "at 7", "8am", "in the morning". */
const TIME_OF_DAY =
  /^(?:first\s+thing|(?:in\s+the\s+|that\s+)?(?:morning|afternoon|evening|noon)|(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|a|p)?)$/i;

/** A memo's opening words before the day it is: "ok Jake here, ", "this is Dan, ", "Sam, ", "hey it's Maria, ". */
const RECORDED_ON =
  /^\W*(?:(?:ok(?:ay)?|hey|hi|yeah|so|alright)[\s,]+)*(?:(?:this\s+is|it's)\s+)?[A-Z][a-z]+(?:\s+here)?\s*,\s*$/i;
const weekdaySaid = (result: ParsedResult) => result.start.get('weekday');

/** Every date phrase of `text` that can be a due date, in order of appearance. */
export function dateMentions(text: string, ref: LocalMoment, events = false): DateMention[] {
  const instant = instantOf(ref);
  const mentions: DateMention[] = [];
  // Where the last day read as a period's or an event's ends: "from the 14th, first thing" is that day's first thing.
  let periodEnd = -1;
  // Every day of the month said so far, a period's or an event's too.
  const daysSaid: string[] = [];
  for (const result of parser().parse(withoutUnitNumbers(text), { instant, timezone: 0 }, { forwardDate: true })) {
    // "today or first thing tomorrow at the latest": the later bound is the deadline, the days before it in its clause
    // are not.
    const latest =
      /\bor\s+(?:first\s+thing\s+)?$/i.test(text.slice(0, result.index)) &&
      /^\s*at\s+the\s+latest\b/i.test(text.slice(result.index + result.text.length));
    let from = result.index;
    if (latest) {
      const part = lastPart(text.slice(0, result.index));
      for (let k = mentions.length - 1; k >= 0 && part.includes(mentions[k].phrase); k--)
        from = Math.min(from, text.lastIndexOf(mentions.pop()?.phrase ?? '', result.index));
    }
    const before = text.slice(0, result.index);
    const after = text.slice(result.index + result.text.length);
    if (result.start.isCertain('day'))
      daysSaid.push(dayOf(result.start.get('year') ?? 0, result.start.get('month') ?? 1, result.start.get('day') ?? 1));
    // "starts next Monday" is a period's start, but "before the project starts next Monday" a deadline.
    const until = untilAsBy(before);
    // "arrange the delivery on Monday": chrono may read "on Monday" as the date; the event noun is then read with its
    // "on", unless the task is doing the event's work itself ("do the inspections on Friday" is due Friday).
    const lead = /^(?:on|for)\s+/i.exec(result.text)?.[0] ?? '';
    const eventOn = !!lead && EVENT_DATE.test(before + lead) && !DOES_THE_WORK.test(before);
    const eventDay =
      (EVENT_DATE.test(before) || eventOn) &&
      !TAKEN_TO.test(before + lead) &&
      !(SCHEDULED_FOR.test(before + lead) && !/\b(?:weeks?|months?)\b/i.test(result.text));
    if (
      ((NOT_DEADLINE.test(before + lead) ||
        eventDay ||
        MOVED_TO.test(before + lead) ||
        EXTENDED_TO.test(before + lead)) &&
        !BEFORE_EVENT.test(before) &&
        !events &&
        !until) ||
      /^\s*(?:ago|onwards|of|ending|ended)\b/i.test(after) ||
      DURATION.test(result.text)
    ) {
      if (!DURATION.test(result.text)) periodEnd = result.index + result.text.length;
      continue;
    }
    const hourOfThatDay = periodEnd >= 0 && /^[\s,]*(?:at\s+)?$/i.test(text.slice(periodEnd, result.index));
    if (hourOfThatDay && TIME_OF_DAY.test(result.text)) continue;
    if (/^now$/i.test(result.text) && /\b(?:for|from|until|till|not)\s+$/i.test(before)) continue;
    // "before Memorial Day weekend", "over Easter weekend", "before the holiday weekend", "the long weekend": a named
    // weekend (or one a holiday makes), not this one.
    if (
      /^weekend\b/i.test(result.text) &&
      (/\b[A-Z][a-z]+(?:\s+[Dd]ay)?\s+$/.test(before) || /\b(?:holiday|long)\s+$/i.test(before))
    )
      continue;
    // "ok Jake here, Tuesday morning, so the lowboy's got a soft tire": a memo that opens with who speaks and the day
    // it is (today's weekday) says when it was recorded, no due date.
    if (bareWeekday(result) && weekdaySaid(result) === ref.weekday && RECORDED_ON.test(before)) continue;
    // "the hour reading", "by the hour": no day; "how much for the day": chrono reads "the day" as tomorrow. A unit
    // counted by no number ("the list with the hours", "log the days it sat") is a quantity, no time either.
    if (/^the\s+(?:hour|day|(?:minute|hour|day|week|month)s)$/i.test(result.text)) continue;
    // "their rental history for this year", "the report for the quarter": a span the work covers; chrono gives it no
    // day, and it is no time of today.
    if (/^(?:(?:this|the|that|next|current)\s+)?(?:year|quarter)$/i.test(result.text)) continue;
    // "we returned the saw thurs", "the deposit I paid monday": a weekday told with a past tense is a past day.
    if (!events && pastWeekday(result, before)) continue;
    // "tell him the boom will be there Thursday": the day of what is told or asked, not a deadline.
    if (!events && reportedDay(before)) continue;
    // "the Tuesday delivery", "Friday's pour": the day names the thing, it is no deadline.
    if (!events && namingDay(result, before, after)) continue;
    // "they're open Saturdays now": how things are these days, not a time to act.
    if (!events && nowadays(result, before)) continue;
    // "Kessler said on Monday that the invoice was wrong": the day it was said.
    if (!events && saidOnDay(result, before, after)) continue;
    // "the lift they're taking Monday": someone else's day, not the task's.
    if (!events && someoneElsesDay(result, before)) continue;
    // "If there's no check by Friday, put them on hold", "call Nora if it's not here by noon Thursday": the day waited
    // for, the action only if it passes without it.
    if (!events && waitedFor(before)) continue;
    // "If Ortiz calls Friday, ...", "every Friday", "about Thursday", "I'm off Friday": not the task's day.
    if (!events && othersDay(result, before, after)) continue;
    // "I gotta order those, they're about four days out": how far off the subject is, not the action's day.
    if (!events && leadTime(result.text, before)) continue;
    // "..., and Thursday swing by Harmon's yard": the next action's day.
    if (!events && nextActionsDay(result, before, after)) continue;
    // "Thursday's no good for Vega": a day talked about.
    if (!events && dayAsSubject(result, before, after)) continue;
    // "a price for Harmon on a boom for Saturday", "quote two heaters for next week": the rental's day, not the quote's.
    if (!events && PRICED_FOR.test(before)) continue;
    // "last year", "yesterday", "two weeks ago": the past is no due date.
    if (/^(?:last|yesterday|earlier|previous)\b/i.test(result.text)) continue;
    // "a free afternoon": a part of the day with no day to it.
    if (
      /^(?:morning|afternoon|evening|night)s?$/i.test(result.text) &&
      !/\b(?:this|tomorrow|in\s+the)\s+$/i.test(before)
    )
      continue;
    // "the W-9", "unit B-12": a form or unit code, not a date.
    if (/\b[A-Za-z]+-\d+\b/.test(result.text) || /^[A-Za-z]*-?\d/.test(after) || /[A-Za-z]-$/.test(before)) continue;
    // "the 5/8 chains", "a 3/4 inch hose": a fraction of an inch or a ton, not a day.
    if (/^\d{1,2}\/(?:2|4|8|16|32|64)$/.test(result.text) && FRACTION_AFTER.test(after)) continue;
    // "pick up the compactor from 22 birch", "the job at 1200 Main St": a house number, not an hour.
    if (/^(?:(?:from|at|to|on)\s+)?\d{1,5}$/i.test(result.text) && STREET_AFTER.test(after)) continue;
    // "May 26-29", "June 15 to August 14": a period, not a deadline.
    if (result.end) continue;
    const start = result.start;
    // "the April invoice", "for October": a month is a due date only as "in April", "by March", "before May".
    if (
      start.isCertain('month') &&
      !start.isCertain('day') &&
      !/\b(?:in|by|before|until|early|mid)\s+(?:early\s+|mid\s+|the\s+)?$/i.test(before)
    )
      continue;
    const dated = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
    // A time of day alone ("this afternoon", "at 2pm", "by 7am") is today's, even once the hour has passed.
    let day = dated ? dayOf(start.get('year') ?? 0, start.get('month') ?? 1, start.get('day') ?? 1) : ref.day;
    // A weekday named on that weekday means next week's ("Monday" said on a Monday).
    if (
      day === ref.day &&
      start.isCertain('weekday') &&
      !start.isCertain('day') &&
      !/\b(?:today|tonight|this)\b/i.test(result.text)
    ) {
      day = addDays(day, 7);
    }
    // "the spring cleanup on the 20th, ... a leaf blower pack for the Saturday": "the" weekday of a day said before
    // in the text is that day, not the nearest one.
    if (bareWeekday(result) && /\bthe\s+$/i.test(before)) {
      const said = daysSaid.find((d) => weekdayOf(d) === weekdayOf(day) && d > day && daysBetween(day, d) <= 14);
      if (said) day = said;
    }
    // "before it goes out at nine": an hour in words is today's time, no day to go before.
    // "Wednesday at 9" names its day: only an hour alone is today's.
    const hourOnly = HOUR_WORDS.exec(result.text)?.index === 0;
    const datedDay = dated && !hourOnly;
    const before1 =
      (/\b(?:before|prior\s+to|ahead\s+of)\s+(?:the\s+)?$/i.test(before) || BEFORE_EVENT.test(before)) &&
      !THAT_DAY.test(before) &&
      !NIGHTFALL_BEFORE.test(before);
    const onTheDay = THAT_DAY.test(before);
    // "before noon", "before the end of May": that day; "before the customers come tomorrow morning": the day before.
    const dayWord = /\b(?:tomorrow|mon|tue|wed|thu|fri|sat|sun)/i.test(result.text);
    const ends = ENDS.test(result.text) && !(dayWord && /\bmorning\b/i.test(result.text));
    // "before 10 tomorrow", "before 9am on Saturday": an hour of that day, not the day before.
    if (before1 && datedDay && !ends && !start.isCertain('hour')) day = addDays(day, -1);
    if (day < ref.day) continue;
    mentions.push({
      day,
      // (The bound before goes with it: a title leaves out "Wednesday or Thursday" whole.)
      phrase: text.slice(from, result.index + result.text.length),
      deadline: DEADLINE.test(before) || before1 || until || onTheDay || latest,
      timeOnly: !dated || hourOnly,
    });
  }
  // "Wednesday by 7am": the day wins over the time of day.
  return mentions.some((m) => !m.timeOnly) ? mentions.filter((m) => !m.timeOnly) : mentions;
}

/** The due date a clause states: its first deadline ("by ..."), else its first date; null when none. */
export function dueDateOf(clause: string, ref: LocalMoment): DateMention | null {
  const mentions = dateMentions(clause, ref);
  return mentions.find((m) => m.deadline) ?? mentions[0] ?? null;
}

/**
 * "have the dumpster dropped that day", "the barricades set up the morning of", "the porta johns the same day",
 * "Bring it to the counter tomorrow and we'll swap it on the spot":
 * the day an earlier sentence named, which wins over a time of day in the clause ("first thing that day").
 */
export const SAME_DAY =
  /\b(?:(?:on\s+)?(?:that|the\s+same)\s+(?:day|morning|afternoon|evening|night)\b|on\s+the\s+spot\b|the\s+day\s+(?:it|they|he|she)\s+(?:arrives?|comes?|gets?\s+here|lands?|shows?\s+up)\b|the\s+morning\s+of(?=\s*(?:[.,;!?]|$)))/i;

/**
 * "Yard to do before xmas:", "For Thursday's site visit at Harmon:", "Subject: Friday delivery": the date of the
 * heading a list or a message is written under, for the items that name none; `headings` nearest first.
 */
const HEADED_ABSENCE =
  /\b(?:i'm|i\s+am|i'll\s+be|we're|we\s+are|he's|she's|they're|[a-z]+'s|[a-z]+\s+is|[a-z]+\s+will\s+be)\s+(?:off|out|away|gone|on\s+(?:vacation|leave|holiday|pto))\b[^:]*$/i;
export function headedDueDate(headings: string[], ref: LocalMoment): DateMention | null {
  for (const heading of headings) {
    const date = dateMentions(heading, ref, true)[0];
    // "Ops meeting, Mon 14 June:": a heading dated today is the day it was written, not a deadline.
    // "Ops - Monday" written on a Monday: the meeting's own day (read as next week's), not a deadline.
    const written =
      !!date &&
      date.day === addDays(ref.day, 7) &&
      /^(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$/i.test(date.phrase) &&
      !/\b(?:next|before|by|due|for)\b/i.test(heading);
    // "A few things before I'm out next week:": an absence in a week with no day of its own dates none of the items
    // (as "before the holidays" dates nothing).
    const awayForAWeek =
      !!date && /\bweek\b/i.test(date.phrase) && AWAY_WORDS.test(heading.slice(0, heading.indexOf(date.phrase)));
    // "Note for Maria from Priya (I'm out tomorrow and Friday):": the writer's absence, with no "before" or "by",
    // is when they are away, not when the items are due.
    const absence =
      !!date &&
      HEADED_ABSENCE.test(heading.slice(0, heading.indexOf(date.phrase))) &&
      !/\b(?:before|by|due|until|till|ahead\s+of)\b/i.test(heading);
    // "Subject: year end": the year's closing as a topic, with no "by" or "before", dates nothing.
    const topic = !!date && /^\s*(?:the\s+)?(?:year|month|quarter)[- ]end\s*:?\s*$/i.test(heading);
    if (
      date &&
      !written &&
      !awayForAWeek &&
      !absence &&
      !topic &&
      (date.day > ref.day || /\b(?:today|tonight|before|by|eod)\b/i.test(heading))
    )
      return { ...date, phrase: heading, deadline: true };
  }
  return null;
}

/** Words of being away: "off", "out", "on vacation", "gone". */
export const AWAY_WORDS = /\b(?:off|out|away|vacation|leave|gone)\b/i;
