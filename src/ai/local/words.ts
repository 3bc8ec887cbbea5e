import { onFirstUse } from '../../lib/on-first-use';
import { isListedAction, MACHINE_WORDS, NON_ACTION_VERBS, SOMEONE } from './lexicon';

const compromise = onFirstUse('compromise');
const nlp = (text: string) => compromise()(text);

/** compromise's sentence splitter (abbreviations, numbers with dots) over one line of text. */
export function sentencesOf(line: string): string[] {
  const sentences: string[] = nlp(line)
    .sentences()
    .out('array')
    .map((s: string) => s.trim())
    .filter(Boolean);
  // "price a used mini ex vs. a 6-month rerent": an abbreviation's period ends no sentence (round twenty-two).
  return sentences
    .flatMap((s) => s.split(STREET_END))
    .reduce<string[]>((out, s) => {
      const last = out.length - 1;
      if (last >= 0 && ABBREVIATION_END.test(out[last])) out[last] = `${out[last]} ${s}`;
      else out.push(s);
      return out;
    }, []);
}
const ABBREVIATION_END = /\b(?:vs|approx|incl|appt)\.$/i;
/**
 * "same address on Butler Ave. Please send me the PO total": a street's abbreviation after its name ends the sentence
 * when a capital opens the next word, which compromise reads as one sentence (and gives the next one its dates).
 */
const STREET_END = /(?<=\b[A-Z][a-z]+\s+(?:Ave|Rd|Blvd|Hwy|Pkwy|Ln|St|Dr|Ct)\.)\s+(?=[A-Z][a-z]*\b)/;

/** The part-of-speech tags compromise gives each word of `text`, in order. */
export function tagsOf(text: string): Array<{ word: string; tags: Set<string> }> {
  const terms = nlp(text).terms().json() as Array<{ text: string; terms: Array<{ tags: string[] }> }>;
  const words = terms.map((t) => ({ word: t.text.toLowerCase(), tags: new Set(t.terms[0]?.tags ?? []) }));
  // "check the saw", "the walk-behind saws": the tool after a determiner or a noun, not the past of "see".
  words.forEach((w, i) => {
    const before = words[i - 1];
    if (
      /^saws?\W*$/.test(w.word) &&
      before &&
      (before.tags.has('Determiner') || before.tags.has('Noun') || before.tags.has('Adjective'))
    )
      w.tags = new Set(['Noun', 'Singular']);
    // "gas up the flatbed": the truck, not a past tense.
    if (/^flatbeds?\W*$/.test(w.word)) w.tags = new Set(['Noun', 'Singular']);
  });
  return words;
}

/** "reconciled" -> "reconcile", "sent" -> "send": the verb's base form. */
export function infinitive(verb: string): string {
  const base = nlp(verb).verbs().toInfinitive().text();
  return base || verb;
}

/**
 * The tense form compromise reads for each verb of `text`, in order ("but we returned the saw" -> "simple-past",
 * "it will be delivered" -> "passive-future"), with the verb's base form.
 */
export function verbForms(text: string): Array<{ form: string; infinitive: string }> {
  const verbs = nlp(text).verbs().json() as Array<{ verb?: { grammar?: { form?: string }; infinitive?: string } }>;
  return verbs.map((v) => ({ form: v.verb?.grammar?.form ?? '', infinitive: v.verb?.infinitive ?? '' }));
}

/**
 * Whether compromise reads a finite verb in `text` (one with a tense of its own, not an infinitive after "to" nor an
 * imperative): "Harmon still wants the heaters", "the boom will be there", "the trailer's free" have one; "Jake to
 * have the trailer back" has none.
 */
export function hasFiniteVerb(text: string): boolean {
  const verbs = nlp(text).verbs().json() as Array<{ verb?: { grammar?: { form?: string; isInfinitive?: boolean } } }>;
  return verbs.some(
    (v) => !!v.verb?.grammar?.form && v.verb.grammar.form !== 'imperative' && !v.verb.grammar.isInfinitive,
  );
}

/** A verb that can start an action item, in its base form. */
export function isActionVerb(word: string): boolean {
  const w = word.toLowerCase();
  if (NON_ACTION_VERBS.has(w)) return false;
  if (isListedAction(w)) return true;
  const tags = tagsOf(w)[0]?.tags;
  return !!tags && tags.has('Verb') && (tags.has('Infinitive') || tags.has('Imperative')) && !tags.has('PastTense');
}

/** "update" -> "updating", "stop" -> "stopping": the verb's -ing form. */
export function gerundOf(verb: string): string {
  // Read in a sentence ("we haul it"): alone, compromise takes "haul" or "swap" for a noun.
  const said = nlp(`we ${verb} it`).verbs().toGerund().text() as string;
  const gerund = said.replace(/^(?:is|are|am)\s+/i, '').split(/\s+/)[0];
  return gerund && gerund.toLowerCase().startsWith(verb.toLowerCase().slice(0, 2)) ? gerund : verb;
}

