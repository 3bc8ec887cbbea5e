/**
 * Titles that name the work and its thing (docs/ai.md, "Title"): a member or technician sent to a machine is the
 * work on it, the fault said of the machine goes before it, "it" points to the machine or paper the text named
 * rather than a day, a code or a place. Texts in no bench set and no corpus split.
 */
import type { TaskContext, TextKind } from '../src/ai';
import { extractTasks, titleViolations } from '../src/ai';
import { taskContext } from './support/ai-team';

const record = { contactName: 'Nina Falk', companyName: 'Falk Grading' };

/** [what the case shows, the text, its kind, the record, the titles]. */
const CASES: Array<[string, string, TextKind, Partial<TaskContext>, string[]]> = [
  [
    'a member sent after a fault: the fix',
    "Nina: Hi Maria, the wheel loader keeps overheating on the hill.\nMaria: Sorry about that. I'll get Jake out there first thing tomorrow.",
    'call_transcript',
    record,
    ['Fix overheating wheel loader at Falk Grading'],
  ],
  [
    'a member sent with no fault said: a look at the machine',
    "Nina: Maria, the trencher you dropped Monday sounds different today.\nMaria: Okay. I'll send Jake out this afternoon.",
    'call_transcript',
    record,
    ['Inspect trencher at Falk Grading'],
  ],
  [
    'a member sent with a swap unit: the swap',
    "Nina: Maria, our plate compactor will not start.\nMaria: Alright, I'm sending Jake out with a swap unit, he'll be there in an hour.",
    'call_transcript',
    record,
    ['Swap plate compactor at Falk Grading'],
  ],
  [
    'a member sent with the kit: the fix, the fault before the machine',
    "Nina: Maria, the thumb on the excavator is stuck open.\nMaria: Okay, I'll send Jake with the thumb kit.",
    'call_transcript',
    record,
    ['Fix stuck excavator at Falk Grading'],
  ],
  [
    'a technician sent: the errand with its work',
    "Nina: Maria, the light tower at the north gate is leaking fuel.\nMaria: Okay. I'll send a tech.",
    'call_transcript',
    record,
    ['Send technician to fix leaking light tower at Falk Grading'],
  ],
  [
    'the fault said of the machine, before it',
    'the generator is tripping again at the Falk pad, can someone check the generator tomorrow',
    'sms',
    {},
    ['Check tripping generator'],
  ],
  [
    'a cracked part swapped',
    'the bucket on the mini has a cracked tooth. Jake can you swap the tooth on Friday',
    'sms',
    {},
    ['Swap cracked tooth'],
  ],
  [
    '"it" is the machine, not the gate code',
    'The gate code 4471 opens the Cole St yard where the boom lift sits. I will pick it up Thursday.',
    'note',
    {},
    ['Pick up boom lift'],
  ],
  [
    '"it" is the paper, not the office',
    'The office has the signed rental agreement for Nina. I will send it this afternoon.',
    'note',
    {},
    ['Send rental agreement'],
  ],
  [
    '"it" is the machine, not the day',
    'The Oak St site is done with the scissor lift. Tom, please test it before Monday.',
    'note',
    {},
    ['Test scissor lift'],
  ],
  [
    'the member after "the customer Mr." is no company "Mr"',
    'The customer Mr. Ortega say the heater no start. Tomorrow first hour I send Jake for check.',
    'voice_memo',
    {},
    ['Inspect heater'],
  ],
  [
    '"it" is the sized machine, not the size alone ("60 ft" read apart from "boom")',
    'The 60 ft boom you dropped Monday keeps throwing an error code. Can you have someone look at it tomorrow?',
    'email',
    record,
    ['Check 60 ft boom at Falk Grading'],
  ],
  [
    '"get someone out there to look at" asks for the look',
    'The pump at the Falk pad quit again. Can you get someone out there to look at it this afternoon?',
    'email',
    record,
    ['Check pump at Falk Grading'],
  ],
  [
    '"get someone out here" with no work said sends them',
    'Our light tower will not start. Can you get someone out here tomorrow?',
    'email',
    record,
    ['Send technician to check light tower at Falk Grading'],
  ],
];

describe('titles that name the work and its thing', () => {
  it.each(CASES)('%s', (_what, text, kind, rec, expected) => {
    const context = taskContext({ kind, ...rec });
    const tasks = extractTasks(text, context);
    expect(tasks.map((t) => t.title)).toEqual(expected);
    for (const t of tasks) expect(titleViolations(t.title, t.clause, context)).toEqual([]);
  });
});
