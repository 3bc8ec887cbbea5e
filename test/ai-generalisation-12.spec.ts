/**
 * Round twelve of issue 26's "AI 2" (docs/ai.md, "Round twelve"): the due-date rules written from the round's train
 * texts (bench/ai/train-extra/acme-11.json). The texts here are written for this file: none of them is in the bench
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
const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };

describe('a day the task’s own words give to something else', () => {
  it('reads a condition’s day as no deadline, but not a polite "if you could"', () => {
    const memoTask = dueDates('Um, if it rains Wednesday, call Hill and push the delivery.', memo);
    const [snow, polite] = ['if it snows Thursday, call Greg', 'if you could send it Wednesday'].map(days);
    expect({ memoTask, snow, polite }).toEqual({ memoTask: [null], snow: [], polite: ['2026-11-25'] });
  });

  it('reads a recurring day and a day talked about as no deadline', () => {
    const undated = [
      'every Thursday sweep the shop',
      'talk to Nora about Wednesday',
      "Wednesday's no good for Greg, so ask him about Friday",
    ];
    expect(undated.flatMap(days)).toEqual([]);
    // A day of its own, and a day said to be the deadline, stay dated.
    expect(['sweep the shop Thursday', "Friday's the deadline, send the quote"].map(days)).toEqual([
      ['2026-11-26'],
      ['2026-11-27'],
    ]);
  });

  it('reads an absence in the task’s clause as no deadline, unless the task takes its day up', () => {
    expect(days("I'm off Wednesday, um, get the Hill invoice out")).toEqual([]);
    expect(dueDates("Greg's out Thursday, um, take the Hill delivery that day.", memo)).toEqual(['2026-11-26']);
  });

  it('gives a day opening the next action to that action', () => {
    expect(days('send Hill the credit memo, and Friday swing by the Birch St job')).toEqual([]);
    expect(days('send Hill the credit memo, and Friday at the latest')).toEqual(['2026-11-27']);
  });

  it('reads a call "from" a day as naming whom to call, not a period’s start', () => {
    expect(dueDates('Uh, call back the lady from Wednesday about the heater.', memo)).toEqual([null]);
    expect(dueDates('Switch Hill to the monthly rate starting Tuesday.', memo)).toEqual(['2026-11-24']);
  });
});

describe('a day said elsewhere in the text', () => {
  it('dates a request by a postscript’s need of it', () => {
    const text =
      'Hi Priya,\n\nCould you send the signed lien waiver?\n\nThanks,\nNora\n\nP.S. Our lender needs it by the 30th.';
    expect(dueDates(text, email)).toEqual(['2026-11-30']);
    // A postscript with no need of the thing dates nothing.
    const other = 'Hi Priya,\n\nCould you send the signed lien waiver?\n\nThanks,\nNora\n\nP.S. We close on the 30th.';
    expect(dueDates(other, email)).toEqual([null]);
  });

  it('dates "before I go" the day before an absence said before', () => {
    const text =
      "Hi Priya,\n\nI'm away Thursday through Monday. Could you send the deposit receipt before I leave?\n\nNora";
    expect(dueDates(text, email)).toEqual(['2026-11-25']);
  });

  it('reads a part of the day under a heading dated the day it was written as that day', () => {
    const notes = { kind: 'meeting_notes' as const };
    const items = '- 6 deliveries today\n- Jake: call the afternoon customers about the delay';
    expect(dueDates(`Yard huddle 11/23\n${items}`, notes)).toEqual(['2026-11-23']);
    // Under an undated heading it stays undated.
    expect(dueDates(`Yard huddle\n${items}`, notes)).toEqual([null]);
  });

  it('reads an SMS thread’s earlier message from the same sender as the sentence before', () => {
    const sms = { kind: 'sms' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
    expect(
      dueDates('Nora: crew starts at the Birch St site thurs\nNora: can u move the light tower over there', sms),
    ).toEqual(['2026-11-26']);
  });
});
