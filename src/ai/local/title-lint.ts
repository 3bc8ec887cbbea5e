import type { TaskContext } from '../types';
import { isListedAction, PARTICLES, PERSON_VERBS, TITLE_PRONOUNS as PRONOUNS, WORK_NOUN } from './lexicon';
import { isActionVerb, tagsOf } from './words';

/**
 * The title lint (docs/ai.md, "Titles"): a task title must stand alone. It names an action (a verb first)
 * and its object, has no pronoun the reader cannot resolve ("Send them revised quote", "Hold it"), is no
 * fragment ("Book Got", "Send at earliest convenience") and puts the contact's or company's name only
 * where it is the counterparty ("Call Pat Green", "Send quote to Green Paving"), not where the text meant
 * something else ("Split Pat Green between reps"). `npm run bench ai` runs it over every prediction.
 */
export type TitleViolation = 'pronoun' | 'fragment' | 'misplaced_name';

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

/** Tags of a word that cannot be a title's object: "Shop meeting", "Order more", "Claim approved". */
const NOT_OBJECT = ['Gerund', 'PastTense', 'Adverb', 'Particle', 'Conjunction', 'Preposition', 'Determiner', 'Pronoun'];
const LIGHT_VERBS = new Set('get got go went come came do did make made take took be have had'.split(' '));

/** No action verb first, or nothing after it that can be its object ("check what ..." can). */
function isFragment(title: string, w: string[]): boolean {
  // "Do annual inspection on boom", "Do swap": "do" with the work's noun as its object.
  const object = title.split(/\s+(?:on|for|of|at|with)\s/i)[0];
  if (w[0] === 'do' && w.length >= 2 && WORK_NOUN.test(object)) return false;
  if (w.length < 2 || !isActionVerb(w[0])) return true;
  // "Move booking", "Schedule cleaning": an -ing word right after the verb is its noun (read after an article, as the
  // clause said it: "move the booking").
  const gerundNext = isListedAction(w[0]) && tagsOf(title)[1]?.tags.has('Gerund');
  const read = gerundNext
    ? tagsOf(`${w[0]} the ${title.split(/\s+/).slice(1).join(' ')}`).filter((t, i) => i !== 1)
    : tagsOf(title);
  return !read
    .slice(1)
    .some(
      (t) =>
        t.tags.has('QuestionWord') ||
        /\d/.test(t.word) ||
        (!PRONOUNS.has(t.word) &&
          !PARTICLES.has(t.word) &&
          !LINKS.has(t.word) &&
          !FILLER.has(t.word) &&
          !LIGHT_VERBS.has(t.word) &&
          !NOT_OBJECT.some((tag) => t.tags.has(tag)) &&
          !(t.tags.has('Adjective') && !t.tags.has('Noun'))),
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
    const verb = before.filter((x) => !PARTICLES.has(x)).pop();
    // "credit back the sales tax we charged Garza Fencing": the verb said in the past takes the customer too.
    // "Put Hollis Demolition on credit hold": the account is the customer's.
    if (verb && /^(?:put|place)$/.test(verb) && /^\s+on\s+(?:credit\s+|account\s+)?hold\b/.test(t.slice(at + n.length)))
      continue;
    if (
      verb &&
      (PERSON_VERBS.has(verb) || PERSON_VERBS.has(verb.replace(/ed$/, '')) || PERSON_VERBS.has(verb.replace(/d$/, '')))
    )
      continue;
    return true;
  }
  return false;
}
