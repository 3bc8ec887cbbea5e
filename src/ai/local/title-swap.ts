import { machineSaid } from './needs-moves';
import { EQUIPMENT } from './title-verbs';

/**
 * A unit brought and the customer's one taken back is a swap (round twenty-four, docs/ai.md "Title"), as a desk
 * writes it: "I'll bring a replacement pump out tomorrow and take that one back" -> "Swap trash pump" (the machine the
 * text named before, when the one brought is called by its head noun only), "run the spare 6k out there and drag the
 * broken one back" -> "Swap 6k telehandler". The customer is added after it by `withCounterparty` ("at ..."). A unit
 * brought with nothing taken back stays a delivery ("bring a spare remote", "get a replacement out before the pour").
 */
const BRINGS =
  /^(?:bring|run|deliver|take|drop|haul|load|send|get)\s+(?:(?:them|him|her|you|us|out)\s+){0,2}(?:(?:a|an|the)\s+)?(replacement|spare|backup|other|another|new)\s+((?:(?!(?:out|over|to|and|there|here|for|on|by|at|in|before|after|first|this|today|tonight|tomorrow|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b)\S+\s*){1,4})/i;
const TAKES_BACK =
  /\band\s+(?:(?:take|bring|drag|haul|pull|grab)\s+(?:\S+\s+){1,4}?back|swap\s+(?:it|them)(?:\s+out)?)\b/i;
/** A unit that is itself the swap: "I'll bring you the backup unit", "with a swap unit". */
const SWAP_UNIT = /^(?:backup|swap)\s+unit$/i;
/** A unit called by no machine's name: the machine is the one the text named before. */
const GENERIC = /^(?:unit|one|machine)$/i;

/** "Swap <machine>" for a title that brings one unit where the action takes another back, else the title. */
export function swapped(title: string, said: string[]): string {
  const [action = '', ...before] = said;
  // The title after a promise passed on ("tell him we bring ..."), or the action as said.
  const brought = BRINGS.exec(title.trim()) ?? BRINGS.exec(action.trim());
  if (!brought) return title;
  const unit = brought[2].trim();
  if (!TAKES_BACK.test(action) && !TAKES_BACK.test(title) && !SWAP_UNIT.test(`${brought[1]} ${unit}`)) return title;
  const head = unit.split(/\s+/).pop()?.toLowerCase().replace(/s$/, '') ?? '';
  // The machine the text named before, when the one brought is called by the same noun ("a replacement pump").
  const named = before
    .map((b) => machineSaid(b)?.replace(/^(?:the|a|an|one|our|their|your)\s+/i, ''))
    .find((m) => m && (GENERIC.test(head) || m.toLowerCase().replace(/s$/, '').endsWith(head)));
  const machine = named ?? (!GENERIC.test(head) && (EQUIPMENT.test(unit) || /\d/.test(unit)) ? unit : null);
  // The customer is added after it, from the record or the text ("at Marlowe Pools").
  return machine ? `Swap ${machine}` : title;
}
