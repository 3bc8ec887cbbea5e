/**
 * Round ten of issue 26's "AI 2" (docs/ai.md, "Round ten"): the due-date rules written from the round's train texts
 * (bench/ai/train-extra/acme-9.json). The texts here are written for this file: none of them is in the bench sets
 * or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dueDates = (text: string, overrides = {}) => tasks(text, overrides).map((t) => t.dueDate);
const days = (text: string) => dateMentions(text, monday).map((m) => m.day);
const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');

describe('a day inside what is told, asked or checked', () => {
  it('is that clause’s day, no deadline', () => {
    expect(days('tell her the heater will be there Friday')).toEqual([]);
    expect(days('ask Jake whether the roller is free Thursday')).toEqual([]);
    expect(days('let Priya know the Hill check clears Wednesday')).toEqual([]);
    expect(days('find out what time Ortiz wants the pump on Friday')).toEqual([]);
  });

  it('leaves a task undated when its only day is what it tells', () => {
    expect(dueDates('Remind Maria that Ortiz is paying on the 30th.')).toEqual([null]);
    expect(dueDates('Check whether Hill still wants the mixer Friday.')).toEqual([null]);
    // An infinitive, a state to bring about, the next action and the team's own plan stay dated.
    expect(days('tell Jake to have the roller back Thursday')).toEqual(['2026-11-26']);
    expect(days('make sure the heater is there Friday')).toEqual(['2026-11-27']);
    expect(days('check if we have one free and call him back Friday')).toEqual(['2026-11-27']);
    expect(days('I tell him I send the quote Friday')).toEqual(['2026-11-27']);
  });
});

describe('a day given by the sentence before', () => {
  it('dates the getting ready for an event it announces', () => {
    expect(dueDates('The slab pour at Hill is Friday. Get the pump truck out there.')).toEqual(['2026-11-27']);
    expect(dueDates('Hi Tom,\n\nOur open house is Saturday. Could you drop off the light tower?\n\nNora')).toEqual([
      '2026-11-28',
    ]);
    // Not an absence, a need, a past day or a remark about tomorrow.
    expect(dueDates('Maria is off Friday. Call Hill about the invoice.')).toEqual([null]);
    expect(dueDates('They need two heaters Friday. Reserve them.')).toEqual([null]);
    expect(dueDates('Ortiz dropped the mixer back on Friday. Check the mixer for damage.')).toEqual([null]);
    expect(dueDates('It turns cold tomorrow. Check the heaters.')).toEqual([null]);
  });

  it('dates a task that waits for a return said before ("once it’s back", "when its in")', () => {
    expect(tasks('Ortiz returns the trencher Wednesday. Jake, clean it once it’s back.')).toEqual([
      expect.objectContaining({ ownerId: 'u-jake', dueDate: '2026-11-25' }),
    ]);
    const sms = { kind: 'sms' as const, contactName: 'Greg Hill', companyName: 'Hill Paving' };
    expect(
      dueDates('greg from hill. dropping off the concrete saw tmrw. can u sharpen the blade when its in', sms),
    ).toEqual(['2026-11-24']);
  });
});

describe('a rental period in the task’s own clause', () => {
  it('dates taking the unit out on its first day', () => {
    expect(dueDates('Drop the light tower at Hill for their rental starting Wednesday.')).toEqual(['2026-11-25']);
    expect(dueDates('Switch Hill Paving to the weekly rate starting the 1st.')).toEqual(['2026-12-01']);
  });

  it('dates bringing the unit back on its last day', () => {
    expect(dueDates('Collect the trencher from Ortiz when their rental ends Friday.')).toEqual(['2026-11-27']);
    expect(dueDates('Please pick up the heaters at Hill, the rental is until Thursday.')).toEqual(['2026-11-26']);
  });

  it('leaves booking or pricing for the period undated', () => {
    expect(dueDates('Book the 60ft boom for Hill from the 1st to the 8th.')).toEqual([null]);
    expect(days('put a price together for Hill on two heaters for Saturday')).toEqual([]);
    expect(days('book the boom for Saturday')).toEqual(['2026-11-28']);
  });

  it('reads a time of day said right after the period’s day as that day’s', () => {
    expect(dueDates('Please have the boom delivered to Hill from the 1st, first thing.')).toEqual(['2026-12-01']);
  });
});

describe('other due-date causes of the round', () => {
  it('reads the weekday a note’s heading was written on as that day, not next week’s deadline', () => {
    const notes =
      'Yard huddle - Monday\n- Ortiz job runs the 30th to the 4th\nAction items\n- Priya: send Ortiz the rental agreement';
    expect(dueDates(notes, { kind: 'meeting_notes' as const })).toEqual([null]);
  });

  it('reads "for this year" as a span, no time of today', () => {
    expect(days('pull the Ortiz invoices for this year')).toEqual([]);
  });

  it('reads a third person’s need of the thing asked for in the sentence after as its date', () => {
    const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
    expect(
      dueDates('Hi Priya,\n\nCould you send the lien waiver? Our lender needs it Thursday.\n\nNora', email),
    ).toEqual(['2026-11-26']);
  });
});
