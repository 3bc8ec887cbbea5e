import type { TaskContext } from '../types';
import { machineBefore } from './pronouns';
import { FAULT_REPORTED } from './visits';
import { EQUIPMENT } from './title-verbs';
import { antecedentsIn } from './words';

/**
 * The work a member or a technician is sent to do (docs/ai.md, "Title"): "the coupler's stuck ... I'll send Ray
 * with the coupler kit" is the fix of the coupler, not the errand ("Fix stuck quick coupler"), "I'll have Dan out
 * there" after "the mixer won't start" the mixer's ("Fix mixer"), and with no fault said a look at it ("Inspect
 * excavator"); an unnamed technician stays the errand with its work ("Send technician to fix generator"). Only
 * when the text names the machine before; the customer is added after, as to any title (counterparty.ts).
 */
const SENT =
  /^send\s+(technician|[A-Z][a-z]+)(?:\s+(?:out|over))?(?:\s+(?:with\s+(?:\S+\s+){0,2}(?:kit|parts?|tools?|unit|replacement)|to\s+(?:look|check|have\s+look)(?:\s+at\s+\S+)?|for\s+check))?$/i;
/** A fault the text reports: the work is a fix. */
const FAULT =
  /\b(?:stuck|tripp\w*|leak\w*|broke\w*|error|codes?|fault\w*|won'?t|wont|doesn'?t|isn'?t|not\s+(?:working|starting|running)|dead|cutting\s+out|cuts\s+out|smok\w*|jamm\w*|bent|cracked|flat|slipping|overheat\w*|died|quit|sputter\w*|seized)\b/i;
/** A fault said as a word that goes before the machine: "Fix stuck quick coupler". */
const FAULT_WORDS = 'stuck|tripping|leaking|smoking|jammed|bent|cracked|slipping|overheating|seized';
const FAULT_WORD = new RegExp(`\\b(${FAULT_WORDS})\\b`, 'i');
const SWAP = /\bwith\s+(?:\S+\s+)?(?:swap\s+unit|replacement)\b/i;

export function sentWork(title: string, before: string[], context: TaskContext): string {
  const sent = SENT.exec(title.trim());
  if (!sent) return title;
  const who = sent[1];
  const technician = who.toLowerCase() === 'technician';
  if (!technician && !context.team.some((m) => m.firstName.toLowerCase() === who.toLowerCase())) return title;
  // "The excavator's been running rough": the machine, not its possessive; "two rollers and the paver" is no one machine.
  const machine = machineBefore(before, context)?.replace(/'s$/i, '');
  if (!machine || /\s(?:and|or)\s/i.test(machine)) return title;
  const said = before.join(' ');
  const fault = FAULT.test(said);
  const word = FAULT_WORD.exec(said)?.[1]?.toLowerCase();
  const thing = word && !machine.toLowerCase().includes(word) ? `${word} ${machine}` : machine;
  if (technician) return `send technician to ${fault ? 'fix' : 'check'} ${thing}`;
  // A member sent after a fault the visit rule reads ("throwing teeth", "keeps stalling") fixes it (round nineteen).
  const verb = SWAP.test(title) ? 'swap' : fault || FAULT_REPORTED.test(said) ? 'fix' : 'inspect';
  return `${verb} ${verb === 'swap' ? machine : thing}`;
}

/** Work on a machine, where a label names the fault: "Check smoking heater", "Swap leaking roller". */
const MACHINE_WORK = /^(?:check|inspect|fix|repair|swap|replace|service|jump|test)\s+/i;
const FAULTS = `${FAULT_WORDS}|broken|dead|frayed|worn|noisy|sticking|damaged`;
const FAULT_SAID = new RegExp(`\\b(?:${FAULTS})\\b`, 'i');

/**
 * The fault the text says of the machine a title works on, before the machine: "the heater at the Adebayo site is
 * smoking ... please check it" -> "Check smoking heater". Only from a sentence that names the machine itself.
 */
export function withFault(title: string, said: string[]): string {
  const verb = MACHINE_WORK.exec(title);
  if (!verb) return title;
  const object = title.slice(verb[0].length).split(/\s+(?:at|for|on|to|from|in|with|and|or)\s+/i)[0];
  const head = object.split(/\s+/).pop()?.replace(/'s$/i, '');
  // "Swap kessler's scissor lift", "Swap and the auger bits": no place for the fault before the machine.
  if (!head || head.length < 3 || !/^[a-z]+$/i.test(head) || FAULT_SAID.test(title) || /'s\s|^and\s/i.test(object))
    return title;
  // The fault said of the machine itself, a few words from it: "the heater is smoking", "leaking 30ft scissor lift".
  const name = `${head}(?:s|es|'s)?`;
  const near = new RegExp(
    `\\b(?:${name}\\W+(?:\\w+\\W+){0,3}(${FAULTS})|(${FAULTS})\\W+(?:\\w+\\W+){0,3}${name})\\b`,
    'i',
  );
  const fault = said
    .map((s) => near.exec(s))
    .map((m) => m?.[1] ?? m?.[2])
    .find(Boolean);
  if (!fault) return title;
  const at = verb[0].length;
  return `${title.slice(0, at)}${fault.toLowerCase()} ${title.slice(at)}`;
}

/** A price sent with no thing of its own: "Send quote", "Send rough quote to ...", "Email pricing". */
const QUOTED =
  /^((?:send|email|e-mail|text)\s+(?:(?:rough|written|updated|revised|new|final|monthly|weekly)\s+)?(?:quote|pricing|prices?|rates?|numbers|estimate))(?=\s+(?:to|for)\s+[A-Z]|$)/i;

/**
 * What a price is for: a quote sent with no machine named is the quote of the machines the request named, in the
 * nearest sentence that names any ("can you price two light towers and a generator for the 14th? ... I'll send a
 * quote by Wednesday" -> "Send quote for two light towers and generator"), as the labels title it.
 */
export function quotedWork(title: string, before: string[], context: TaskContext): string {
  const quoted = QUOTED.exec(title.trim());
  // "Send quote for whole period": a quote that says what it is for already.
  if (!quoted || EQUIPMENT.test(title) || /^\s+for\b/i.test(title.trim().slice(quoted[1].length))) return title;
  const names = [context.contactName, context.companyName].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  const skip = (phrase: string) => names.some((n) => n.includes(phrase.toLowerCase()));
  for (const text of before) {
    // "their own pump", "unit 31": a machine that is not the one priced.
    const machines = [
      ...new Set(
        antecedentsIn(text, skip)
          .filter((t) => EQUIPMENT.test(t) && !/\b(?:own|units?)\b/i.test(t))
          .map((t) =>
            t
              .replace(/^(?:needs?|wants?|many|any|some|more|the|a|an)\s+/i, '')
              .replace(/\s(and|or)\s+(?:the|a|an)\s/gi, ' $1 '),
          ),
      ),
    ].slice(0, 3);
    if (!machines.length) continue;
    const listed =
      machines.length === 1 ? machines[0] : `${machines.slice(0, -1).join(', ')} and ${machines[machines.length - 1]}`;
    const rest = title.trim().slice(quoted[1].length);
    return `${quoted[1]} for ${listed.replace(/^(?:the|a|an)\s+/i, '')}${rest}`;
  }
  return title;
}
