import type { Cue } from './cue';
import { MACHINE_WORDS } from './lexicon';

/**
 * Round eighteen of "AI 2" (docs/ai.md, "Round eighteen: needs and moves"): equipment that has to go out or come back,
 * said as a need, a want or a schedule rather than asked for. A clause whose subject is the customer (they, he, she, a
 * name, "the crew", "the hospital job") with a need or a want, or the equipment with a verb of movement, whose object
 * is a machine, and that says a time or a place:
 * - "they need twelve patio heaters for the market on the 23rd", "kessler wants the compactor fri": the customer's
 *   want passed on by the team is a delivery; the customer's own need ("we need the buggy on site no later than the
 *   22nd") only with a place and a deadline (a day alone made bookings whose dates the labels do not agree on);
 * - "the hospital job needs the 80ft boom delivered the day before", "she needs the lift moved to ...", "he needs the
 *   trailer picked up Friday": the participle says the move (Deliver, Move, Pick up);
 * - "Two light towers go to the high school lot Friday", "Ironclad's skid steer and auger go out today 7am": the
 *   schedule of the equipment's going out is a delivery (its coming back, "comes back Sunday", a pickup).
 * What is no such task: a price, quote, rate or availability asked for ("need a price on a boom for Saturday"), a
 * length, a start or a period, a hedge, a question, a condition, a future plan ("they'll need"), an extension ("need
 * the lift until Friday"), and anything in the past ("we delivered the lift Monday", "they needed", "went out").
 */

/** The machine words of the lexicon, and the rental desk's machines it lacks. */
const MACHINE = `(?:${MACHINE_WORDS}|bugg(?:y|ies)|scrubbers?|cameras?|jetters?|tillers?|aerators?|dethatchers?|hoists?|forklifts?|grapples?|rammers?|plates?|sprayers?|washers?|trucks?|heaters?|tents?|lights?|toilets?|barricades?|cones?|fans?|dehumidifiers?|blowers?|sanders?|nailers?|scaffold(?:s|ing)?|drills?|hammers?|plows?|sweepers?|skids?|teles?)`;
/** What a machine's noun phrase opens with: a number, an article, a possessive. */
const DET =
  "(?:the|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+|another|a\\s+second|a\\s+2nd|an\\s+extra|their|our|his|her|both|[A-Z][\\w&-]*'s)";
/** "twelve patio heaters", "a mini skid steer with the auger attachment", "the concrete buggy and two vibrators". */
const THING = `${DET}\\s+(?:(?!(?:on|of|for|at|to|from|with|and|by|in)\\b)[\\w-]+\\s+){0,4}${MACHINE}\\b(?:\\s+(?:with|and)\\s+(?:(?:the|a|an|two|three|four|\\d+)\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${MACHINE}|attachment|bucket|grapple|auger|propane)s?\\b)?`;
/** Who needs it: a pronoun, a name or two, "the crew", "the hospital job". */
const WHO =
  "(i|we|they|he|she|[A-Za-z][\\w&-]*(?:'s)?(?:\\s+[A-Z][\\w'&-]*){0,2}|the\\s+(?:customer|client|crew|foreman|super|site|job|[\\w-]+\\s+(?:job|site|crew|project)))";
