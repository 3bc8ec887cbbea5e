import { escapeRegExp } from '../../lib/regexp';
import type { TaskContext } from '../types';
import { PARTICLES } from './lexicon';
import { recordOffItem } from './record-in-items';
import { titleViolations } from './title-lint';
import { toAccount } from './title-account';
import { tagsOf } from './words';

/**
 * The counterparty of a task title (docs/ai.md, "Title"): a title that names no one the work is done for or to takes
 * the customer, as a person writing the task would ("Send certificate of insurance" on Crowley Events' record ->
 * "Send certificate of insurance to Crowley Events", "Hold 6 light towers" -> "Hold 6 light towers for Cole Party
 * Rentals"). The customer is the record's company (its contact for an email or a text, which go to a person); on a
 * text with no record, the customer its task's sentence or the three before it name as texts name a company
 * ("Harmon's pour", "the Ortiz job", "at Dunn", "for Vega"; in notes about several customers, the task's own sentence
 * only), never a member, an equipment maker, a day or a street, and not for work on the company's own trucks,
 * trailers, yard or stock. The link follows the verb: a thing sent, delivered or brought goes "to" them, a unit
 * picked up comes "from" them, a machine checked, fixed or swapped is "at" them (paperwork "for" them), anything
 * else is "for" them; a "there" the title kept is the customer's ("Deliver tech there" -> "Deliver tech to Vance
 * Civil"). A member sent is no counterparty ("Send Dan out" -> "Send Dan out to Ortiz Builders"). Nothing is added
 * to a title that names the customer, a member or another recipient or place already ("Send photos to Priya", "Pick
 * up compactor from 22 Birch"), that ends on a link ("Extend contract to"), after a verb whose object is the person
 * ("Call", "Tell"), or where the title lint would then find a fault. The name does not count toward the title's word
 * cap: the cap bounds the work said, and a long quote's customer is what a reader looks for first (round twenty).
 */
export interface CounterpartySources {
  clause: string;
  context: TaskContext;
  /** Where a customer may be named when the record has none: the task's sentence, then the sentences before it. */
  said?: string[];
  /** Every sentence of the text. */
  text?: string[];
  /** The whole text as written, its greeting and signature too. */
  written?: string;
}

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

/** Paperwork is fixed or checked for the customer, not at their site: "Fix statement for Hill Paving". */
const PAPER =
  /\b(?:invoices?|statements?|bills?|quotes?|fees?|rates?|charges?|contracts?|agreements?|orders?|accounts?|paperwork|credit|deposit|payment)\b/i;

const THERE = /\s(?:there|here)\b/i;

export function withCounterparty(said: string, sources: CounterpartySources): string {
  const { context } = sources;
  // "Apologize to Patty Gunn": one spoken to is the person, whatever the text calls the customer.
  const saidVerb = said.split(/\s+/)[0].toLowerCase();
  const byCompany = !SPEAKS_TO.has(saidVerb) && calledByCompany(sources);
  // A thing sent, delivered or booked goes to the account (title-account.ts); a call, a text or an email to a person.
  const toPerson = SPEAKS_TO.has(saidVerb) || WRITES_TO.has(saidVerb);
  const title = byCompany
    ? asCompany(said, context)
    : toPerson
      ? said
      : toAccount(said, context, sources.written, sources.clause);
  const words = title.split(/\s+/);
  const verb = words[0].toLowerCase();
  if (SPEAKS_TO.has(verb) || HAS_PARTY.test(title.slice(verb.length)) || OPEN_END.test(title)) return title;
  if (namesSomeone(title, context)) return title;
  // Notes of items filed on a record: an item that does not name its customer is not its work (record-in-items.ts).
  const offRecord = recordOffItem(sources.written, sources.said ?? [sources.clause], context);
  const onRecord = offRecord
    ? null
    : WRITES_TO.has(verb) && !byCompany
      ? (context.contactName ?? context.companyName)
      : (context.companyName ?? context.contactName);
  const party = onRecord ?? customerNamedIn(title, sources, context);
  if (!party) return title;
  // "Check wet saw and send price", "Send technician to fix mixer": the link follows the last action's verb.
  const last = /\b(?:and|technician\s+to)\s+([a-z-]+)\s+\S+/i.exec(title.slice(verb.length))?.[1]?.toLowerCase();
  const linked = last && (GOES_TO.has(last) || COMES_FROM.has(last) || WORKS_AT.has(last)) ? last : verb;
  const link = GOES_TO.has(linked)
    ? 'to'
    : COMES_FROM.has(linked)
      ? 'from'
      : WORKS_AT.has(linked) && !PAPER.test(title) && party !== context.contactName
        ? 'at'
        : 'for';
  // A person is worked "for", a company's site "at": "Check 60 ft boom for Ray Harmon", "... at Falk Grading".
  // "Deliver tech there", "Move scissor lift over there": "there" is the customer's, said by its name.
  const added = THERE.test(title) ? title.replace(THERE, ` to ${party}`) : `${title} ${link} ${party}`;
  return titleViolations(added, sources.clause, context).length ? title : added;
}

