import type { TaskContext } from '../types';
import { PARTICLES } from './lexicon';
import { isActionVerb, tagsOf } from './words';

/**
 * The title lint (docs/ai.md, "Titles"): a task title must stand alone. It names an action (a verb first)
 * and its object, has no pronoun the reader cannot resolve ("Send them revised quote", "Hold it"), is no
 * fragment ("Book Got", "Send at earliest convenience") and puts the contact's or company's name only
 * where it is the counterparty ("Call Pat Green", "Send quote to Green Paving"), not where the text meant
 * something else ("Split Pat Green between reps"). `npm run bench ai` runs it over every prediction.
 */
export type TitleViolation = 'pronoun' | 'fragment' | 'misplaced_name';

const PRONOUNS = new Set('it them you him her this that these those me us em one ones yourself'.split(' '));
/** Verbs whose direct object is a person or a company: "Call Pat Green", "Invoice Green Paving". */
const PERSON_VERBS = new Set(
  (
    'call ring phone text email e-mail contact reach remind ask tell thank invoice bill charge credit refund pay ' +
    'visit meet notify inform update chase brief quote message apologize apologise answer contact follow ' +
    'welcome invite introduce warn pester nudge ping'
  ).split(' '),
);
/** Words a counterparty follows: "to Green Paving", "for Pat Green", "with", "about"... */
const LINKS = new Set('to for with from about at on of by and'.split(' '));
const FILLER = new Set('please also just then again quickly'.split(' '));

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9'&-]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

export function titleViolations(title: string, clause: string, context: TaskContext): TitleViolation[] {
  const found: TitleViolation[] = [];
  const w = words(title);
  if (w.some((x) => PRONOUNS.has(x))) found.push('pronoun');
  if (isFragment(title, w)) found.push('fragment');
  if (misplacedName(title, clause, context)) found.push('misplaced_name');
  return found;
}

/** No action verb first, or nothing after it but particles, prepositions and pronouns. */
function isFragment(title: string, w: string[]): boolean {
  if (w.length < 2 || !isActionVerb(w[0])) return true;
  const tags = tagsOf(title.split(/\s+/).slice(1).join(' '));
  return !tags.some(
    (t) =>
      !PRONOUNS.has(t.word) &&
      !PARTICLES.has(t.word) &&
      !LINKS.has(t.word) &&
      !FILLER.has(t.word) &&
      (t.tags.has('Noun') || t.tags.has('Value') || t.tags.has('Acronym') || /\d/.test(t.word)),
  );
}

/**
 * The contact's or company's name in the title, not written in the clause, right after a verb that
 * does not take a person ("Hold Green Paving", "Split Pat Green"): a pronoun resolved to the wrong thing.
 */
function misplacedName(title: string, clause: string, context: TaskContext): boolean {
  const t = title.toLowerCase();
  const c = clause.toLowerCase();
  for (const name of [context.contactName, context.companyName]) {
    if (!name) continue;
    const n = name.toLowerCase();
    const at = t.indexOf(n);
    if (at < 0 || c.includes(n)) continue;
    const before = words(t.slice(0, at));
    const prev = before[before.length - 1];
    if (prev === undefined || LINKS.has(prev)) continue;
    const verb = before.filter((x) => !PARTICLES.has(x))[0];
    if (before.length <= 2 && verb && PERSON_VERBS.has(verb)) continue;
    return true;
  }
  return false;
}
