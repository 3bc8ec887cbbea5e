import { isListedAction, PERSON_VERBS } from './lexicon';
import { namesNotAsks } from './noun-lines';
import { isActionVerb, tagsOf } from './words';
import { Cue, firstWord } from './cue';
import {
  BREAKDOWN,
  CLAUSE_TAKING,
  FINITE_PAST,
  LIGHT_VERBS,
  NOT_COMMAND,
  OPENS_PHRASE,
  STATE_END,
} from './not-commands';

/**
 * Imperatives (docs/ai.md, "Action cues"): a base-form action verb first ("Call Dave back"), checked with compromise's
 * tags so that a noun subject ("Fuel levels were fine", "Gate code changed to 4471"), a status ("Budget approval
 * pending"), a short noun phrase ("Service memo") or a name and its verb ("Park Landscaping wants to book") is none;
 * a time said before the command ("first thing Monday get the installer out") and "Do it before ..." too.
 */

/** "first thing Monday get the installer out", "Monday AM get the tire guy in": a time said before a command. */
export const LEADING_TIME =
  /^(?:(?:first\s+)?thing\s+)?(?:(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight)(?:\s+(?:am|pm|a\.m\.|p\.m\.|morning|afternoon|evening|first\s+thing))?,?\s+(?=[a-z][\w'-]*\s+\S+\s+\S)/i;
export const DO_IT = /^(?:do|handle|sort\s+out|take\s+care\s+of)\s+(?:it|this|that|them)\b/i;

export function imperative(c: string): Cue[] {
  const words = c.split(/\s+/);
  const verb = firstWord(c);
  // "Note from phone call with Mrs. Olsen", "Notes re the Harmon job": a note's opening, not a command.
  if (!isActionVerb(verb) || /^notes?\s+(?:from|of|on|about|re|after|for)\b/i.test(c) || NOT_COMMAND.test(c)) return [];
  // "Call with Yadira from Arroyo Blue Pools.", "Harvest party Oct 9": a heading or a thing named with its day.
  if (namesNotAsks(c)) return [];
  // "Invoice for the part Maria has already.": a thing someone has, no command.
  if (/\b(?:has|have|had)\s+(?:it\s+|them\s+)?already\s*[.!]?$/i.test(c)) return [];
  const tags = tagsOf(c);
  const first = tags[0]?.tags;
  if (!first || first.has('PastTense') || first.has('Gerund') || first.has('ProperNoun')) return [];
  // "Service memo", "Top priority", "Snow equipment demand": a short noun phrase (compromise finds no verb in
  // it); a longer clause is a command compromise misread ("Order replacement tires for the backhoe").
  // "bill them", "text him": an object pronoun after it makes the word a verb.
  const pronounNext = /^(?:it|them|him|her|us|me)[.,!?]?$/i.test(words[1] ?? '');
  // "email Harmon the COI", "text Ray the code": a verb that takes a person, then a name.
  const nameNext = PERSON_VERBS.has(verb.toLowerCase()) && !!tags[1]?.tags.has('ProperNoun') && tags.length > 2;
  if (first.has('Noun') && !first.has('Verb') && tags.length <= 4 && !pronounNext && !nameNext) return [];
  // "Associate Pastor, Summit Community Church", "Operations Manager, Vantage Solar": a signature's title line, every
  // word capitalised and the first a noun only.
  if (first.has('Noun') && !first.has('Verb') && words.every((w) => /^[A-Z0-9&(]/.test(w))) return [];
  // "Fuel levels were fine", "Invoice 4471 is overdue": a noun phrase subject, not a command.
  const second = tags[1]?.tags;
  // "Demand has been strong": a subject and its verb.
  if (/^(?:has|have|had|is|are|was|were|will|would|should|can|could|does|did|looks?|seems?)$/.test(tags[1]?.word ?? ''))
    return [];
  const nounNext =
    second && (second.has('Noun') || second.has('Value')) && !second.has('Pronoun') && !second.has('ProperNoun');
  const firstPart = c.split(',')[0].split(/\s+/).slice(2).join(' ');
  if (nounNext && /\b(?:is|are|was|were|has|have|had|looks?|seems?|went|came|got)\b/i.test(firstPart)) return [];
  // "Fence panel by gate 3 down again", "Wash bay pump broken": a thing and its state, no verb.
  if (nounNext && STATE_END.test(c.split(',')[0])) return [];
  // "roof hoist won't start": a machine and its failure, not "roof" as a verb.
  if (BREAKDOWN.test(c)) return [];
  // "Park Landscaping wants to book ...": a name then its verb.
  let k = 1;
  const capitalised = (i: number) => /^[A-Z]/.test(words[i] ?? '');
  while (
    tags[k] &&
    capitalised(k) &&
    (tags[k].tags.has('Noun') || tags[k].tags.has('Adjective')) &&
    !tags[k].tags.has('Pronoun')
  )
    k++;
  // "Stonegate Homes still owes on three invoices": an adverb between the name and its verb.
  if (k > 1) while (tags[k] && /^(?:still|also|just|already|never|now|finally|really)$/.test(tags[k].word)) k++;
  const finite = tags[k]?.tags;
  if (
    k > 1 &&
    finite?.has('Verb') &&
    (finite.has('PastTense') || finite.has('Copula') || (finite.has('PresentTense') && /s$/.test(tags[k].word)))
  )
    return [];
  // "Gate code changed to 4471", "Bill signed the ticket": a noun subject and its past tense.
  const past = tags.findIndex((t, i) => i > 0 && i <= 3 && t.tags.has('PastTense'));
  if (
    past > 0 &&
    // ("Get it fixed", "have them swapped": a pronoun is the command's object, no subject.)
    tags.slice(1, past).every((t) => t.tags.has('Noun') && !t.tags.has('Pronoun')) &&
    // ("Weather pushed our job back": "our" opens the object, as a determiner would.)
    !(
      tags[past + 1]?.tags.has('Noun') &&
      !tags[past + 1]?.tags.has('Determiner') &&
      !tags[past + 1]?.tags.has('Possessive')
    )
  )
    return [];
  // "Call with Dunn went well", "Order from Kessler came in", "Credit card processor changed their fees": a noun
  // subject with a phrase of its own (no determiner, pronoun or relative word before the verb), then a past tense
  // that is finite (never a participle, or with an object after it): a report, not a command ("Follow up on the
  // quote sent Monday" has a determiner, "chase invoice sent Monday" a participle with no object).
  if (!CLAUSE_TAKING.test(verb)) {
    const part = tagsOf(c.split(/[,;:]/)[0]);
    const at = part.findIndex((t, i) => i > 1 && i <= 6 && t.tags.has('PastTense'));
    const finite =
      at > 1 &&
      (FINITE_PAST.test(part[at].word) ||
        !!part[at + 1]?.tags.has('Determiner') ||
        !!part[at + 1]?.tags.has('Possessive') ||
        /^(?:their|his|her|our|its|my|your)$/i.test(part[at + 1]?.word ?? ''));
    const subjectPhrase = part
      .slice(1, at)
      .every(
        (t) =>
          !t.tags.has('Determiner') &&
          !t.tags.has('Pronoun') &&
          !t.tags.has('Possessive') &&
          !t.tags.has('Verb') &&
          !OPENS_PHRASE.test(t.word),
      );
    if (finite && subjectPhrase) return [];
  }
  // "Eye wash station expired", "Budget approval pending", "Spring season starting": a status, not a command
  // (read before a reason or condition: "flag the account so the counter doesn't rent until it's paid").
  // A remark after a comma ("..., not urgent", "..., they asked") is no part of it either.
  const head = c.split(/\s+(?:so|until|because|when|if|once|after|before|since|while|unless)\s+|,\s+/i)[0];
  const headTags = head === c ? tags : tagsOf(head);
  const last = headTags[headTags.length - 1];
  // "send a package for generator and lighting": a word in -ing after "for", "and", "the" is a noun.
  const nounAfter = /^(?:and|or|for|of|with|the|a|an|on|in|to|our|their|your|some|new)$/i;
  const ingNoun = last?.tags.has('Gerund') && nounAfter.test(headTags[headTags.length - 2]?.word ?? '');
  // "paint the fuel island bollards yellow": a colour or state the command leaves its object in, not a status.
  const result = isListedAction(verb) && /^(?:the|all|both|our|their|those|these)$/i.test(words[1] ?? '');
  if (
    headTags.length > 2 &&
    !ingNoun &&
    !LIGHT_VERBS.test(verb) &&
    last &&
    (last.tags.has('PastTense') ||
      last.tags.has('Gerund') ||
      // "... at the earliest", "Friday at the latest": a time, not a status.
      (last.tags.has('Adjective') && !last.tags.has('Noun') && !/est$/.test(last.word) && !result) ||
      /^(?:ok|okay|fine|pending)$/.test(last.word))
  )
    return [];
  return [{ kind: 'imperative', words: verb, action: c, subject: 'none' }];
}