/**
 * The customer is named as the text names them: a text that writes the company's name in full and calls the contact
 * by a first name only (or not at all) is about the company, as a desk titles it ("I told Curtis I'd have a rough
 * number to him" on Rocky Fork Construction's record -> "Send rough quote to Rocky Fork Construction"); a contact the
 * text names in full stays the one written to.
 */
function calledByCompany({ context, written }: CounterpartySources): boolean {
  const company = context.companyName?.toLowerCase();
  const contact = context.contactName?.replace(/^(?:mr|mrs|ms|dr)\.?\s+/i, '').toLowerCase();
  if (!company || !contact || !written) return false;
  // A line at a time: a signature's "Nora" over "Quinn Homes" is no "Nora Quinn".
  const lines = written
    .toLowerCase()
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' '));
  return lines.some((l) => l.includes(company)) && !(contact.includes(' ') && lines.some((l) => l.includes(contact)));
}

/** "Send rough quote to Curtis" -> "Send rough quote to Rocky Fork Construction": the contact as a link's object. */
function asCompany(title: string, context: TaskContext): string {
  // The contact's name, or the first name the text calls them by ("to Lyle").
  const contact = escapeRegExp(context.contactName ?? '');
  const first = contact.split(/\s+/)[0];
  return title.replace(
    new RegExp(`\\b(to|for|from)\\s+(?:${contact}|${first})(?![\\w'])`),
    `$1 ${context.companyName}`,
  );
}

const SENDS_MEMBER = /^(?:[Ss]end|[Gg]et|[Hh]ave|[Dd]ispatch)\s+[A-Z][a-z]+(?:\s+(?:out|over|to|with|for)\b|$)/;

/**
 * The title names the customer (a word of the contact's name, the first of the company's: "Kessler" of "Kessler
 * Paving", not "Paving") or a member already.
 */
