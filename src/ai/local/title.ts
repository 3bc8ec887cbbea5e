import { escapeRegExp } from '../../lib/regexp';
import type { TaskContext, TeamMember } from '../types';
import type { Person, TextFrame } from './frame';
import { resolvePronouns, thingBefore } from './pronouns';
import { titleViolations } from './title-lint';
import { PARTICLES } from './lexicon';
import { isActionVerb } from './words';
import { machineSaid } from './needs-moves';
import { deskTail, deskVerbs, spelledOut } from './title-verbs';
import { quotedWork, sentWork, withFault } from './title-work';
import { callAbout } from './title-call-about';
import { questionAbout } from './title-question';
import { pricedItems } from './title-priced-items';
import { withoutReportBack } from './title-report-back';
import { relayedPromise } from './title-relayed-promise';
import { withoutLeftDay } from './title-left-day';
import { madeSure } from './title-make-sure';
import { errandWork } from './title-errand-work';
import { swapped } from './title-swap';
import { particleAfterVerb } from './title-particle';
import { onList } from './title-on-list';

/**
 * A task title that names the action and its object: "Please send the revised quote to Hendricks by
 * Thursday" -> "Send revised quote to Hendricks". From the cue's action: cut where a reason or condition
 * starts, without date words, fillers and articles, "him"/"them" replaced by the contact or company,
 * "it" by the thing the text spoke of before ("Sure, I can quote that. I'll email it over" -> "Email quote").
 * "check if the lift is back" keeps its "if": the question is what to check, not a condition. With `desk`
 * (title-verbs.ts) the verb is the one a task list uses, remarks after the object are cut and the trade's short
 * forms spelled out ("grab the mini ex, they need it gone" -> "Pick up mini excavator").
 */
const CUT =
  /(?:\s+(?:so\s+that|so|because|(?<!\bthe\s)cause|cuz|instead\s+of|since|as\s+soon\s+as|once|(?<!\b(?:check|see|ask|find\s+out|confirm|verify|figure\s+out)\s+)(?<!^ask\s+(?:\S+\s+){1,2})if|when|whenever|while|unless|just\s+in\s+case|in\s+case|to\s+see\s+if|to\s+discuss|that\s+(?:would|will|should)|which|who|but|or\s+call|before\s+it|before\s+they|until\s+it)\b|[,;:()?!]|\s[-\u2013\u2014]\s|\.(?:\s|$))/i;
