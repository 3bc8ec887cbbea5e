/**
 * Round fifteen of issue 26's "AI 2" (docs/ai.md, "Round fifteen"): the extractor follows the second labeller's pass
 * where the conventions are explicit, and the readings written down where two conventions pointed two ways ("before
 * the delivery", "before it goes out"). The texts here are written for this file: none of them is in the bench sets
 * or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const dueDates = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides)).map((t) => t.dueDate);
const memo = { kind: 'voice_memo' as const };
const notes = { kind: 'meeting_notes' as const };
const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const call = { kind: 'call_transcript' as const, contactName: 'Nora', companyName: 'Quinn Homes' };

describe('"before" a day the text gave', () => {
  it('reads "before delivery" with no delivery day of its own as the booked day, a dated delivery as its eve', () => {
    const booked =
      'Hi Tom,\n\nWe are booked for the 6 heaters on December 3. Please make sure the heaters are fueled before delivery.\n\nNora';
    expect(dueDates(booked, email)).toEqual(['2026-12-03']);
    const dated =
      'Hi Tom,\n\nThe heater delivery is Thursday at 7am. Please make sure the heaters are fueled before the delivery.\n\nNora';
    expect(dueDates(dated, email)).toEqual(['2026-11-25']);
  });

  it('reads "before it goes out" after a sending due in a span as the span’s date, after a named day as its eve', () => {
    const span =
      'Hill rate review\nAction items: Maria sends the rate sheet in the next couple of weeks; Tom checks the margins before it goes out.';
    expect(dueDates(span, notes)).toEqual(['2026-12-07', '2026-12-07']);
    const named =
      'Hill rate review\nAction items: Maria sends the rate sheet by the 30th; Tom checks the margins before it goes out.';
    expect(dueDates(named, notes)).toEqual(['2026-11-30', '2026-11-29']);
  });

  it('dates a need said after a request by the eve of the event an earlier line gives', () => {
    const text =
      "Tom: Acme Rentals, Tom.\nNora: Our audit's Friday and they want the lift certificate.\nTom: I'll email you the certificate.\nNora: Great, I'll need it before the auditor gets there.";
    expect(dueDates(text, call)).toEqual(['2026-11-26']);
  });
});

describe('a day the action is booked for, or said before', () => {
  it.each([
    [
      'schedules an event for a single day',
      'Jake will schedule the pickup for the 4th of December.',
      memo,
      ['2026-12-04'],
    ],
    ['books for a week: no date', 'Jake books the crane inspections for the week after next.', memo, [null]],
    [
      'reads "on the spot" as the day said before',
      "Nora: The heater keeps tripping.\nTom: Bring it by the yard Wednesday and we'll swap it on the spot.",
      call,
      ['2026-11-25'],
    ],
    [
      'gets ready for an announced event though another action of the sentence has its own day',
      'Crew meeting tomorrow at eight. Print the agendas tonight and make sure the donuts are ordered.',
      memo,
      ['2026-11-23', '2026-11-24'],
    ],
    [
      'shares a deadline after two actions though an event’s day is said before them as their topic',
      'Hi Tom,\n\nFor the open house on the 10th, can you book the tent and confirm the chairs by Friday?\n\nNora',
      email,
      ['2026-11-27', '2026-11-27'],
    ],
    [
      'shares the writer’s own last deadline with the command before it',
      'Hill wants to buy our old trencher. Pull its rental history, and I’ll put an offer together by Friday.',
      memo,
      ['2026-11-27', '2026-11-27'],
    ],
  ])('%s', (_rule, text, overrides, expected) => {
    expect(dueDates(text, overrides)).toEqual(expected);
  });
});
