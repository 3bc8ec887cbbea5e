import { baseOf, isActionVerb } from './words';

/**
 * Asks said indirectly, put plainly before a clause is read for its cue (docs/ai.md, "Round twenty-two, indirect
 * asks"): a polite condition ("if Sam can drop a box off here before nine that'd be great"), a wish with the work
 * done to the thing ("we'd like them delivered by March 20", "he wants the compactor picked up this week") and a
 * customer's question of what to send ("what do I need to send you?").
 */

/** What makes a condition a polite ask: "that'd be great", "it would be a big help", "I'd appreciate it". */
const POLITE_TAIL =
  /(?:,?\s*(?:(?:that|it|this)(?:'d|\s+would)\s+(?:be\s+)?|would\s+be\s+)(?:great|awesome|perfect|amazing|ideal|lovely|wonderful|fantastic|super|helpful|(?:a\s+)?(?:big\s+|huge\s+|great\s+)?help|(?:much\s+|really\s+|greatly\s+)?appreciated|good)|,?\s*(?:I|we)(?:'d|\s+would)\s+(?:really\s+|greatly\s+)?appreciate\s+(?:it|that)|,?\s*(?:that|it)(?:'d|\s+would)\s+help(?:\s+a\s+lot|\s+us\s+out)?)\b\s*[.!]?\s*$/i;

/** "if Sam can ...", "if you guys could ...", "if one of you can ...": who the polite condition asks. */
const POLITE_IF =
  /\b[Ii]f\s+(you(?:\s+guys|\s+all)?|one\s+of\s+you|[A-Z][a-z'-]+)\s+(?:can|could|would\s+be\s+able\s+to|is\s+able\s+to)\s+(?=[a-z])/;

/**
 * "if Sam can drop a box off here in the morning that'd be great" -> "have Sam drop a box off here in the morning";
 * "if you can send it over, I'd appreciate it" -> "can you send it over". Only with the polite tail: "if Sam can
 * make it Friday" alone is a condition. `member` says whether a name is the team's.
 */
export function politeAsk(clause: string, member: (name: string) => boolean): string {
  const tail = POLITE_TAIL.exec(clause);
  const ask = tail ? POLITE_IF.exec(clause.slice(0, tail.index)) : null;
  if (!tail || !ask) return clause;
  const who = ask[1];
  const asked = /^(?:you|one\s+of\s+you)/i.test(who) ? 'can you ' : member(who) ? `have ${who} ` : null;
  if (!asked) return clause;
  const before = clause.slice(0, ask.index).replace(/,?\s*(?:so|and|but)?\s*$/i, '');
  const what = clause.slice(ask.index + ask[0].length, tail.index).replace(/[\s,]+$/, '');
  return `${before ? `${before}, ` : ''}${asked}${what}.`;
}

/**
 * "we'd like them delivered by March 20", "I'd love the invoice corrected", "they want our certificate redone",
 * "wants the plate compactor picked up sometime this week" (a logged call drops who wants it): the work asked for,
 * done to the thing (a participle in -ed or an irregular one: "wants the lien waiver" is no "lie"). The writer's own
 * "I want it posted" is no ask of the one written to, and an event moved ("wants the Thursday pickup moved to
 * Friday") is its new day, as a move told is.
 */
const WISH_DONE =
  /(?:\b(?:I|[Ww]e|[Tt]hey|[Hh]e|[Ss]he|[A-Z][a-z'-]+)(?:'d|\s+would)\s+(?:really\s+|also\s+)?(?:like|love|prefer)|(?:^|\b(?:[Tt]hey|[Hh]e|[Ss]he|(?!I\b)[A-Z][a-z'-]+)\s+)(?:also\s+|still\s+)?wants?)\s+((?:it|them)\s+|(?:the|our|their|his|her|my|both|those|these|two|three|four|\d+)\s+(?:[\w'-]+\s+){1,5}?)(\w+ed|redone|rewritten|written|driven|sent|put|cut|set|fit|shut|split)\b(?:\s+and\s+(\w+ed)\b)?/g;

/** Work a wish names that is no task of its own: done, an event's new time. */
const NO_WORK =
  /^(?:done|finished|sorted|gone|seen|known|given|taken|left|kept|meant|moved|pushed|rescheduled|changed|switched|bumped|shifted|postponed|delayed|cancel+ed)$/i;

/**
 * What the team does about the wish, said after it in its clause ("..., so first thing Monday I'll get Jake to run the
 * lowboy out", "... so can someone get the tanks filled"): the wish is what that answers, no task of its own.
 */
const ANSWERED_AFTER =
  /\b(?:can|could|would)\s+(?:you|u|someone|somebody|anyone)\b|\bplease\b|\bpls\b|\b(?:I|we)(?:'ll|\s+will|'m\s+going\s+to)\b/i;

/** The clause with its wishes said as asks; `after` is what its sentence says after it. */
export function wishPlainly(clause: string, after = ''): string {
  return clause.replace(WISH_DONE, (all: string, thing: string, done: string, also: string | undefined, at: number) => {
    const verb = NO_WORK.test(done) ? null : done.toLowerCase() === 'redone' ? 'redo' : baseOf(done);
    if (!verb || !isActionVerb(verb) || ANSWERED_AFTER.test(`${clause.slice(at + all.length)} ${after}`)) return all;
    // "the lights counted and tested": both works.
    const second = also ? baseOf(also) : null;
    return `please ${verb}${second ? ` and ${second}` : ''} ${thing.trim()}${also && !second ? ` and ${also}` : ''}`;
  });
}

/**
 * "and someone to show the custodian how to use it", "Also need one person show my worker how to use": a person of
 * the team's asked for the work ("need someone", "send a tech" stay the sending of one: `cues.ts`).
 */
export const SOMEONE_TO =
  /\b(?:(?:and|also|plus)\s+(?:need\s+|want\s+)?(?:someone|somebody|one\s+person|a\s+person|a\s+guy|one\s+of\s+your\s+guys)|(?:need|want)\s+(?:one\s+person|a\s+person|a\s+guy|one\s+of\s+your\s+guys))\s+(?:to\s+)?(?=(?:show|train|teach|help|explain|walk|set|install|run|operate|check|look|fix|deliver|bring|meet|stay)\b)/gi;

/**
 * "what I need send you?", "what do we need to fill out?", "what paperwork do you need from us?": a customer asking
 * what to send asks the desk for the forms.
 */
const WHAT_TO_SEND =
  /\bwhat\s+(?:(?:do|does|would|should)\s+)?(?:I|we)\s+(?:need|have|got)\s+(?:to\s+)?(?:send|give|fill(?:\s+out)?|sign|provide|submit)(?:\s+(?:you|u))?\b|\bwhat\s+(?:paperwork|documents?|forms?|papers|info(?:rmation)?)\s+(?:do|would)\s+(?:you|u)\s+need\b/i;

export function asksWhatToSend(clause: string): string | null {
  const m = WHAT_TO_SEND.exec(clause);
  return m && /\?\s*$/.test(clause.slice(m.index)) ? m[0] : null;
}
