/**
 * The number of a thing pronoun and of the things it may stand for (docs/ai.md, "Titles"): "them", "these", "those"
 * point to things said in the plural ("I think two heaters are tagged out ... get them fixed" is the heaters, not
 * "the contract" said beside them), so a plural thing the text spoke of before is taken first, and the thing said
 * last only when the text named none in the plural.
 */

/** Thing pronouns that stand for more than one: "them", "these", "those", "'em". */
const PLURAL_PRONOUNS = new Set('them these those em'.split(' '));

/** True for a pronoun that stands for more than one thing ("them"). */
export function pluralPronoun(word: string): boolean {
  return PLURAL_PRONOUNS.has(word.toLowerCase());
}

/** A noun in the plural ends in "s", not in "ss", "us" or "is" ("heaters", "light towers"; not "compress", "bus"). */
const PLURAL_END = /[a-z]s$/;
const NOT_PLURAL_END = /(?:ss|us|is|'s)$/;

/** True for a phrase said in the plural: its last word's ending ("eight patio heaters", "the tires"). */
export function pluralThing(phrase: string): boolean {
  const last = (phrase.trim().split(/\s+/).pop() ?? '').toLowerCase();
  return PLURAL_END.test(last) && !NOT_PLURAL_END.test(last);
}
