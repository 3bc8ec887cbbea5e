import { baseOf } from './words';

/**
 * A command said as the state its object is to be left in, with "have" or "get" (round twenty-four, actions): "please
 * have all guardrails on the Pine St scissors checked", "have the inspection records for all their units pulled and
 * copied", "get it straightened or swapped", "get everything fueled and on the flatbed": the work done to the thing,
 * put plainly ("check all guardrails on the Pine St scissors"). `cue-roundabout.ts` reads the short shapes ("have
 * both towers serviced and fueled"); these are the wider ones a command says: a thing with a phrase of its own after
 * it ("for all their units", "on the Pine St scissors"), "everything", and two works joined by "or". Only where the
 * clause commands it (first in the clause, after "please" or "can you"): "we have the trailers for the Dunn job
 * loaded" reports a state.
 */
const COMMANDED = String.raw`(^|\bplease\s+|\b(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)`;
const DETERMINER = String.raw`(?:the|all|both|your|our|their|his|her|those|these|two|three|four|\d+)`;
const PHRASE = String.raw`(?:\s+(?:for|on|in|at|from|of|off)\s+(?:(?:the|all|their|our|his|her|both|those|these|each)\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)`;
const THING = String.raw`(it|them|everything|${DETERMINER}\s+(?:[\w'/-]+\s+){0,3}?[\w'/-]+${PHRASE}?)`;
const DONE = String.raw`([a-z]+(?:ed|en))`;
const HAVE_DONE = new RegExp(
  String.raw`${COMMANDED}(?:have|get)\s+${THING}\s+${DONE}\b(?:\s+(and|or)\s+${DONE}\b)?`,
  'i',
);

/** "Have the paperwork ready and the trailer hitched": the thing readied, then a second thing and its work. */
const READY_AND = new RegExp(
  String.raw`${COMMANDED}(?:have|get)\s+${THING}\s+(?:ready|prepped)\s+and\s+${THING}\s+${DONE}\b`,
  'i',
);

/**
 * "the two trailers still need their DOT stickers renewed", "Olga Petrova needs the stage lighting quote revised": a
 * thing or a person said first, then what it needs done to its own thing ("their", "its", "the"); the shapes of
 * `cue-roundabout.ts`'s `NEED_DONE` take a person as subject and no "their". Not "sign" (the customer's to do).
 */
const NEEDED = new RegExp(
  String.raw`^((?:[^,]*,\s+)?(?:[\w'-]+\s+){1,5}?)(?:still\s+|also\s+)?needs?\s+((?:their|its|his|her|the)\s+(?:[\w'/-]+\s+){0,3}?[\w'/-]+)\s+${DONE}\b`,
  'i',
);

/** A clause's "have <thing> <participle>" command said as the work ("check all guardrails ..."), or as it was. */
export function causativeWork(clause: string): string {
  return clause
    .replace(NEEDED, (all: string, subject: string, thing: string, done: string) => {
      const verb = baseOf(done);
      // ("We'll need the dumpster swapped", "For the wedding we need the lights delivered": `NEED_DONE`'s own.)
      const pronoun = /\b(?:i|we|you|they|he|she)\b/i.test(subject);
      return verb && verb !== 'sign' && !pronoun ? `${subject}please ${verb} ${thing}` : all;
    })
    .replace(READY_AND, (all: string, lead: string, thing: string, other: string, done: string) => {
      const verb = baseOf(done);
      return verb ? `${lead}prepare ${thing} and ${verb} ${other}` : all;
    })
    .replace(HAVE_DONE, (all: string, lead: string, thing: string, done: string, join?: string, also?: string) => {
      const verb = baseOf(done);
      const second = also ? baseOf(also) : null;
      if (!verb || (also && !second)) return all;
      // ("all the extinguishers" is the extinguishers: a title reads "all" as a pronoun.)
      const what = thing.replace(/^all\s+(?=the\s)/i, '');
      return `${lead}${verb}${second ? ` ${join} ${second}` : ''} ${what}`;
    });
}