const NEED = new RegExp(
  `(?:^|[,;]\\s*|\\b(?:so|and|but|called|said|says|texted|emailed)\\s+)(?:${WHO}\\s+)?(?:still\\s+|also\\s+|just\\s+|really\\s+)?(need|needs|want|wants|would\\s+like)\\s+(${THING}|(?:it|them)(?:\\s+all)?(?=\\s+(?:delivered|dropped|brought|sent|moved|picked|taken|there|on\\s+site|out\\s+there)\\b))`,
  'gi',
);
/** The move a participle after the thing says: "needs the boom delivered", "wants them dropped". */
const MOVED = /^\s*(delivered|dropped(?:\s+off)?|brought(?:\s+out)?|sent\s+out|moved|picked\s+up|taken\s+back)\b/i;
/** The equipment as subject, moving: "Two light towers go to the high school lot Friday", "... go out today". */
const GOES = new RegExp(
  `(?:^|[,;]\\s*|\\b(?:so|and|but)\\s+)(${THING})\\s+(?:(go(?:es)?|(?:is|are)\\s+going|ships?|heads?)\\s+(?:out|over|to)\\b|(comes?\\s+back|(?:is|are)\\s+coming\\s+back))`,
  'gi',
);
/** A time or a place said with it. */
const TIME_OR_PLACE =
  /\b(?:on\s+site|out\s+there|there|here|delivered|dropped|by|for\s+(?:the\s+)?(?:mon|tue|wed|thu|fri|sat|sun|\d|tomorrow|today|tonight)|on|from|at|to|(?:this|next)\s+(?:week|weekend|month|mon|tue|wed|thu|fri|sat|sun)|tomorrow|today|tonight|tmrw|morning|afternoon|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|week(?:end)?|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\b|\d/i;
/** A delivery said: the thing wanted out at the customer's place. */
const PLACE = /\b(?:on\s+site|out\s+there|there|deliver(?:ed|y)?|drop(?:ped)?|to\s+the|at\s+the|site|job)\b/i;
/** A price, a quote, availability, an extension, a question or a condition: not the move itself. */
const NOT_A_MOVE =
  /\b(?:from|starting|instead|off[\s-]rent|more|another|might|may|could|should|probably|maybe|guess|guessing|or|quotes?|quoted|price|prices|pricing|rates?|cost|costs|estimate|available|availability|until|till|til|thru|through|extend|extension|longer|keep|if|whether|when|once|unless|how\s+much|any\s+chance|back)\b|\?/i;
/** Before the subject: a question's or a negation's word. */
const ASKED_BEFORE =
  /(?:\b(?:do|does|did|will|would|if|whether|when|don't|doesn't|didn't|not|no\s+longer|never|gonna|going\s+to)|'ll)\s+$/i;
/** A rental's length ("for Monday, three days", "for most of October"): a booking asked about, priced first. */
const LENGTH =
  /\b(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|couple\s+of)\s+(?:days?|weeks?|months?)|for\s+(?:most|all|the\s+rest)\s+of)\b/i;
/** A deadline said: "by Wednesday", "no later than the 22nd". */
const DEADLINE = /\b(?:by|no\s+later\s+than|before)\b/i;

/** What the clause says after the thing, to the next action or sentence: the move's time is read from it. */
const whenAfter = (after: string) =>
  after
    .split(
      /[.;!?]|,\s+(?=(?:can|could|please|so|and|[Ii]|we)\b)|\s(?:so|but)\s|\s+and\s+(?=(?:I|we|can|please|he|she|they|[A-Z])\b)/,
    )[0]
    .trim();
/** "Two light towers" -> "two light towers": the number or article is no name. */
const lowerDet = (thing: string) => thing.replace(/^[A-Z][a-z]*\b(?!')/, (w) => w.toLowerCase());

/** "Ironclad's skid steer and auger": the thing, and the customer it is for. */
function possessed(np: string): { thing: string; owner: string } {
  const owner = /^([A-Z][\w&-]*)'s\s+/.exec(np);
  return { thing: lowerDet(owner ? np.slice(owner[0].length) : np), owner: owner?.[1] ?? '' };
}

/**
 * Round nineteen: someone else's want of a price ("Thaddeus wants a quote on both options by the 15th", "the HOA from
 * Kestrel Ridge wants a quote on a chipper", "she need a price for the two trailers"): the team sends the quote (kept
 * only where no other task of the text sends one: `movesNotCovered`). Not the writer's own ("we need the quote by
 * Monday"), a question, a condition, a negation or what the team does not rent ("... but we don't do scaffolding").
 */
const QUOTE_WANTED =
  /\b(wants?|needs?|would\s+like|'d\s+like|(?:is|are|was|were)\s+(?:asking|looking)\s+for|ask(?:s|ed)\s+for)\s+(?:a|an|the|some)?\s*(?:(?:new|updated|rough|firm|good)\s+)?(quotes?|prices?|pricing|numbers|estimates?|bids?|rates?)\s+(?:on|for)\s+((?:(?!(?:for|by|to|before|after|so|but|because|since|as|when|if|which|that|until|from|starting|no|he|she|they|i|we)\b)[\w'&-]+\s*){1,8})/gi;
/** Who wants it is not the writer nor the reader, nor asked about: "we need", "do they want", "if she wants". */
const NOT_THEIR_WANT =
  /(?:^|\b(?:i|we|you|do|does|did|will|would|if|whether|when|once|unless|don't|doesn't|didn't|not|never)|'ll|\?)\s*$/i;
/** What it is for is said to be out of reach: "but we don't do scaffolding". */
const WE_DO_NOT = /\b(?:we|they)\s+(?:don't|do\s+not|can't|cannot|no\s+longer)\b/i;

/** A price wanted by someone else in the clause: the team's quote of it, or null. */
export function quoteWanted(clause: string): Cue | null {
  const c = clause.trim();
  for (const want of c.matchAll(QUOTE_WANTED)) {
    const at = want.index ?? 0;
    const own =
      c
        .slice(0, at)
        .split(/,\s*|\b(?:and|so|but)\s+/)
        .pop() ?? '';
    if (NOT_THEIR_WANT.test(own) || WE_DO_NOT.test(c.slice(at)) || /\?/.test(c.slice(at))) continue;
    const thing = want[3].trim();
    // A quote is sent before the job: its day is a deadline said ("by the 15th"), not the job's ("in April").
    const when = whenAfter(c.slice(at + want[0].length));
    return {
      kind: 'noun_request',
      words: want[0].slice(0, want[0].length - want[3].length).trim(),
      action: `send quote for ${thing}`,
      when: /\b(?:by|before|no\s+later\s+than|today|tonight|tomorrow|asap|end\s+of)\b/i.test(when) ? when : '',
      subject: 'none',
    };
  }
  return null;
}

/** An action that sends or makes a price ("send Kessler the heater pricing", "put a price together"). */
export const PRICES_IT =
  /\b(?:quotes?|quoted|quoting|prices?|pricing|numbers|estimates?|bids?|rates?|figures|proposal)\b/i;

/**
 * Round nineteen: the customer's own need said with their own pickup ("I need two framing nailer, one compressor and
 * 200 ft of hose. We can pick up at 6:30 when you open?", "need 4 drywall panel lift ... We pick up ourself Monday"):
 * the team has it ready, a reservation for that day.
 */
const WE_PICK_UP =
  /\b(?:we|i)(?:'ll|'re|\s+will|\s+can|\s+could|\s+are\s+going\s+to|\s+gonna)?\s+(?:come\s+(?:in\s+|by\s+)?(?:and\s+|to\s+)?)?(?:pick\s+(?:(?:it|them|everything|all)\s+)?up|grab\s+(?:it|them)|collect\s+(?:it|them))\b(?![^.?!]*\b(?:if|instead)\b)/i;

/** A need, a want or a schedule of equipment in the clause: the team's move of it, or null. */
export function needOrMove(clause: string, following = '', preceding = ''): Cue | null {
  const c = clause.trim();
  for (const need of c.matchAll(NEED)) {
    const at = need.index ?? 0;
    const before = c.slice(0, at + need[0].indexOf(need[1] ?? need[2]));
    const after = c.slice(at + need[0].length);
    const tail = after.split(/[.;!?]|,\s|\s(?:so|but)\s/)[0];
    const moved = MOVED.exec(after);
    // A condition or a price said before it in its own part of the clause ("if they need ...", not "..., and Dunn wants").
    const own = before.split(/,\s*|\band\s+/).pop() ?? '';
    if (ASKED_BEFORE.test(before) || NOT_A_MOVE.test(`${need[0]} ${tail}`) || NOT_A_MOVE.test(own)) continue;
    // "Wants it all delivered Monday": a want with no subject passed on by the team is the customer's.
    const ours = /^(?:i|we)$/i.test(need[1] ?? '') || (!need[1] && !/s$/i.test(need[2]));
    const pickup = ours && !moved ? WE_PICK_UP.exec(`${after} ${following}`) : null;
    if (pickup) {
      const list = need[3] + after.split(/[.;!?]|\s(?:so|but|if)\s/)[0];
      return {
        kind: 'noun_request',
        words: `${need[2]} ${lowerDet(need[3])}`,
        action: `reserve ${lowerDet(list.trim().replace(/,?\s*(?:and\s+)?(?:also\s+)?$/i, ''))}`,
        when: `${after} ${following}`.slice(pickup.index).split(/[.;!?]/)[0],
        subject: 'none',
      };
    }
    if ((!moved && !TIME_OR_PLACE.test(tail)) || /^\s*up\b/i.test(after) || LENGTH.test(c)) continue;
    // The customer's own need ("we need the buggy on site no later than the 22nd") is the team's move only with a
    // place and a deadline: most are the topic of a question ("I need a 14 ton excavator ..., can you send me a
    // price?"), and a booking read from one took days the labels do not give (docs/ai.md, round eighteen).
    if (ours && !(PLACE.test(tail) && DEADLINE.test(tail))) continue;
    // "she need it there the day before", "Wants it all delivered Monday": the machine said before it.
    const pronoun = /^(?:it|them)\b/i.test(need[3]);
    const said = pronoun ? machineSaid(`${preceding} ${c.slice(0, at)}`) : null;
    if (pronoun && !said) continue;
    const { thing, owner } = said ? { thing: said, owner: '' } : possessed(need[3]);
    const verb = !moved
      ? 'deliver'
      : /^(?:picked|taken)/i.test(moved[1])
        ? 'pick up'
        : /^moved/i.test(moved[1])
          ? 'move'
          : 'deliver';
    return {
      kind: 'noun_request',
      words: `${need[2]} ${thing}`,
      action: `${verb} ${thing}${owner ? ` to ${owner}` : ''}`,
      when: whenAfter(moved ? after.slice(moved[0].length) : after),
      subject: 'none',
    };
  }
  for (const goes of c.matchAll(GOES)) {
    const at = goes.index ?? 0;
    const after = c.slice(at + goes[0].length);
    const tail = after.split(/[.;!?]|,\s|\s(?:and|so|but)\s/)[0];
    if (ASKED_BEFORE.test(c.slice(0, at)) || NOT_A_MOVE.test(`${goes[0]}${tail}`.replace(/\bback\b/i, ''))) continue;
    if (!TIME_OR_PLACE.test(tail)) continue;
    const { thing, owner } = possessed(goes[1]);
    const verb = goes[3] ? 'pick up' : 'deliver';
    return {
      kind: 'noun_request',
      words: goes[0].slice(goes[0].indexOf(goes[1]) + goes[1].length).trim(),
      action: `${verb} ${thing}${owner ? ` ${verb === 'deliver' ? 'to' : 'from'} ${owner}` : ''}`,
      when: whenAfter(after),
      subject: 'none',
    };
  }
  return null;
}

/** The last machine a text names with its count or article ("a mini skid steer with the auger attachment"). */
export function machineSaid(text: string): string | null {
  const all = [...text.matchAll(new RegExp(THING, 'gi'))];
  return all.length ? possessed(all[all.length - 1][0]).thing : null;
}

/** The machine words a title or an action names ("heaters", "skid steer"): to tell whether another task moves it. */
export function machinesOf(action: string): string[] {
  return [...action.toLowerCase().matchAll(new RegExp(`\\b${MACHINE}\\b`, 'gi'))].map((m) => m[0].replace(/s$/, ''));
}

/** An action's verb and object, its first eight words: "load the stump grinder on ...", not "start framing ... and need". */
export const objectOf = (action: string) => action.split(/\s+/).slice(0, 8).join(' ');

/** An action that moves or books equipment ("schedule the delivery", "set the pickup", "deliver them"). */
export const MOVES_IT =
  /^(?:\S+\s+){0,3}?(?:deliver|drop|bring|take|haul|run|load|pick\s+up|grab|collect|reserve|book|hold|move|swap|set\s+up)\b|\b(?:schedule|set|book|arrange|plan|swap|move|put)\s+(?:\S+\s+){0,3}?(?:delivery|pickup|pick-up|drop-?off|runs?|board)\b/i;
/** A pronoun of a later task that points back at the equipment ("Reserve them", "make sure it's fueled"). */
export const POINTS_BACK = /^(?:(?!(?:if|when|once|unless|whether)\b)\S+\s+){1,7}(?:it|them|both|those|'em)\b/i;