function namesSomeone(title: string, context: TaskContext): boolean {
  const company = context.companyName?.split(/\s+/)[0];
  const names = [context.contactName, company, ...context.team.flatMap((m) => [m.firstName, m.lastName])];
  // "Send Dan out there": the member sent is not whom the work is for.
  const words = SENDS_MEMBER.test(title) ? title.split(/\s+/).filter((_, i) => i !== 1) : title.split(/\s+/);
  const said = new Set(
    words
      .join(' ')
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

/** Words never a customer's name: equipment makers, days, months, holidays, words that head a line. */
const NOT_A_NAME = new RegExp(
  '^(?:' +
    [
      'bobcat|kubota|jlg|genie|cat|caterpillar|deere|john|skyjack|honda|wacker|neuson|takeuchi|komatsu|hitachi|volvo|case',
      'toro|multiquip|husqvarna|stihl|makita|dewalt|milwaukee|hilti|ditch|witch|vermeer|terex|manitou|gehl|doosan|yanmar',
      'kohler|generac|bosch|atlas|copco|sullair|magnum|allmand|hyster|toyota|yale|crown|mustang|ingersoll|lull|skytrak',
      'haulotte|snorkel|ford|chevy|isuzu|hino|kenworth|peterbilt|mack|bomag|hamm|dynapac|sakai|mikasa|stone|echo|ryobi',
      'mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday',
      'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october',
      'nov|november|dec|december|christmas|xmas|easter|thanksgiving|new|year|years|eve|memorial|labor|labour|day',
      'subject|re|fwd|memo|note|notes|hi|hey|hello|thanks|ok|okay|so|um|uh|customer|client|crew|yard|shop|office|team',
      // "the customer Mr. Ruiz": a title before a name.
      'mr|mrs|ms|miss|mister',
      'ap|ar|po|coi|w-9|route|the|this|that|our|their|my|your|please|pls|quick|reminder|action|items?|todo|agenda|i|we',
      'st|street|ave|avenue|rd|road|lane|ln|blvd|dr|drive|hwy|highway|site|job|north|south|east|west|main|oak|pine|elm',
      'maple|birch|cedar|lake|hill|park|river|center|centre|rental|rentals|equipment|service|services',
      // "Let's book", "It's due", "Today's run": a contraction or a day, not a possessive name.
      'let|it|that|what|there|here|who|where|how|he|she|today|tomorrow|tonight|everyone|everybody|nobody|somebody',
    ].join('|') +
    ")(?:'s)?$",
  'i',
);
const CAP = "[A-Z][a-z]+(?:['-][A-Za-z]+)?";
/** A customer's company as texts name it: "Harmon's pour", "the Dunn job", "at Kessler", "Rivera Paving disputes". */
const NAMED = [
  new RegExp(`\\b(${CAP}(?:\\s+${CAP}){0,2})'s\\s+[a-z]`, 'g'),
  new RegExp(
    `\\bthe\\s+(${CAP}(?:\\s+${CAP}){0,2})\\s+(?:job|site|account|order|crew|guys?|folks|people|pour|walkthrough|audit|delivery|pickup|contract|rental|project|yard|invoice|deposit|dumpster|job\\s?site)\\b`,
    'g',
  ),
  new RegExp(`\\b(?:at|for|to|from|with|w/|customer|client)\\s+(${CAP}(?:\\s+${CAP}){0,2})\\b`, 'g'),
];

/**
 * The customer a text names near the task (its sentence first, then the ones before): a capitalised name written as
 * a company is ("Harmon's", "the Ortiz job", "at Dunn", "for Vega"), not a member of the team, an equipment maker, a
 * day or a street.
 */
/**
 * Work on the rental company's own trucks, trailers, yard and stock ("Sweep out trailer 3", "Top off hydraulic oil on
 * boom 7", "Order booth banners"): a customer the text names elsewhere is not its counterparty.
 */
const OWN_WORK =
  /^(?:order|buy|purchase|restock|stock|finish|renew|train|certify)\b|\b(?:trucks?|trailers?|flatbeds?|lowboy|yard|shop|shed|wash\s+bay|office|fleet|(?:unit|boom|saw|lift|truck|trailer)\s+#?\d[\w-]*)\b/i;

function customerNamedIn(title: string, sources: CounterpartySources, context: TaskContext): string | null {
  if (OWN_WORK.test(title)) return null;
  const team = new Set(context.team.flatMap((m) => [m.firstName.toLowerCase(), m.lastName.toLowerCase()]));
  const text = sources.text ?? [];
  const said = sources.said ?? [];
  const named = [...text, ...said].flatMap((t) => namesIn(t, team));
  const inTitle = new Set(
    title
      .toLowerCase()
      .split(/[^a-z'-]+/)
      .map((w) => w.replace(/'s$/, '')),
  );
  // "Invoice Ortiz for trencher", "fix lift at harmon": a customer the text names is in the title already, as is a
  // name the text writes with a capital inside a sentence ("send Vega the contract" -> "Send Vega contract").
  if (named.some((n) => inTitle.has(n.split(/\s+/)[0].toLowerCase()))) return null;
  const capitalised = title
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^[A-Z][a-z]/.test(w) && !NOT_A_NAME.test(w));
  if (capitalised.some((w) => [...text, ...said].some((t) => new RegExp(`[a-z,]\\s+${w}\\b`).test(t)))) return null;
  // A text about several customers (a meeting's notes) names the task's in its own sentence, or none.
  const several = new Set(named.map((n) => n.split(/\s+/)[0].toLowerCase())).size > 1;
  const near = several ? said.slice(0, 2) : said;
  return near.map((t) => namesIn(t, team)).find((names) => names.length)?.[0] ?? null;
}

/** The customers `text` names, in order. */
function namesIn(text: string, team: Set<string>): string[] {
  const found: { at: number; name: string }[] = [];
  for (const [i, pattern] of NAMED.entries()) {
    for (const m of text.matchAll(pattern)) {
      const words = m[1].split(/\s+/);
      // "Pine St", "Oak Ave": a street is a site, not a customer.
      if (/^\s+(?:st|street|ave|avenue|rd|road|lane|blvd|dr|drive)\b/i.test(text.slice((m.index ?? 0) + m[0].length)))
        continue;
      if (words.some((w) => NOT_A_NAME.test(w) || team.has(w.toLowerCase()))) continue;
      // "to Lena", "Frank's quote": a person's first name is the customer's contact, not the customer ("the Cole guy" is).
      if (i !== 1 && words.length === 1 && tagsOf(words[0])[0]?.tags.has('FirstName')) continue;
      found.push({ at: m.index ?? 0, name: m[1] });
    }
  }
  found.sort((a, b) => a.at - b.at);
  return found.map((f) => f.name);
}
