/**
 * Round thirteen of issue 26's "AI 2" (docs/ai.md, "Round thirteen"): the rules written from the round's train texts
 * (bench/ai/train-extra/acme-12.json) and from dev's comma-listed commands. The texts here are written for this file:
 * none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasksOf = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dueDates = (text: string, overrides = {}) => tasksOf(text, overrides).map((t) => t.dueDate);
const days = (text: string) => dateMentions(text, monday).map((m) => m.day);
const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const memo = { kind: 'voice_memo' as const };
const sms = { kind: 'sms' as const };
const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };

describe('a day beside the task that belongs to something else', () => {
  it('reads texting’s "til" as a period’s end, but "prepare ... til Friday" as "by"', () => {
    expect(days("resend the oct invoice, we're closed til Wednesday")).toEqual([]);
    expect(days('prepare the offer til Friday')).toEqual(['2026-11-27']);
  });

  it('reads an event’s new day, told, as no deadline; asking to move it still dates it', () => {
    const moved = [
      'the Hill walkthrough got moved to Thursday, so call Greg',
      'our pour got pushed to Friday',
      'Greg wants the Friday pickup moved to Monday, update the board',
    ];
    expect(moved.flatMap(days)).toEqual([]);
    expect(days('push the delivery to Friday')).toEqual(['2026-11-27']);
  });

  it('does not give a told or an event’s day’s task the date of the action after it', () => {
    const text = 'Okay, let Hill know the new pump comes in Thursday, and load the hoses on the truck today.';
    expect(dueDates(text, memo)).toEqual([null, '2026-11-23']);
    // A period's end in the first action still shares the deadline of the second.
    const extend = "I'll extend both heaters through December 3rd and email the agreement by Friday.";
    expect(dueDates(extend, memo)).toEqual(['2026-11-27', '2026-11-27']);
  });

  it('parts commands listed with a comma alone, so a day in one is not another’s', () => {
    const text = 'Apologize to Greg, get the new blade out to the site today, and knock a day off the rental.';
    expect(dueDates(text, memo)).toEqual([null, '2026-11-23', null]);
  });

  it('reads an absence said before a command as no deadline; a time said so still dates it', () => {
    expect(dueDates("So I'm off Wednesday, um, get the Hill invoice out.", memo)).toEqual([null]);
    expect(dueDates('Jake, first thing Wednesday get the installer out.', memo)).toEqual(['2026-11-25']);
  });

  it('reads a pour, a walkthrough, a training, an audit as events, but a thing taken to one is due on it', () => {
    expect(dueDates('Um, call Hill about the pour on the 30th.', memo)).toEqual([null]);
    expect(days('confirm the Quinn training on the 30th with their foreman')).toEqual([]);
    expect(dueDates('Take the vibrator to the Hill pour on Friday.', memo)).toEqual(['2026-11-27']);
  });

  it('reads a document’s date and a day told of no plan as no deadline', () => {
    const undated = [
      'find the Quinn check dated the 1st and deposit it',
      "tell Hill we can't do the 30th",
      "let Greg know we're closed on the 26th",
      'remind Greg their payment is due on the 30th',
    ];
    expect(undated.flatMap(days)).toEqual([]);
    expect(
      ['Tell Jake to have the trailer back Saturday', 'I tell her I send the quote in two days'].map(days),
    ).toEqual([['2026-11-28'], ['2026-11-25']]);
  });

  it('does not give an action about a whole span the date of the action after it', () => {
    const text =
      'Um, print the invoices from the 2nd through the 6th for Priya, and take the pump to the Hill pour on Friday.';
    expect(dueDates(text, memo)).toEqual([null, '2026-11-27']);
  });

  it('reads "mon at 9" as Monday’s hour, not today’s', () => {
    expect(days('the walkthrough mon at 9')).toEqual(['2026-11-30']);
  });
});

describe('a deadline said in a neighbouring line', () => {
  it('counts "ahead of that" and "a week before the tender is due" from the day said before', () => {
    const fiscal =
      'Hi Priya,\n\nOur fiscal year starts January 1, so please send the rate sheet ahead of that.\n\nNora';
    expect(dueDates(fiscal, email)).toEqual(['2026-12-31']);
    const tender = 'Hill tender due December 14. Maria to send Hill a price a week before the tender is due.';
    expect(dueDates(tender, memo)).toEqual(['2026-12-07']);
  });

  it('dates "before delivery" by the day the sentence before books', () => {
    const text =
      'Hi Maria,\n\nWe are confirmed for the 12 heaters on December 4. Please make sure the heaters are fueled before delivery.\n\nNora';
    expect(dueDates(text, email)).toEqual(['2026-12-03']);
  });

  it('dates getting ready for an event the writer has, told with its hour', () => {
    const text =
      'Hi Maria,\n\nWe have our safety meeting Thursday at 7. Can you send me the data sheets for the saw?\n\nNora';
    expect(dueDates(text, email)).toEqual(['2026-11-26']);
  });

  it('dates a commitment on a call by the team’s next line promising when', () => {
    const call = [
      'Tom: Acme, Tom.',
      'Greg: Greg at Hill. The heater on Birch died overnight.',
      "Tom: I'll have Jake swap it.",
      'Greg: We pour Thursday, it has to run by then.',
      "Tom: He'll be there tomorrow morning.",
    ].join('\n');
    expect(dueDates(call, { kind: 'call_transcript' as const })).toEqual(['2026-11-24']);
  });

  it('counts "before it goes out" and "by the time they go out" from a rental period’s first day', () => {
    const before = 'Hill rental of boom is from 3 until 10 December. Please prepare the boom before is going out.';
    expect(dueDates(before, memo)).toEqual(['2026-12-02']);
    const byTime =
      "The mats are booked for Hill December 3rd to the 10th. Jake, make sure they're cleaned by the time they go out.";
    expect(dueDates(byTime, memo)).toEqual(['2026-12-03']);
  });

  it('reads an SMS from one member to another, and the day a return waits for', () => {
    const text = 'Tom: jake the Hill skid steer is due back wed\nTom: when it comes in grease it and check the tracks';
    const tasks = tasksOf(text, sms);
    expect(tasks.map((t) => [t.ownerId, t.dueDate])).toEqual([
      ['u-jake', '2026-11-25'],
      ['u-jake', '2026-11-25'],
    ]);
  });
});
