import { REQUEST_NOUNS } from './lexicon';
import type { Cue } from './cue';

/**
 * Requests by name (docs/ai.md, "Action cues"): a thing asked for with no verb of the team's ("I'd like a quote for",
 * "I expect a replacement", "need copy of the contract", "Any update on the heater quote?"), a price asked ("how much
 * for a mini ex?"), a thing for a day ("sod cutter for sat pls"), things needed somewhere ("need 2 more barricades on
 * Elm st"), a customer's want passed on, leave asked ("ok to extend?"), a customer looking to rent, a charge
 * questioned, someone to send ("need someone out there").
 */

export const NOUN_REQUEST =
  /\b(?:(?:i|we)(?:'d|\s+would)\s+(?:also\s+)?(?:like|love|appreciate)|(?:i|we)(?:'ll|\s+will)?\s+(?:also\s+)?(?:expect|need|want|require)|(?:can|could)\s+(?:i|we)\s+(?:please\s+)?(?:get|have)|requesting|request|any\s+(?:update|news|word)\s+on)\s+|(?<=(?:^|[-:;,]\s*)(?:(?:our|my)\s+)?(?:\w+\s+)?(?:also\s+)?)(?:need|needs|want)\s+(?=(?:a|an|the|some|your|new|updated|revised|\w+\s+of\s+the|\w+)\s)/gi;
/** "whats the rate on a 60ft boom for 2 weeks?", "how much for a mini ex?": asks for a price. */
export const PRICE_QUESTION =
  /\b(?:what(?:'s|s|\s+is|\s+are|\s+would\s+be)\s+(?:the|your)\s+(?:rate|rates|price|prices|pricing|cost)\s+(?:on|for)|how\s+much\s+(?:is|are|for|would\s+it\s+be\s+for|to\s+rent))\s+((?:a|an|the|two|three|\d+|your)\s+[^?.!]+)/i;
/** "ken ito. sod cutter for sat pls": a thing asked for a day, no verb. */
export const FOR_DAY_PLEASE =
  /(?:^|\.\s+)((?:(?:a|an|the|\d+|two|three)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+for\s+((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|tomorrow|tonight|next\s+week|the\s+\d{1,2}(?:st|nd|rd|th))\s+(?:please|asap)\b/i;
/**
 * "need 2 more barricades on Elm st tomorrow 7am", "Tom need 2 more pallets of sandbags at the river job ASAP": a
 * number of things needed somewhere or by a time, asked to be brought (not "they need", not "need the ...").
 */
export const COUNTED_NEED =
  /(?<=(?:^|[-:;,.]\s*)(?:[A-Za-z][a-z'-]+\s+)?(?:(?:i|we)\s+)?(?:also\s+|still\s+)?)needs?\s+((?:\d+|two|three|four|five|six|another|an\s+extra|a\s+second|a\s+2nd|2nd|extra)(?:\s+more)?\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)(?=\s+(?:at|on|to|out\s+to|over\s+to|for\s+the|by|before|tomorrow|tonight|today|asap)\b)/i;
/** "crew is stuck, need a spare key out here asap": one thing needed where the writer is, brought. */
export const NEED_HERE =
  /(?<=(?:^|[-:;,.]\s*)(?:(?:i|we)\s+)?(?:also\s+|still\s+)?)needs?\s+((?:a|an)\s+(?:spare|new|replacement|backup|loaner|working)?\s*[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s+(?:out\s+)?(?:here|there|on\s+site)\b)/i;
export const PASSED_ON_WANT =
  /^(?:though,?\s+)?((?:the\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2}?)\s+(?:wants|asked\s+for|is\s+asking\s+for|would\s+like)\s+((?:their|his|her|a|an|the|two|three|four|\d+|another|more)\s+[^,.;!?]+)/i;
/** "ok to extend?", "ok if we keep the lift til wed?", "is it alright if I swap it Friday?": leave asked, to be given. */
export const ASKS_LEAVE =
  /\b(?:(?:is\s+it|would\s+it\s+be|that)\s+)?(?:ok|okay|alright|all\s+right)\s+(?:to|if\s+(?:we|i)(?:\s+(?:can|could))?)\s+([a-z]+)\b([^?.!]*)\?/i;
/** "Looking for a telehandler for Oct, 4 weeks", "Stan K. Looking for ...": a customer asking to rent. */
export const LOOKING_FOR =
  /(?:^|\.\s+)(?:(?:we're|we\s+are|i'm|im|i\s+am)\s+)?looking\s+for\s+((?:a|an|two|three|four|\d+)\s+[\w-]+(?:\s+[\w-]+){0,3})/i;
/** "why was I charged a fuel fee?", "why were we billed for two days": a charge to review. */
export const WHY_CHARGED =
  /\bwhy\s+(?:was|were|am|are|did)\s+(?:i|we|us)\s+(?:get\s+)?(?:charged|billed|invoiced)\s+(?:for\s+)?([^?.!]+)/i;
export const SEND_SOMEONE = /\b(?:need|needs|want|send)\s+(someone|somebody|a\s+tech(?:nician)?|a\s+mechanic)\b/i;

/** "Could we get a quote for ...": a noun request starts where the request does. */
export function asksForThing(c: string, at: number): boolean {
  return [...c.matchAll(NOUN_REQUEST)].some((n) => n.index === at && nounRequest(c, n).length > 0);
}

export function nounRequest(c: string, m: RegExpMatchArray): Cue[] {
  const before = c.slice(0, m.index ?? 0);
  if (/\b(?:they|he|she)\s*$/i.test(before)) return [];
  const rest = c.slice((m.index ?? 0) + m[0].length);
  const cues: Cue[] = [];
  for (const part of rest.split(/\s+and\s+(?=(?:a|an|the|some|your)\s)/i)) {
    const noun = Object.keys(REQUEST_NOUNS).find((n) =>
      new RegExp(`^(?:(?:a|an|the|some|your|new|updated|revised|\\w+)\\s+){0,3}${n}\\b`, 'i').test(part),
    );
    if (noun)
      cues.push({
        kind: 'noun_request',
        words: `${m[0].trim()} ${noun}`,
        action: `${REQUEST_NOUNS[noun]} ${part}`,
        subject: 'none',
      });
  }
  return cues;
}
