/**
 * The team's "have <thing> <where it is to be>", a state that says the work ("I'll have them on the afternoon run",
 * "Dan will have both back on the line by Friday", "Marcus to have the proposal out before the 19th", "Dwayne has to
 * have the 60 ft out of the shop by Sunday", "I'll have them on the will-call shelf"): read as the work that puts it
 * there, a delivery, a fix, a sending, the preparing. Only after a modal or "to" ("we have two heaters on the shelf"
 * is what is in stock).
 */
const HAVE = String.raw`(?<=(?:'ll|\bwill|\bto|\bgotta|\bmust|\bshould|\bcan|\bcould)\s+)have\s+`;
const THING = String.raw`((?:[\w'#-]+\s+){0,4}?[\w'#-]+)`;
const PAPER = String.raw`((?:the|a|an|their|our|his|her|that|this)\s+(?:[\w-]+\s+){0,2}?(?:proposal|quote|estimate|invoice|statement|letter|contract|agreement|bid))`;
const said = (state: string) => new RegExp(`${HAVE}${state}`, 'i');

const STATES: [RegExp, string][] = [
  // "on the afternoon run", "on the truck": delivered.
  [said(String.raw`${THING}\s+on\s+the\s+(?:[\w-]+\s+)?(?:run|truck|trailer)\b`), 'deliver $1'],
  // "back on the line", "back on the ready line", "out of the shop": fixed.
  [said(String.raw`${THING}\s+(?:back\s+on\s+the\s+(?:ready\s+)?line|out\s+of\s+the\s+shop)\b`), 'fix $1'],
  // "on the will-call shelf", "at the counter": prepared for pickup.
  [said(String.raw`${THING}\s+(?:on\s+the\s+(?:will-?call\s+)?shelf|at\s+the\s+(?:front\s+)?counter)\b`), 'prepare $1'],
  // "the proposal out", "the quote out": a paper sent.
  [said(String.raw`${PAPER}\s+out\b`), 'send $1'],
];

/** Reads a clause for "have <thing> <state>"; returns it with the work in their place ("deliver them"), or as it was. */
export function haveStateSaid(clause: string): string {
  for (const [state, work] of STATES) if (state.test(clause)) return clause.replace(state, work);
  return clause;
}
