import type { TaskContext } from '../types';
import { PARTICLES } from './lexicon';
import { titleViolations } from './title-lint';

/**
 * The counterparty of a task title (docs/ai.md, "Title"): a title that names no one the work is done for or to
 * takes the customer, as a person writing the task would ("Send certificate of insurance" on Crowley Events'
 * record -> "Send certificate of insurance to Crowley Events", "Hold 6 light towers" -> "Hold 6 light towers for
 * Cole Party Rentals"). The customer is the record's company (its contact for an email or a text, which go to a
 * person). The link follows the verb: a thing sent, delivered or brought goes "to" them, a unit picked up comes
 * "from" them, a machine checked, fixed or swapped is "at" them, anything else is "for" them. Nothing is added to a
 * title that names the customer, a member or another recipient or place already ("Send photos to Priya", "Pick up
 * compactor from 22 Birch"), after a verb whose object is the person ("Call", "Tell"), past the title's word cap, or
 * where the title lint would then find a fault.
 */
export interface CounterpartySources {
  clause: string;
  context: TaskContext;
}

const MAX_WORDS = 12;

/** Verbs whose object is a person: "Call Pat Green", "Tell the yard": no counterparty is added after them. */
const SPEAKS_TO = new Set(
  (
    'call ring phone contact reach remind ask tell thank notify inform brief message answer welcome invite introduce ' +
    'warn nudge ping let apologize apologise meet visit talk speak follow loop circle check-in'
  ).split(' '),
);
/** A thing goes to the customer: "Send quote to Kessler Paving". */
const GOES_TO = new Set(
  'send resend re-send email e-mail text mail forward fax deliver bring offer give hand return add ship run'.split(' '),
);
/** Writing to a person: the contact, not the company ("Email invoice to Lena Ortiz"). */
const WRITES_TO = new Set('email e-mail text'.split(' '));
/** A unit comes back from the customer: "Pick up trencher from Ortiz Builders". */
const COMES_FROM = new Set('pick collect grab retrieve fetch'.split(' '));
/** Work on a machine at the customer's site: "Check generator at Ortiz Builders". */
const WORKS_AT = new Set(
  'check inspect look fix repair service swap replace test troubleshoot diagnose drop'.split(' '),
);

/** The title has a recipient or a place already: "to Priya", "from 22 Birch", "at Elm St site". */
const HAS_PARTY =
  /\b(?:to|from|at|with)\s+(?!(?:the|a|an)\b)(?:[A-Z0-9]|\w+\s+(?:site|yard|job|st|street|ave|road|rd)\b)/;

/** A title that ends on a link is cut short ("Extend contract to"): a name after it would read as its object. */
const OPEN_END = /\s(?:to|for|at|of|from|with|and|or|before|after|until|till|into)$/i;

export function withCounterparty(title: string, sources: CounterpartySources): string {
  const { context } = sources;
  const words = title.split(/\s+/);
  const verb = words[0].toLowerCase();
  if (SPEAKS_TO.has(verb) || HAS_PARTY.test(title.slice(verb.length)) || OPEN_END.test(title)) return title;
  if (namesSomeone(title, context)) return title;
  const party = WRITES_TO.has(verb)
    ? (context.contactName ?? context.companyName)
    : (context.companyName ?? context.contactName);
  if (!party) return title;
  // "Check wet saw and send price": the link follows the last action's verb.
  const last = /\band\s+([a-z-]+)\s+\S+/i.exec(title.slice(verb.length))?.[1]?.toLowerCase();
  const linked = last && (GOES_TO.has(last) || COMES_FROM.has(last) || WORKS_AT.has(last)) ? last : verb;
  const link = GOES_TO.has(linked) ? 'to' : COMES_FROM.has(linked) ? 'from' : WORKS_AT.has(linked) ? 'at' : 'for';
  const added = `${title} ${link} ${party}`;
  if (added.split(/\s+/).length > MAX_WORDS) return title;
  return titleViolations(added, sources.clause, context).length ? title : added;
}

/**
 * The title names the customer (a word of the contact's name, the first of the company's: "Kessler" of "Kessler
 * Paving", not "Paving") or a member already.
 */
function namesSomeone(title: string, context: TaskContext): boolean {
  const company = context.companyName?.split(/\s+/)[0];
  const names = [context.contactName, company, ...context.team.flatMap((m) => [m.firstName, m.lastName])];
  const said = new Set(
    title
      .toLowerCase()
      .split(/[^a-z0-9'-]+/)
      .map((w) => w.replace(/'s$/, '')),
  );
  return names.some((n) =>
    (n ?? '')
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.length > 2 && !PARTICLES.has(w) && said.has(w)),
  );
}