const TIME_WORDS =
  /\b(?:(?:by|before|on|for|at|around|until|no\s+later\s+than|due)\s+)?(?:today|tomorrow|tonight|this\s+(?:morning|afternoon|evening)|first\s+thing|(?:before|after)\s+lunch(?:time)?|asap|as\s+soon\s+as\s+possible|right\s+away|immediately|straight\s+away|now|later|soon|at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|(?:about|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|\d{1,2}(?::\d{2})?\s*(?:am|pm))\b/gi;
const FILLER_WORDS =
  /\b(?:please|also|too|just|then|urgently|again|for\s+me|for\s+us|quickly|definitely|probably|really|your|my|our|his|their)\b/gi;
const MAX_WORDS = 12;
/** The action's words before a date phrase are a verb and more ("order two pins by Wednesday,"), not a verb alone. */
function objectBefore(action: string, phrase: string): boolean {
  const at = action.indexOf(phrase);
  const before = at < 0 ? [] : action.slice(0, at).replace(DATE_LINK, ' ').trim().split(/\s+/);
  return before.length >= 2;
}
/** The words that link a date phrase to the work ("by Friday", "no later than the 3rd"). */
const DATE_LINKS = 'by|before|on|for|due|until|no\\s+later\\s+than|within|in';
const DATE_LINK = new RegExp(`\\s(?:${DATE_LINKS}|till)\\s*$`, 'i');
const HANGING = /^(?:for|to|at|with|of|from|by|and|or|the|a|till|til|until|but|so)$/i;

/** The desk rewrites of what is said around a title's work, in the order they apply. */
const SAID_AROUND: ((title: string, team: TeamMember[]) => string)[] = [
  withoutReportBack,
  relayedPromise,
  madeSure,
  errandWork,
  withoutLeftDay,
];

/**
 * What a title is made from besides the action: `before` is the text before the action (its sentence,
 * then the one before), where "it" points; `forCustomer`: "you" is the contact (a rep speaking to them);
 * `speaker`: the person whose line it is, who "me" is.
 */
export interface TitleSources {
  datePhrases: string[];
  context: TaskContext;
  frame: TextFrame;
  before?: string[];
  /** The sentences before the action, nearest first, further back than `before`. */
  earlier?: string[];
  forCustomer?: boolean;
  speaker?: Person | null;
}

export function titleOf(action: string, sources: TitleSources, desk = true): string {
  const { datePhrases, context, frame, before = [], earlier = before, forCustomer = false, speaker = null } = sources;
  let t = ` ${action} `;
  // A phrase read with the comma after it ("Friday,") leaves that comma where the work has its object before it, so
  // the title is cut there: "pick up the telehandler Friday, the crew finishes Thursday night". ("confirm by wed, need
  // to book crew" keeps the words after it: the verb alone is no title.)
  for (const phrase of datePhrases.map((p) => (objectBefore(t, p) ? p.replace(/,$/, '') : p))) {
    // "get those fixed before Tuesday's run": the date's event goes with it.
    t = t.replace(new RegExp(`\\s(?:by|before|until)\\s+(?:the\\s+)?${escapeRegExp(phrase)}'s\\s+\\w+`, 'i'), ' ');
    t = t.replace(new RegExp(`\\s(?:(?:${DATE_LINKS})\\s+)?(?:the\\s+)?${escapeRegExp(phrase)}`, 'i'), ' ');
  }
  t = t.replace(TIME_WORDS, ' ');
  // What a removed date leaves behind: "Monday AM", "Friday's delivery".
  t = t.replace(/\s(?:AM|PM|am|pm|a\.m\.|p\.m\.)(?=\s)/g, ' ').replace(/\s's\b/g, ' ');
  const cut = CUT.exec(t.slice(1));
  if (cut && cut.index > 0) t = ` ${t.slice(1, cut.index + 1)} `;
  // "ask Jake if the lowboy's fixed": the question asked, as a task list writes it ("Ask Jake whether ...").
  t = t.replace(/^(\s+ask\s+(?:\S+\s+){1,2})if\b/i, '$1whether');
  t = t.replace(FILLER_WORDS, ' ').replace(/\b(?:the|a|an)\s+/gi, '');
  if (desk) t = questionAbout(callAbout(deskTail(deskVerbs(t.replace(/\s+/g, ' ')))));
  t = resolvePronouns(t.trim(), { context, frame, before, forCustomer, speaker });
  // What is said around the work goes (round twenty-three): a report back, a promise passed on, "make sure", an
  // errand, a weekday.
  if (desk) for (const rewrite of SAID_AROUND) t = rewrite(t, context.team);
  // A unit brought and the customer's taken back: a swap; a thing put on a list: the list's work (round twenty-four).
  if (desk) t = onList(swapped(t, [action, ...earlier]), [action, ...earlier]);
  if (desk)
    t = quotedWork(
      pricedItems(withFault(sentWork(t, earlier, context), [action, ...earlier]), [action, ...earlier]),
      [action, ...earlier],
      context,
    );
  t = ` ${desk ? particleAfterVerb(spelledOut(t)) : t} `;
  const all = t
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .split(' ');
  // "... to Efrain Quintero": the cap does not cut a name in two, it keeps the name whole.
  let cap = MAX_WORDS;
  while (cap < all.length && /^[A-Z][a-z]/.test(all[cap]) && /^[A-Z][a-z]/.test(all[cap - 1])) cap++;
  const words = all.slice(0, cap);
  // "... to Harold Kim for": a desk title does not end on the word the cut left hanging.
  // "Hold it till Monday" less its date, "... after first drop and get": nor on a verb the cut left without its object;
  // "Call Yadira and tell her, ..." less the one told again: nor on "and tell".
  const hangingVerb = () =>
    /^(?:get|have|make|tell|ask|remind|inform|notify)$/i.test(words[words.length - 1]) &&
    /^and$/i.test(words[words.length - 2]);
  while (desk && words.length > 2 && (HANGING.test(words[words.length - 1]) || hangingVerb())) words.pop();
  const title = words.join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The title if it stands alone (the title lint finds nothing), else repaired: a verb with no object
 * ("Pick up", "Order more") takes the thing the text spoke of before. Null when nothing repairs it: a
 * heading ("Shop meeting") or a pronoun nothing resolves is no task a reader could act on.
 */
// "Jake delivers Wed afternoon so they can start at 7" after "Benedetti signed for the walk-behind saw": a member's
// move with no object of its own moves the thing named before (round twenty-two).
const LOOK_VERBS = /^(?:check|inspect|fix|repair|service|order|look|deliver|haul)$/i;

export function standingTitle(
  title: string,
  clause: string,
  context: TaskContext,
  before: string[],
  committed = false,
): string | null {
  const violations = titleViolations(title, clause, context);
  if (violations.length === 0) return title;
  const [verb, ...rest] = title.split(' ');
  const bare = rest.every((w) => PARTICLES.has(w.toLowerCase()) || /^(?:more|again|too)$/i.test(w));
  // "I will check when I have time" after "The forklift has a small oil leak": a commitment to look at that thing.
  // "... we returned the saw thurs. pls fix": a short ask to fix or check, with nothing after its verb, too.
  // (asked: a bare "Check." is a note's tick, no task).
  const shortAsk =
    clause
      .replace(/[^A-Za-z\s]/g, ' ')
      .trim()
      .split(/\s+/).length <= 3 && /\b(?:please|can|could|would)\b/i.test(clause);
  // "can we meet this week?" from a customer: the meeting is with them.
  if (verb.toLowerCase() === 'meet' && !rest.length && context.contactName)
    return standingTitle(`${title} ${context.contactName}`, clause, context, before, committed);
  const lookAt = (committed || shortAsk) && !rest.length && LOOK_VERBS.test(verb);
  if (violations.length > 1 || violations[0] !== 'fragment' || !isActionVerb(verb) || !(rest.length || lookAt) || !bare)
    return null;
  // A move takes the machine said last before it ("the walk-behind saw"), not the customer named with it.
  const machine = /^(?:deliver|haul)$/i.test(verb) ? before.map((b) => machineSaid(b)).find((m) => m) : null;
  const thing = machine?.replace(/^(?:the|a|an)\s+/i, '') ?? thingBefore(before, context);
  const repaired = thing ? `${title} ${thing}` : null;
  return repaired && titleViolations(repaired, clause, context).length === 0 ? repaired : null;
}