/** "loaded" -> "load", "tagged" -> "tag", "serviced" -> "service": the action verb of a participle, or null. */
export function baseOf(done: string): string | null {
  const w = done.toLowerCase();
  const tries = [infinitive(w), w.slice(0, -2), w.slice(0, -1), w.slice(0, -3)];
  return tries.find((t) => t !== w && t.length > 1 && isActionVerb(t)) ?? null;
}

/** The people compromise names in `text`, in order ("Our new site super, Marco, starts ..." -> ["Marco"]). */
export function peopleIn(text: string): string[] {
  return (nlp(text).people().out('array') as string[]).map((p) => p.replace(/[.,;:!?]+$/, '').trim()).filter(Boolean);
}

/** compromise's reading of a capitalised word as a person's name ("Olivia", "Ken"). */
export function looksLikePerson(name: string): boolean {
  return nlp(name).people().found;
}

const DATE_TAIL = /\s+(?:next\s+\w+|this\s+\w+|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
const MONTH_DAY = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d/i;
const PRONOUN =
  /^(?:i|we|you|he|she|they|it|this|that|these|those|me|us|them|him|her|both|all|one|ones|everything|something|anything|nothing|none|someone|anyone|here|there)$/i;

/** Nouns of time and of people by their role: "anytime Thursday", "the customer at 41 Elm wants the grinder gone". */
const NO_THING =
  /(?:^|\s)(?:anytime|end|day|days|week|weeks|weekend|month|months|year|morning|afternoon|evening|night|time|way|rest|chance|reminder|priority|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|customer|customers|guy|guys|crew|tech|driver|foreman|super|boss|owner)$/i;

/**
 * The first thing (not a person, not a pronoun) a text speaks of: what a later "it" points to. A time or a role
 * ("anytime", "the customer") only with `timeOrRole`, when no text before names a thing.
 */
export function antecedentIn(
  text: string,
  skip: (phrase: string) => boolean = () => false,
  timeOrRole = false,
): string | null {
  return antecedentsIn(text, skip, timeOrRole)[0] ?? null;
}

/** A size said before a machine ("the 60 ft boom", "a 20 kW genny"): compromise reads the machine as a verb. */
const SIZE_END = /\b\d+(?:\.\d+)?\s*(?:ft|foot|feet|'|in|inch|ton|tonne|t|kw|kva|gal|gallon|yd|yard|hp|cfm|psi)\.?$/i;
const SIZED_MACHINE = new RegExp(
  `^\\s+((?:[a-z-]+\\s+)?(?:${MACHINE_WORDS}|ladders?|forklifts?|trucks?|hoses?)(?:\\s+lifts?)?)\\b`,
  'i',
);

/** "the 60 ft" read alone before "boom keeps ...": the size with the machine the text names right after it. */
function withSizedMachine(text: string, said: string, clean: string): string {
  if (!SIZE_END.test(clean)) return clean;
  const phrase = said.replace(/[.,;:!?]+$/, '');
  const at = text.indexOf(phrase);
  const machine = at < 0 ? null : SIZED_MACHINE.exec(text.slice(at + phrase.length));
  return machine ? `${clean} ${machine[1]}` : clean;
}

/** Every thing a text speaks of, in order, as antecedentIn reads them. */
export function antecedentsIn(
  text: string,
  skip: (phrase: string) => boolean = () => false,
  timeOrRole = false,
): string[] {
  const found: string[] = [];
  for (const said of nlp(text).nouns().out('array') as string[]) {
    // "the telehandler.", "6 light towers next wknd,": the noun without the sentence's punctuation or a time.
    const phrase = said.replace(/[.,;:!?]+$/, '').replace(DATE_TAIL, '');
    const bare = phrase
      .replace(/\s*\([^)]*\)/g, '')
      .replace(/^(?:the|a|an|this|that|our|your|their|its)\s+/i, '')
      .replace(/\s+(?:in|on|at|for|of|from|with)\s.*$/i, '')
      // "Ray's pump's": the thing, not its possessive.
      .replace(/(?<=\w)'s$/i, '')
      .trim();
    const clean = withSizedMachine(text, said, bare);
    if (
      !/[A-Za-z0-9]$/.test(phrase.trim()) ||
      PRONOUN.test(clean) ||
      (!timeOrRole && NO_THING.test(clean)) ||
      SOMEONE.test(phrase.replace(/^the\s+/i, 'the ')) ||
      /^(?:i|we|you|he|she|they|it)'/i.test(clean) ||
      MONTH_DAY.test(clean) ||
      !clean ||
      looksLikePerson(clean) ||
      skip(clean)
    )
      continue;
    if (clean.split(/\s+/).length <= 5) found.push(clean);
  }
  return found;
}
