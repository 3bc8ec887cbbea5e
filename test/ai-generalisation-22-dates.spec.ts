/**
 * Round twenty-two of issue 26's "AI 2", dates (docs/ai.md, "Round twenty-two, dates"): a "before" that points back
 * ("before then", "before it goes", "before it leaves", "before their board meets, which is the 1st") is due on the
 * eve of the day it points to, when that day stands earlier in the task's own sentence or in a relative clause right
 * after the event, not on the day itself; "the evening before" reaches past another item's deadline to the event's
 * day, as "before then" did, and a move needed "the day before" takes it. The texts are written for this file, in no
 * bench set; the reference is Monday 2026-11-23.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

const dueDates = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind))
    .map((t) => t.dueDate ?? 'none')
    .join(', ');

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const EVE_OF_DAY_POINTED_TO = `
memo | dates a look before an absence's day, said in the sentence's first part, on its eve | Tom here. Jake's off Wednesday, so have him grease the skid steer before then. | 2026-11-24
note | dates a wash before a machine goes out on a day said first on the eve of that day | Quinn scissor lift goes thurs, pls wash it b4 it goes | 2026-11-25
memo | dates a promise before an event whose day a relative clause gives on its eve | Maria here. I will send Nora a revised rate sheet before their board meets, which is the 1st. | 2026-11-30
memo | dates a swap before a machine leaves on the eve of the day an earlier clause sends it out | Jake here, the Quinn trencher needs to go out Friday to their Elm Street lot, and uh, the chain looks worn, gotta get it replaced before it leaves | 2026-11-27, 2026-11-26
`;

describe('round twenty-two: a "before" that points back to a day of its own sentence is due on its eve', () => {
  it.each(tableCases(EVE_OF_DAY_POINTED_TO))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const UNCHANGED = `
memo | gives no date from a past day said before the action | Tom here. The roller that came back Friday, change the oil on it before it goes out again. | none
memo | keeps a day that opens the action's own words | Tom here. Tomorrow I need to fuel the boom before the 8am delivery. | 2026-11-24
sms | keeps the action's own day said after it | Nora: compressor back fri, can u service it mon before it goes out again | 2026-11-30
`;

describe("round twenty-two: a past day, the action's own day and an hour with the event stay as they were", () => {
  it.each(tableCases(UNCHANGED))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const EVENT_OVER_DEADLINE = `
notes | dates an item "the evening before" on the eve of the event a discussion line gives, not of the item above's deadline | Yard huddle 11/23\\n- Quinn Homes has six light towers going out on the 4th\\nAction items\\n1. Tom - confirm the drop times with Quinn by Wednesday\\n2. Jake - fuel the six towers the evening before | 2026-11-25, 2026-12-03
call | dates a delivery needed "the day before" a start said in its sentence on that eve | Talked to Nora at Quinn Homes. Framing starts the 7th of December and she need the telehandler on site the day before. | 2026-12-06
notes | keeps "the day before" pointing to the deadline when no event is said | Ops\\n- Tom: send the Quinn statement by Friday\\n- Priya: check the figures the day before | 2026-11-27, 2026-11-26
`;

describe('round twenty-two: "the day before" points to the event\'s day, and a move needed then takes it', () => {
  it.each(tableCases(EVENT_OVER_DEADLINE))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const DO_IT_THEN = `
sms | dates a need from a line that only asks for it to be done on a day | the compactor at quinn needs a new drum scraper. jake can u do it wed | 2026-11-25
memo | dates a repair from a line that asks someone to do that by a day | Tom here. The Quinn mixer needs new paddles. Could somebody do that Friday. | 2026-11-27
`;

describe('round twenty-two: a line that only asks for the task before to be done on a day dates it', () => {
  it.each(tableCases(DO_IT_THEN))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const DO_IT_UNCHANGED = `
note | keeps a line asking to handle it by a day read as the task said again | Mixer 4 needs new paddles. Could you handle that Friday? | 2026-11-27
sms | keeps a line that asks for another action on a day its own task | the compactor at quinn needs a new drum scraper. jake can u call them wed | none, 2026-11-25
`;

describe('round twenty-two: "handle that" said again and another action asked for stay as they were', () => {
  it.each(tableCases(DO_IT_UNCHANGED))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});
