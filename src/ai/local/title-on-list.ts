import { machineSaid } from './needs-moves';

/**
 * Getting or putting a thing on a list is the work the list is for (round twenty-four, docs/ai.md "Title"), as a desk writes it:
 * "I'll get it on the pickup list for tomorrow" -> "Pick up <machine>", "I'll put it on Monday's run", "get it on
 * Jake's schedule" (a driver's) -> "Deliver <machine>", "get that on the calendar", "put the pickup on the board" (an
 * event) -> "Schedule ...", "get that on the board" (a booking of equipment) -> "Reserve ...". Where the action says
 * "it", "that" or "them", the thing is the machine the text named before when there is one (a pronoun is often
 * resolved to a word near it, not to the machine). "Add the plate to the insurance schedule" is what it says.
 */
const ON_LIST =
  /^(?:get|put)\s+(.+?)\s+(?:(?:on|onto)\s+(?:the\s+)?((?:[A-Z][a-z]+'s\s+|\S+'s\s+)?(?:\S+\s+)?(?:list|run|schedule|calendar|board))|(run)$)\b(.*)$/i;
const POINTED = /^(?:get|put)\s+(?:it|that|them|those|these|this)\b/i;
const EVENT = /\b(?:pickup|pick-up|delivery|demo|walk|visit|meeting|inspection|service|show)\b/i;

/** The work a list stands for, or the title as it was. */
export function onList(title: string, said: string[]): string {
  const [action = '', ...before] = said;
  const on = ON_LIST.exec(title.trim());
  if (!on) return title;
  // "put it on Friday's run" less its date: "put <thing> run".
  const [, object, onlist, run] = on;
  const list = onlist ?? run;
  const named = POINTED.test(action.trim())
    ? before
        .map((b) => machineSaid(b)?.replace(/^(?:the|a|an|one|our|their|your)\s+/i, ''))
        .find((m) => m && !/\b(?:she|he|they|we|i|you)\b/i.test(m))
    : null;
  const thing = named ?? object;
  const verb = /\bpick-?up\s+list\b/i.test(list)
    ? 'Pick up'
    : /\brun\b|'s\s+schedule|\bdelivery\s+(?:list|schedule)\b/i.test(list)
      ? 'Deliver'
      : /\b(?:calendar|schedule)\b/i.test(list) || EVENT.test(object)
        ? 'Schedule'
        : /\bboard\b/i.test(list)
          ? 'Reserve'
          : null;
  return verb ? `${verb} ${thing}` : title;
}
