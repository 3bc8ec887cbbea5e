/**
 * Round seventeen of issue 26's "AI 2" (docs/ai.md, "Round seventeen"): a day taken from a neighbouring clause
 * or line is read for what it is (a writer's absence in a heading, the deadline of what a condition waits for, a
 * deadline said since the event "before then" points to), and days told in other words are read ("the day it lands,
 * supplier says Tuesday", "two weeks before it takes effect", "for the Saturday", "before it goes anywhere", "for the
 * Dobbs order that's Friday"). The texts here are written for this file: none of them is in the bench sets or the
 * corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const memo = { kind: 'voice_memo' as const };
const notes = { kind: 'meeting_notes' as const };
const note = { kind: 'note' as const };

/** Each task's title and due date, in the order found. */
function read(text: string, overrides: Parameters<typeof taskContext>[0]): [string, string | null | undefined][] {
  return extractTasks(text, taskContext(overrides)).map((t) => [t.title, t.dueDate]);
}
const dueDates = (text: string, overrides: Parameters<typeof taskContext>[0]) =>
  read(text, overrides).map(([, d]) => d);
/** The due date of the first task whose title matches `title` (the task must be found). */
function dueOf(text: string, overrides: Parameters<typeof taskContext>[0], title: RegExp) {
  const found = read(text, overrides).filter(([t]) => title.test(t));
  expect(found.length).toBeGreaterThan(0);
  return found[0]?.[1];
}

describe('a neighbouring clause’s or line’s day is not the task’s', () => {
  it.each([
    [
      'reads a heading’s absence as the writer’s days away',
      "Note for Jake from Tom (I'm out tomorrow and Thursday):\n- the Quinn Homes deposit came in, need to enter it in the system\n- Nora wants the hitch checked, please let her know when it's done",
    ],
    [
      'reads a named member’s absence in a heading the same way',
      'For Maria, Dan is off Wednesday:\n- please email the Quinn Homes invoice copies to Nora',
    ],
  ])('%s', (_name, text) => {
    expect(dueDates(text, note).every((d) => d === null)).toBe(true);
    expect(dueDates(text, note).length).toBeGreaterThan(0);
  });

  it.each([
    ["Quinn's generator still isn't back, call Nora if it's not here by noon Friday.", /call nora/i],
    ['Call the Dunn yard if the trailer isn’t back by Wednesday.', /dunn/i],
  ])('reads the day of a negated condition as what is waited for: %s', (text, title) => {
    expect(dueOf(text, note, title)).toBeNull();
  });

  it('reads "before then" as the eve of the event, not of a deadline said since', () => {
    const text =
      'Nora booked the light towers for the Quinn gala on the 4th. Send her the contract, she wants it by Wednesday. And please wash the towers before then.';
    expect(dueOf(text, memo, /wash/i)).toBe('2026-12-03');
    expect(dueOf(text, memo, /contract/i)).toBe('2026-11-25');
  });
});

describe('a day told in other words is read', () => {
  it.each([
    ['- Dan: install the new hitch on trailer 4 the day it lands, supplier says Thursday', '2026-11-26'],
    ['- Jake: swap the hydraulic filter on the boom the day it arrives, the vendor said Wednesday', '2026-11-25'],
  ])('reads the arrival day told right after "the day it lands": %s', (line, due) => {
    expect(
      dueDates(
        `Service meeting\nDan, Jake\n\nFleet status\n- winter PM season starts next week\n\nAction items\n${line}`,
        notes,
      ),
    ).toEqual([due]);
  });

  it.each([
    [
      '- Priya: send the notice about the Dec 14 price change to all accounts one week before it takes effect',
      '2026-12-07',
    ],
    ['- Maria: email the customers about the Jan 4 yard hours, three days before it starts', '2027-01-01'],
  ])('counts a lead back from the day the change takes effect: %s', (line, due) => {
    expect(dueDates(`Billing review\nMaria, Priya\n\nAction items\n${line}`, notes)).toEqual([due]);
  });

  it('reads "for the Saturday" after a day of the month as that day’s Saturday', () => {
    const text =
      'Nora from Quinn Homes called about the open house on the 5th, they want two heaters for the Saturday. Jake, have both heaters tested by then.';
    expect(dueOf(text, memo, /heater/i)).toBe('2026-12-05');
  });

  it('reads "before it goes anywhere" as the eve of the move said before it', () => {
    const text =
      "hey it's Tom, Nora needs the scissor lift moved over to the Quinn site on Thursday and the battery's weak so I gotta charge it before it goes anywhere";
    expect(dueOf(text, memo, /charge/i)).toBe('2026-11-25');
  });

  it.each([
    ['somebody needs to load the two heaters for the Quinn order that’s Friday', /heater/i, '2026-11-27'],
    ['and Jake has to grease the trencher for the Dunn job that is Wednesday', /trencher/i, '2026-11-25'],
    ['and somebody needs to fuel up the generator for the Dunn delivery that’s Thursday', /generator/i, '2026-11-26'],
  ])('reads "for the order that’s Friday" as the order’s day: %s', (text, title, due) => {
    expect(dueOf(`hey it's Tom, ${text}`, memo, title)).toBe(due);
  });
});

describe('a day said in the next or the last line is read for what it dates', () => {
  const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
  const call = { kind: 'call_transcript' as const, contactName: 'Nora', companyName: 'Quinn Homes' };

  it.each([
    [
      'reads "Same pickup time, 9 am." as the booking’s time, no time to act by',
      'Hi Tom,\n\nOur slab pour got pushed. Can you move the concrete buggy reservation from the 30th to December 3? Same pickup time, 9 am.\n\nNora',
      /buggy|reservation/i,
    ],
    [
      'reads a choice of days offered as no day of the next request',
      'Dan -\n\nNora at Quinn Homes says the heater is tripping its breaker. Can you get out there before the weekend? She is fine with Wednesday or Thursday. Let me know which so I can tell her.\n\nTom',
      /^tell|let/i,
    ],
    [
      'reads the need of another piece of work as that work’s deadline, not the request’s',
      'Hi Tom,\n\nWe are hosting a winter market on December 12. Could you please put together a quote for two heaters and a light tower? We would need delivery no later than 8 am on the 11th.\n\nNora',
      /quote/i,
    ],
  ])('%s', (_name, text, title) => {
    expect(dueOf(text, email, title)).toBeNull();
  });

  it('reads a day agreed before a promise as the agreed thing’s, not the promise’s', () => {
    const text =
      'Tom: Acme Rentals, Tom speaking.\nNora: Hi, Nora at Quinn Homes. I need a trencher at the Elm Street lot next week.\nTom: Delivery Monday morning?\nNora: Sunday afternoon would be better, the crew starts early Monday.\nTom: Sunday afternoon it is. I’ll email you the rental agreement.\nNora: Thanks.';
    expect(dueOf(text, call, /agreement/i)).toBeNull();
  });

  it('dates a team promise by the time the other side’s next line only says', () => {
    const text =
      'Tom: Acme, Tom speaking.\nNora: Hi, Nora at Quinn Homes. The guys keep asking about that stump grinder you showed us.\nTom: I’ll have Jake call you about a demo.\nNora: Sometime next week is good.\nTom: Great.';
    expect(dueOf(text, call, /call|demo/i)).toBe('2026-11-30');
  });
});
