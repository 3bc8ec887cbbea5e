/**
 * Round sixteen of issue 26's "AI 2" (docs/ai.md, "Round sixteen"): another item's day no longer spreads to
 * tasks that have none (a noun's day, a customer's promise, a list head above a new section, a review's deadline),
 * and days referred back or counted from an event are read ("deliver it then", "the Monday after the gala", "before
 * vacation", "need it working for that", "on delivery"). The texts here are written for this file: none of them is
 * in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const memo = { kind: 'voice_memo' as const };
const notes = { kind: 'meeting_notes' as const };
const sms = { kind: 'sms' as const };
const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const call = { kind: 'call_transcript' as const, contactName: 'Nora', companyName: 'Quinn Homes' };

type Overrides = Parameters<typeof taskContext>[0];
const tasks = (text: string, overrides: Overrides) => extractTasks(text, taskContext(overrides));
const dueDates = (text: string, overrides: Overrides) => tasks(text, overrides).map((t) => t.dueDate);
/** The due date of the task whose title matches `title`. */
const dueOf = (text: string, overrides: Overrides, title: RegExp) => {
  const task = tasks(text, overrides).find((t) => title.test(t.title));
  expect(task).toBeDefined();
  return task?.dueDate;
};

describe('a day that is not the task’s does not spread to it', () => {
  it('reads a month-day naming the thing as no deadline, and a thing made ready for it takes no errand’s day', () => {
    expect(dueDates('Tom: jake print the dec 12 delivery ticket\nJake: ok', sms)).toEqual([null]);
    const text =
      'Tom: jake can u call Nora mon about the deposit\nTom: also print the dec 12 delivery ticket so its ready\nJake: ok';
    expect(dueDates(text, sms)).toEqual(['2026-11-30', null]);
  });

  it.each([
    [
      'keeps a day inside the first action its own when the next one grabs something too',
      'Load the compactor on the small trailer Wednesday afternoon, and, uh, grab a spare set of pads from the parts room too.',
      memo,
      ['2026-11-25', null],
    ],
    [
      'reads a day in "which is on the 5th" as the noun’s',
      "hey its tom, I was out at Quinn Homes yesterday and they want to rent two heaters for the open house which is on the 5th I said we'd hold them so somebody put a hold on two heaters",
      memo,
      [null],
    ],
    [
      'does not date the team’s answer with the customer’s own promise',
      "Tom: Hi Nora, calling about invoice 7003.\nNora: End of the month, I promise.\nTom: Alright, I'll note that on the account.",
      call,
      [null],
    ],
    [
      'reads "today" after a past verb as when it happened, no date for the answer',
      'Nora: hey tom can we keep the sod cutter thru tues? rain killed today\nTom: sure, ill extend it',
      sms,
      [null],
    ],
  ])('%s', (_name, text, overrides, expected) => {
    expect(dueDates(text, overrides)).toEqual(expected);
  });

  it('ends a list head’s date at the next section head', () => {
    const text =
      "Dispatch planning - Mon 11/23\nJake, Maria, Tom\n\nThis week's runs:\n- Thu: two heaters to Quinn Homes\n\nAction items\n- Maria to call Quinn Homes and confirm someone will sign for the heaters";
    expect(dueOf(text, notes, /^Call Quinn/)).toBeNull();
  });

  it('dates no item with an absence in a week or a subject that is only a topic', () => {
    const away =
      "Hi Jake,\n\nA few things before I'm out next week:\n\n1. Call Vega about the two short-paid invoices\n2. Update the rate card in the system\n\nThanks,\nMaria";
    expect(dueDates(away, email)).toEqual([null, null]);
    const topic =
      'Subject: year end\n\nHi Jake,\n\nPlease call Vega about the two short-paid invoices.\n\nThanks,\nMaria';
    expect(dueDates(topic, email)).toEqual([null]);
  });

  it('gives a deadline said after another member is named for the next step to that step only', () => {
    const text =
      'Mgmt sync 11/23 (Maria, Tom, Priya)\n\nFollow-ups:\n- Priya: draft the customer letter announcing the fee change, Maria to review it by 12/2';
    expect(dueOf(text, notes, /^Draft/)).toBeNull();
  });
});

describe('a day referred back or counted from an event', () => {
  it.each([
    [
      'reads "in a bit" as today, not the day the customer asked for',
      "Nora: Can we get the heater early Monday the 30th?\nTom: Sure, no problem. I'll email the confirmation over in a bit.",
      call,
      ['2026-11-23'],
    ],
    [
      'reads "before Halloween" as the 30th of October',
      'Jake, get the two light towers serviced before Halloween.',
      memo,
      ['2027-10-30'],
    ],
    [
      'reads "deliver it then and ..." as the day said before',
      "Good morning,\n\nOur foreman, Walt, will be at the Elm Street lot on Tuesday the 1st from 7:30. Please deliver it then and have your driver get Walt's signature.\n\nThanks,\nNora",
      email,
      ['2026-12-01'],
    ],
    [
      'counts "the Monday after the open house" from the day the notes give it',
      'Sales meeting\n11/23/26\nTom, Priya, Maria\n\nPipeline:\n- Quinn Homes open house (12/12): heaters confirmed\n\nAction items:\n- Maria to invoice Quinn Homes the Monday after the open house',
      notes,
      ['2026-12-14'],
    ],
    [
      'reads "before vacation" as the eve of the absence said before',
      'Holiday planning - Nov 23\n\nNotes\n- Jake on vacation Dec 28 - Jan 1\n\nActions\n- Jake: before vacation, make sure the service queue is empty',
      notes,
      ['2026-12-27'],
    ],
    [
      'reads "before the tags run out" after "expire end of December" as that end',
      'Safety meeting 11/23/26\n\n- Fire extinguisher tags expire end of December\n\nAction items\n- Jake: get the fire extinguishers inspected before the tags run out',
      notes,
      ['2026-12-31'],
    ],
    [
      'dates a request after "need it working for that" on the event’s day',
      "Tom,\n\nThe pressure washer we picked up isn't building pressure. We've got a cleaning job Thursday night and need it working for that. Can someone come look at it?\n\nNora",
      email,
      ['2026-11-26'],
    ],
    [
      'reads "by next meeting" under a weekly meeting’s dated header as a week after it',
      'Weekly ops meeting - Mon 11/23\n- Jake: fix the gate latch by next meeting',
      notes,
      ['2026-11-30'],
    ],
  ])('%s', (_name, text, overrides, expected) => {
    expect(dueDates(text, overrides)).toEqual(expected);
  });

  it('reads "order it then" after "closed til the 4th" as the 4th, and the next action takes no day', () => {
    const text =
      "I'll tension the track on the mini ex this afternoon, and the tooth I need to order from Kubota, they're closed til the 4th so order it then and let Vega know.";
    expect(dueOf(text, memo, /^Order/)).toBe('2026-12-04');
    expect(dueOf(text, memo, /^Tell Vega/)).toBeNull();
  });

  it('reads "on delivery" as the day the order is for', () => {
    const text =
      "Hi Tom,\n\nWe'll need a 60 ft boom at the mill starting Monday the 30th for about a month. Could you send me pricing? We'd also want someone to walk our guys through the controls on delivery.\n\nThanks,\nNora";
    expect(dueOf(text, email, /walk/i)).toBe('2026-11-30');
  });
});
