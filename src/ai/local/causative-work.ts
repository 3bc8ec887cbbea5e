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

/** A clause's "have <thing> <participle>" command said as the work ("check all guardrails ..."), or as it was. */
export function causativeWork(clause: string): string {
  return clause
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
