import { FILLERS, MAINTENANCE_NOUNS } from './lexicon';
import type { Cue } from './cue';
import { CueContext, subjectOf } from './cue-subjects';
import { BREAKDOWN } from './not-commands';

/**
 * What a machine needs, said of the machine (docs/ai.md, "Action cues"): a maintenance need ("the mini ex needs a 250
 * hour service", "could use a new hose", "needs fuel"), and the asks made only by implication, kept when a text asks
 * nothing else: a machine's failure ("Excavator died again", its fix) and a rental's end ("done w the tiller", "you can
 * come get the mixer", its pickup).
 */

const MAINTENANCE = new RegExp(
  `^(?:.*,\\s+)?(.+?)\\s+(?:needs|need|requires|is\\s+due\\s+for|are\\s+due\\s+for|could\\s+use|should\\s+get)\\s+(?:a|an|its|their|some|another)?\\s*(${MAINTENANCE_NOUNS})\\b(.*)$`,
  'i',
);
/** The words that go on naming a part after the need's "new air": up to two, not a link or a time. */
const PART_GOES_ON =
  /^(?:\s+(?!(?:on|to|for|at|in|of|from|with|by|before|after|and|or|so|but|asap|today|tomorrow)\b)[a-z][\w-]*){1,2}/i;
/** "whenever u want to grab it", "you can come get the mixer": a customer inviting the pickup. */
const PICKUP_INVITED =
  /\b(?:you|u)\s+(?:guys\s+)?(?:can|could|want\s+to|wanna)\s+(?:come\s+(?:and\s+)?|swing\s+by\s+and\s+)?(?:grab|get|pick\s+up|collect|take)\s+(it|them|the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?|(?=(?:from|at|any|anytime|whenever|on|this|tomorrow|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b))\b(?!\s+(?:to|for)\b)/i;
/** "done w the tiller", "finished with the compactor", "the lift is ready for pickup": a rental's end. */
const RENTAL_DONE =
  /\b(?:done|finished)\s+(?:with|w)\s+(?:the\s+|our\s+|your\s+|that\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s*(?:[.,;!?]|$))|^(?:the\s+|our\s+|your\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+is|'s|\s+are)?\s+(?:ready\s+(?:for\s+(?:pick\s*-?\s*up|collection)|to\s+(?:go\s+back|be\s+picked\s+up))|can\s+be\s+picked\s+up)\b/i;

/**
 * A customer done with a rental, in a text that asks nothing else ("done w the tiller", "the lift is ready for
 * pickup"), or inviting the pickup ("whenever u want to grab it", "you can come get it"): its pickup.
 */
export function rentalDone(reader: CueContext, clause: string): Cue | null {
  const c = clause.replace(FILLERS, '').trim();
  const invited = pickupInvited(c);
  if (invited) return invited;
  const done = RENTAL_DONE.exec(c);
  const thing = done?.[1] ?? done?.[2];
  if (!done || !thing || reader.team.find(thing.split(/\s+/)[0])) return null;
  return { kind: 'noun_request', words: done[0], action: `pick up ${thing}`, subject: 'thing', implied: true };
}

/**
 * "you can come get the mixer", "whenever u want to grab it", and with no object "you can pick up from lot 9 any day
 * this week" (the thing spoken of before, where and when it is said): a customer inviting the pickup.
 */
export function pickupInvited(clause: string): Cue | null {
  const c = clause.replace(FILLERS, '').trim();
  const invited = PICKUP_INVITED.exec(c);
  if (!invited) return null;
  const rest = c.slice(invited.index + invited[0].length).trim();
  return {
    kind: 'noun_request',
    words: invited[0].trim(),
    action: `pick up ${invited[1] || 'it'}`,
    // (Where is the title's business, not said; when is read for the date.)
    ...(invited[1] ? {} : { when: rest }),
    subject: 'thing',
  };
}

/** A machine and its failure in a text that asks the team ("Excavator died again"): a fix of that machine. */
export function breakdown(reader: CueContext, clause: string): Cue | null {
  const c = clause.replace(FILLERS, '').trim();
  const m = BREAKDOWN.exec(c);
  if (
    !m ||
    subjectOf(reader, m[1]).kind !== 'thing' ||
    /^(?:it|they|this|that|he|she|we|i|ours|mine|yours)$/i.test(m[1])
  )
    return null;
  const words = m[0].slice(m[0].indexOf(m[1]) + m[1].length).trim();
  // "jake the mixer at Oak st wont start": the member written to is not part of the machine.
  const [first, ...rest] = m[1].split(/\s+/);
  const thing = reader.team.find(first) ? rest.join(' ').replace(/^(?:the|our|my|your)\s+/i, '') : m[1];
  return { kind: 'maintenance', words, action: `fix ${thing}`, subject: 'thing', implied: true };
}

export function maintenance(reader: CueContext, c: string): Cue[] {
  const m = MAINTENANCE.exec(c);
  if (!m || subjectOf(reader, m[1]).kind !== 'thing') return [];
  const need = m[2].toLowerCase();
  // "the water truck needs fuel": the need is the verb ("Fuel water truck").
  const plain = /^(?:fuel|fuelling|refuelling|diesel|charging|charge|greasing|grease|wash|washing)$/.exec(need);
  if (plain) {
    const act = { fuel: 'Fuel', diesel: 'Fuel', charg: 'Charge', greas: 'Grease', wash: 'Wash' };
    const key = (Object.keys(act) as Array<keyof typeof act>).find((k) => need.replace(/^re/, '').startsWith(k));
    return [
      {
        kind: 'maintenance',
        words: m[0].slice(m[1].length).trim().split(/\s+/).slice(0, 4).join(' '),
        action: `${act[key ?? 'fuel']} ${m[1]}${m[3]}`,
        subject: 'thing',
      },
    ];
  }
  // "the welder needs a new ground clamp": the worn one replaced; "... needs a new belt, I order today": ordered.
  const renewed = /^new\s/.test(need) ? (/\border\b/i.test(c) ? 'Order' : 'Replace') : null;
  const verb = renewed
    ? renewed
    : /repair/.test(need)
      ? 'Repair'
      : /inspection|check|look/.test(need)
        ? 'Inspect'
        : /clean/.test(need)
          ? 'Clean'
          : /replacement/.test(need)
            ? 'Replace'
            : 'Service';
  // "a new air filter": the part's name goes on past the one word the need matched.
  const more = renewed ? (PART_GOES_ON.exec(m[3])?.[0] ?? '') : '';
  const part = `${need}${more}`;
  const what =
    renewed === 'Order'
      ? `${part} for ${m[1]}`
      : renewed
        ? `${part.replace(/^new\s+/, '')} on ${m[1]}`
        : `${m[1]} (${need})`;
  return [
    {
      kind: 'maintenance',
      words: m[0].slice(m[1].length).trim().split(/\s+/).slice(0, 4).join(' '),
      action: `${verb} ${what}${m[3].slice(more.length)}`,
      subject: 'thing',
    },
  ];
}
