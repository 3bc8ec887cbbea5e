import type { TaskContext } from '../types';
import type { Person, TextFrame } from './frame';
import { GET_FOR, GIVE_TO, PARTICLES, PERSON_VERBS, TITLE_PRONOUNS } from './lexicon';
import { antecedentIn, antecedentsIn, peopleIn, tagsOf } from './words';
import { DOCUMENT, EQUIPMENT } from './title-verbs';

/**
 * Pronouns of a title resolved (docs/ai.md, "Titles"): a person pronoun becomes the counterparty ("Call
 * him back" -> "Call Ken Walsh back"; "send him the invoice" -> "Send invoice to Ken Walsh"); a thing
 * pronoun the thing the text spoke of before ("tag it out" after "the plate compactor" -> "Tag plate
 * compactor out"); "them" is the company after a verb that takes a person, else a thing ("hold them" is
 * the equipment, not the customer). A pronoun nothing resolves is dropped when the title keeps an object.
 */
interface PronounSources {
  context: TaskContext;
  frame: TextFrame;
  before: string[];
  forCustomer: boolean;
  speaker: Person | null;
}

const STOP_OBJECT = new Set('and by for before after so when if until to while once but or'.split(' '));
/** Words that start a clause or a phrase after "that": "check that the lift ...", not a pronoun. */
const THAT_STARTS = /^(?:the|a|an|we|they|he|she|it|you|i|all|every|our|their|his|her|its|there|this|these)$/i;

const full = (p: Person) => (p.member ? `${p.member.firstName} ${p.member.lastName}` : p.name);

export function resolvePronouns(title: string, s: PronounSources): string {
  let words = pronounPhrases(title.split(/\s+/).filter(Boolean));
  const verb = (words[0] ?? '').toLowerCase();
  const { contactName, companyName } = s.context;
  const person = contactName ?? companyName ?? null;
  const party = companyName ?? contactName ?? null;
  // "pls call me" texted or mailed on a contact's record, signed by no member and turned to a member or to no one:
  // the contact wrote it (as owner.ts reads its "I'll").
  const customerWrote =
    (s.frame.author !== null && !s.frame.author.member) ||
    (!s.frame.author &&
      (s.context.kind === 'sms' || s.context.kind === 'email') &&
      !!person &&
      (!s.frame.addressee || !!s.frame.addressee.member));
  const me =
    customerWrote || (s.speaker && !s.speaker.member)
      ? person
      : s.frame.author?.member
        ? full(s.frame.author)
        : s.speaker?.member
          ? full(s.speaker)
          : null;
  let namedBefore: string | null | undefined;
  let personBefore: string | null | undefined;
  const whoIs = (w: string, at: number, v = verb): string | null | undefined => {
    // "Our new site super, Marco, starts on Monday. Would you be able to set him up ...": the person the text
    // named before, when it is not a member or the one who writes or speaks; else the contact.
    if (w === 'him' || w === 'her') return (personBefore ??= personNamedIn(s.before, s.context, me)) ?? person;
    if (w === 'me' || w === 'us') return me;
    if (w === 'you' || w === 'u') return s.forCustomer ? person : null;
    const takesPerson = PERSON_VERBS.has(v) || ((GIVE_TO.has(v) || GET_FOR.has(v)) && ownObjectAt(words, at + 1));
    // "Harmon had the lift all last week. Priya, bill them.": with no company on the record, the one named before.
    return w === 'them' && takesPerson ? (party ?? (namedBefore ??= companyNamedIn(s.before, s.context))) : undefined;
  };
  const bare = (w: string) => w.toLowerCase().replace(/[^a-z]/g, '');

  // "send him the invoice": the person goes after the object, with "to" or "for".
  const givenAt = (v: number) => {
    const given = (words[v] ?? '').toLowerCase();
    const p = v + (PARTICLES.has(bare(words[v + 1] ?? '')) ? 2 : 1);
    const first = bare(words[p] ?? '');
    if (!(GIVE_TO.has(given) || GET_FOR.has(given)) || !TITLE_PRONOUNS.has(first) || !ownObjectAt(words, p + 1)) return;
    const who = whoIs(first, p, given);
    if (who === undefined) return;
    const end = objectEnd(words, p + 1);
    const link = who ? [`${GIVE_TO.has(given) ? 'to' : 'for'} ${who}`] : [];
    words = [...words.slice(0, p), ...words.slice(p + 1, end), ...link, ...words.slice(end)];
  };
  givenAt(0);
  // "credit 5 days and send him corrected statement": the sending of one action of two verbs (one-action.ts) too.
  const and = words.findIndex((w, i) => i > 0 && w.toLowerCase() === 'and');
  if (and > 0) givenAt(and + 1);

  let thing: string | null | undefined;
  const antecedent = () =>
    thing === undefined ? (thing = thingBefore(s.before, s.context, !PERSON_VERBS.has(verb))) : thing;
  const out: string[] = [];
  words.forEach((word, i) => {
    const w = bare(word);
    if (i === 0 || !TITLE_PRONOUNS.has(w) || (w === 'that' && THAT_STARTS.test(words[i + 1] ?? ''))) {
      out.push(word);
      return;
    }
    // A person pronoun with no one to name ("bring him to the garage" of a truck): the thing spoken of.
    const named = whoIs(w, i);
    const who = named === null && (w === 'him' || w === 'her') ? undefined : named;
    const replacement = who !== undefined ? who : antecedent();
    // "add that PO" after "the PO": a thing is not said twice in a row ("Add PO PO").
    if (replacement && saidBeside(replacement, out.join(' '), words[i + 1])) return;
    if (replacement) out.push(replacement);
    else if (!ownObjectAfterDrop(words, i)) out.push(word);
  });
  return out.join(' ');
}

