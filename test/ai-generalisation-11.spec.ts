/**
 * Round eleven of issue 26's "AI 2" (docs/ai.md, "Round eleven"): the due-date rules written from the round's train
 * texts (bench/ai/train-extra/acme-10.json). The texts here are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const dueDates = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides)).map((t) => t.dueDate);
const days = (text: string) => dateMentions(text, monday).map((m) => m.day);
const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const memo = { kind: 'voice_memo' as const };

describe('a weekday that names which thing is meant', () => {
  it('is that thing’s day, no deadline ("the Wednesday pickup", "Thursday’s slab")', () => {
    expect(days('call Hill about the Wednesday pickup, the gate code changed')).toEqual([]);
    expect(days('email Greg the photos of Thursday’s slab'.replace('’', "'"))).toEqual([]);
    expect(dueDates('Okay, the Tuesday crew at Birch St, um, send them the site map.', memo)).toEqual([null]);
    expect(days("credit Hill for today's standby")).toEqual([]);
  });

  it('stays a deadline after "before" and as a day of its own', () => {
    expect(days("load the saw before Thursday's pour")).toEqual(['2026-11-25']);
    expect(dueDates('Uh, grab the heater from Hill Wednesday.', memo)).toEqual(['2026-11-25']);
  });
});

describe('a day told as the past', () => {
  it('reads a day of the month told with a simple past as the day it happened', () => {
    expect(dueDates('Ortiz paid the October invoice on the 2nd, so send them the November one.', memo)).toEqual([null]);
    expect(days('the rental started the 16th')).toEqual([]);
    // A day of the month with no past stays the deadline.
    expect(dueDates('Send Ortiz the November invoice on the 2nd.')).toEqual(['2026-12-02']);
  });

  it('reads a weekday after a past whose subject is a relative word or a name as the day it happened', () => {
    expect(days('check the saw that came back Friday')).toEqual([]);
    expect(dueDates('Um, the check Hill mailed Tuesday never showed, call their office.', memo)).toEqual([null]);
  });

  it('reads a weekday right after a verb of saying, before what was said, as the day it was said', () => {
    expect(days('Greg said on Tuesday that the pump was loud')).toEqual([]);
    expect(dueDates('Nora called Wednesday asking about a heater, quote her one.', memo)).toEqual([null]);
    // The thing asked for between the verb and the day: the day asked for.
    expect(days('Nora asked for the heater Wednesday')).toEqual(['2026-11-25']);
  });
});

describe('other days that are no deadlines', () => {
  it('reads "about a second" (boom) as no time', () => {
    expect(days('Greg rang asking about a second boom')).toEqual([]);
  });

  it('reads "now" ending a statement of how things are as "these days"', () => {
    expect(dueDates("Call the landfill, they're open Sundays now, and ask about the fees.", memo)).toEqual([null]);
    expect(dueDates('Call Greg now about the leak.', memo)).toEqual(['2026-11-23']);
  });

  it('reads a weekday ending what someone else does after the task as theirs', () => {
    expect(dueDates("Send Hill the delivery ticket for the boom they're taking Wednesday.", memo)).toEqual([null]);
    // Their want of it, or a step the task has to come before, stays the task's.
    expect(dueDates('Email Greg the quote, he wants it Wednesday.', memo)).toEqual(['2026-11-25']);
    expect(days('check the boom before they take it Wednesday')).toEqual(['2026-11-24']);
  });

  it('reads an end announced in the sentence before as no event to get ready for', () => {
    expect(dueDates('The Hill job wraps up Friday. Send them the final invoice.', memo)).toEqual([null]);
  });
});

describe('days said elsewhere', () => {
  it('dates a request by the need of it said on a line of its own after it', () => {
    const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
    expect(
      dueDates('Hi Maria,\n\nCould you send us the insurance certificate?\n\nWe need it by Friday,\nNora Quinn', email),
    ).toEqual(['2026-11-27']);
  });

  it('reads urgent work with no day as today’s', () => {
    const notes = { kind: 'meeting_notes' as const };
    expect(dueDates('Yard huddle\nTODO\n- call the tire shop, urgent, we cannot move the loader', notes)).toEqual([
      '2026-11-23',
    ]);
    // With no urgency word it stays undated.
    expect(dueDates('Call the tire shop about the loader when you get a chance.', memo)).toEqual([null]);
  });
});
