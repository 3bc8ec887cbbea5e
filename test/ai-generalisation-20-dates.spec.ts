/**
 * Round twenty of issue 26's "AI 2", dates (docs/ai.md, "Round twenty, dates"): times of today said by what happens
 * in the day ("before dark", "after the morning runs"), what the speaker does "when I get there" on the day of the
 * trip told, an extension's new end ("extend it to the 30th") as no deadline, a day the customer turns down on a
 * call giving way to the one settled after, work done "while you're at it" due with the task before it, and "the
 * holiday weekend" as a named weekend. The texts are written for this file, in no bench set; the reference is
 * Monday 2026-11-23.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { kindContext, tableCases } from './support/ai-team';

const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const days = (text: string) => dateMentions(text, monday).map((m) => m.day);
const dueDates = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind))
    .map((t) => t.dueDate ?? 'none')
    .join(', ');

it('reads "before dark" and "after the morning runs" as today, and as the day said with them', () => {
  const cases: Record<string, string[]> = {
    'get the light tower to the Birch lot before dark': ['2026-11-23'],
    'the crew needs the heaters by sundown': ['2026-11-23'],
    'swap the battery before it gets dark': ['2026-11-23'],
    "I'll head over after the morning runs": ['2026-11-23'],
    'once my morning deliveries are done I can grab it': ['2026-11-23'],
    'drop it at the Elm site Thursday, before dark': ['2026-11-26'],
    'have it there before dark tomorrow': ['2026-11-24'],
    'the lot is unlit after dark': [],
  };
  expect(Object.fromEntries(Object.keys(cases).map((text) => [text, days(text)]))).toEqual(cases);
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const DAYLIGHT = `
memo | dates a visit to a fault promised "after the morning runs" today | Jake here, the light tower at the Birch job won't start, probably the cold. Heading out after the morning runs with a new battery. | 2026-11-23
memo | dates a swap said "after the morning runs" today | Jake here, I'll swap the battery on the Birch light tower after the morning runs. | 2026-11-23
email | dates a drop the customer wants "before dark" today | Hi Jake,\\n\\nCould you run two more cones out to the Elm site before dark? The crew is working late.\\n\\nNora | 2026-11-23
`;

describe('round twenty: times of today said by what happens in the day', () => {
  it.each(tableCases(DAYLIGHT))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const ON_ARRIVAL = `
memo | dates what a driver does "when I get there" today, on his way | Jake here, on my way out to the Birch job with the trencher. I'll check their fuel tank when I get there. | 2026-11-23
memo | dates "once I'm on site" by the day of the trip told | Heading over to Quinn Homes Thursday with the new hoses. I'll walk the site with Nora once I'm on site. | 2026-11-26
memo | dates "when I get there" by a trip told after a call | Quinn Homes called about the mixer. Headed over to their yard with Sam. I'll look at the drum when I get there. | 2026-11-23
`;

describe('round twenty: what the speaker does on arriving is due on the day of the trip', () => {
  it.each(tableCases(ON_ARRIVAL))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

it('gives "when I get there" the day of the trip only when a trip is told', () => {
  const told = "Jake here, on my way to the Birch yard. I'll look at the drum when I get there.";
  const untold = "Quinn Homes called about the mixer. I'll look at the drum when I get there.";
  expect([dueDates('memo', told), dueDates('memo', untold)]).toEqual(['2026-11-23', 'none']);
});

it('reads the day after an extension\'s "to" as the rental\'s new end, and "by" as a deadline', () => {
  const cases: Record<string, string[]> = {
    'extend the Quinn boom to the 30th': [],
    'can you extend him out to Friday': [],
    'we extended the heaters till next Wednesday': [],
    'please extend the rental by Friday': ['2026-11-27'],
  };
  expect(Object.fromEntries(Object.keys(cases).map((text) => [text, days(text)]))).toEqual(cases);
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const EXTENDED = `
call | gives an extension "to the 30th" and the mail after it no due date | Tom: Acme, Tom.\\nNora: Can we keep the boom another week?\\nTom: Sure, I'll extend the contract to the 30th and email you the new agreement. | none, none
memo | dates an extension by the deadline of the action shared with it, not by its new end | Quinn wants the trencher longer, so extend it out to the 4th and text Nora the new total by end of day. | 2026-11-23, 2026-11-23
`;

describe("round twenty: an extension's new end is no due date", () => {
  it.each(tableCases(EXTENDED))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const COUNTERED = `
call | moves a visit the customer turns down to the day the team's answer gives | Jake: Service, Jake.\\nNora: The light tower at Elm Street keeps shutting off.\\nJake: I can swing out and look at it this afternoon.\\nNora: This afternoon doesn't work, the gate's locked. Could you come Wednesday?\\nJake: Wednesday at eight. | 2026-11-25
call | moves a delivery to the customer's day when the team only agrees | Tom: Acme, Tom.\\nNora: We need the scissor lift at the Birch job.\\nTom: I'll have Jake deliver it tomorrow morning.\\nNora: Tomorrow's no good for us, Thursday would be better.\\nTom: Sure, no problem. | 2026-11-26
`;

describe('round twenty: a day the customer turns down gives way to the one settled after', () => {
  it.each(tableCases(COUNTERED))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

it('moves a commitment only when the customer turns its day down', () => {
  const call = (reply: string) =>
    `Tom: Acme, Tom.\nNora: We need the scissor lift at the Birch job.\nTom: I'll have Jake deliver it tomorrow morning.\nNora: ${reply}\nTom: Sounds good.`;
  expect([
    dueDates('call', call("Tomorrow won't work, the slab is wet. Thursday instead?")),
    dueDates('call', call('Great, and Thursday we start the second floor.')),
  ]).toEqual(['2026-11-26', '2026-11-24']);
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const SAME_VISIT = `
memo | dates work "while you're at it" by the errand's day in the same sentence | Jake, swap the hose on the Birch pump tomorrow, and top off the oil while you're at it. | 2026-11-24, 2026-11-24
email | dates work "while you're in there" by the deadline of the repair the sentence before | Hi Jake,\\n\\nCan you fix the throttle on the plate compactor by Wednesday? It goes out to Quinn Homes Thursday. Also check the pull cord while you're in there, it looked frayed.\\n\\nTom | 2026-11-25, 2026-11-25
`;

describe('round twenty: work done on the same visit is due when the visit is', () => {
  it.each(tableCases(SAME_VISIT))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

it('reads "the holiday weekend" and "the long weekend" as a named weekend, not this one', () => {
  const cases: Record<string, string[]> = {
    'get the proposal to Nora before the holiday weekend': [],
    'the yard is shut over the long weekend, so call Hill': [],
    'get the proposal to Nora before the weekend': ['2026-11-27'],
  };
  expect(Object.fromEntries(Object.keys(cases).map((text) => [text, days(text)]))).toEqual(cases);
});