/** The thing a pronoun stands for is the word right before it or right after it ("that PO", "PO, it"). */
function saidBeside(thing: string, before: string, next = ''): boolean {
  const said = thing.toLowerCase();
  return said.split(/\s+/).pop() === next.toLowerCase() || ` ${before.toLowerCase()}`.endsWith(` ${said}`);
}

/**
 * A title's pronoun phrases read as one pronoun each: "that one", "this one" are one thing ("one"), "both of those",
 * "all of them" the thing those, them point to; else each word was resolved apart ("carpet extractor carpet
 * extractor", "W-9 of W-9").
 */
function pronounPhrases(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    const next = (words[i + 1] ?? '').toLowerCase();
    if (i > 0 && /^(?:that|this)$/.test(w) && /^ones?$/.test(next)) continue;
    if (i > 0 && /^(?:both|all)$/.test(w) && next === 'of' && TITLE_PRONOUNS.has((words[i + 2] ?? '').toLowerCase())) {
      i++;
      continue;
    }
    out.push(words[i]);
  }
  return out;
}

/** Parts and machines the yard's lists leave out ("the coupler", "a bucket tooth"). */
const PART =
  /\b(?:pumps?|mixers?|forklifts?|tooth|teeth|cables?|tires?|blades?|couplers?|washers?|boxes|box|mats?|bits?|winch|tanks?|batter(?:y|ies)|hoses?|tracks?|engines?|plates?|licen[cs]e|coi|w-?9|statement)\b/i;

/** What is brought for a machine, not the machine: "a swap unit", "the kit". */
const STAND_IN = /\b(?:units?|replacement|backup|spare|kit|parts?)\b/i;

/** The machine or part the text spoke of last before the action ("the coupler's stuck" -> "coupler"). */
export function machineBefore(before: string[], context: TaskContext): string | null {
  return namedBefore(before, context, (t) => (EQUIPMENT.test(t) || PART.test(t)) && !STAND_IN.test(t));
}

function namedBefore(before: string[], context: TaskContext, fits: (thing: string) => boolean): string | null {
  const names = [context.contactName, context.companyName].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  const skip = (phrase: string) =>
    names.some((n) => n.includes(phrase.toLowerCase()) || phrase.toLowerCase().includes(n));
  for (const text of before) {
    if (/^(?:not|no)\b/i.test(text.trim())) continue;
    const found = antecedentsIn(text, skip).find(fits);
    if (found) return found;
  }
  return null;
}

/** The thing the text spoke of last before the action, not the contact or their company. */
export function thingBefore(before: string[], context: TaskContext, preferThing = true): string | null {
  const names = [context.contactName, context.companyName].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  const skip = (phrase: string) =>
    names.some((n) => n.includes(phrase.toLowerCase()) || phrase.toLowerCase().includes(n));
  // "Pick up the lift at Elm St, the gate code is 4471. I'll pick it up": a machine or a paper the text names is
  // what "it" points to before a day, a code or a place.
  const thing = preferThing
    ? namedBefore(before, context, (t) => EQUIPMENT.test(t) || DOCUMENT.test(t) || PART.test(t))
    : null;
  if (thing) return thing;
  for (const timeOrRole of [false, true]) {
    for (const text of before) {
      // "Not big problem.", "No rush.": a remark about the thing, not a thing.
      if (/^(?:not|no)\b/i.test(text.trim())) continue;
      const found = antecedentIn(text, skip, timeOrRole);
      if (found) return found;
    }
  }
  return null;
}

/** The words from `i` on start an object of their own ("the invoice"), not a preposition or the end. */
function ownObjectAt(words: string[], i: number): boolean {
  const w = (words[i] ?? '').toLowerCase();
  return w.length > 0 && !STOP_OBJECT.has(w) && !PARTICLES.has(w) && !TITLE_PRONOUNS.has(w);
}

/** Index after the object that starts at `i`: up to the next preposition or conjunction. */
function objectEnd(words: string[], i: number): number {
  let j = i;
  while (j < words.length && !STOP_OBJECT.has(words[j].toLowerCase())) j++;
  return j;
}

/** Dropping the pronoun at `i` still leaves an object word in the title. */
function ownObjectAfterDrop(words: string[], i: number): boolean {
  return words.some((w, k) => k > 0 && k !== i && ownObjectAt(words, k));
}

/** The nearest person named before the action who is not on the team and not `me` (compromise's people). */
function personNamedIn(before: string[], context: TaskContext, me: string | null): string | null {
  const team = new Set(context.team.flatMap((m) => [m.firstName.toLowerCase(), m.lastName.toLowerCase()]));
  for (const text of before) {
    const named = peopleIn(text).filter(
      (p) => !p.split(/\s+/).some((w) => team.has(w.toLowerCase())) && !(me && me.includes(p)),
    );
    const last = named[named.length - 1];
    if (!last) continue;
    // "Mrs. Olsen", "Patty": the contact said shorter is the contact.
    const contact = [context.contactName, context.companyName].join(' ').toLowerCase().split(/\s+/);
    return last.split(/[\s.]+/).some((w) => w.length > 1 && contact.includes(w.toLowerCase())) ? null : last;
  }
  return null;
}

const CALENDAR_WORD = /^(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/**
 * A customer's company named in the text before ("Harmon had the lift", "Dunn's rental ends on the 30th"): the
 * first capitalised word that is no team member, no day or month and not a word of the sentence's grammar.
 */
function companyNamedIn(before: string[], context: TaskContext): string | null {
  const team = new Set(context.team.flatMap((m) => [m.firstName.toLowerCase(), m.lastName.toLowerCase()]));
  for (const text of before) {
    const tags = tagsOf(text);
    for (const { word, tags: t } of tags) {
      const raw = text.match(new RegExp(`\\b${word.replace(/[^a-z0-9'-]/g, '')}\\b`, 'i'))?.[0] ?? '';
      const name = raw.replace(/'s$/i, '');
      if (!/^[A-Z][a-z]{2,}$/.test(name) || team.has(name.toLowerCase()) || CALENDAR_WORD.test(name)) continue;
      if (!t.has('Noun') || t.has('Pronoun') || t.has('Date') || t.has('Value')) continue;
      return name;
    }
  }
  return null;
}
