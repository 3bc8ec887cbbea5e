/**
 * The due-date attachment policy of issue 26's "AI 2" (docs/ai.md, "Due dates", "Attachment policy"): where a task
 * finds its date when its own action names none. The texts are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { extraDateSource, missedDateSource } from '../bench/ai/date-sources';
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const dates = (text: string, overrides = {}) =>
  extractTasks(text, taskContext(overrides)).map((t) => [t.ownerId, t.dueDate]);
const sms = { kind: 'sms' as const, contactName: 'Greg Hill' };

it('dates a task by its own clause when its action is read in other words', () => {
  // A breakdown asks for a fix ("fix the excavator"): the day its clause says the crew is there is the fix's.
  expect(dates('excavator at oak st wont start, crew there tmrw 6a', sms)).toEqual([['u-tom', '2026-11-24']]);
  // A date after "and" is a second thing's (the swap asked for, round sixteen), not the first request's.
  expect(dates('I expect a credit for the lost day and a different unit on Wednesday.')).toEqual([
    ['u-tom', null],
    ['u-tom', '2026-11-25'],
  ]);
});

it('gives a deadline in a clause of the sentence that holds no task to the sentence’s task', () => {
  expect(dates('Jake updates the load chart; due: Friday.')).toEqual([['u-jake', '2026-11-27']]);
  expect(dates('Priya sends the statements to Kessler; deadline: the 30th.')).toEqual([['u-priya', '2026-11-30']]);
  // A bare day there is no deadline: a rental's end, an absence.
  expect(dates("Jake updates the load chart; Kessler's rental ends Friday.")).toEqual([['u-jake', null]]);
});

it('reads a line that only names a day as the heading of the list under it', () => {
  expect(dates('Tomorrow\n- grease the boom on unit 7\n- call Kessler about the invoice')).toEqual([
    ['u-tom', '2026-11-24'],
    ['u-tom', '2026-11-24'],
  ]);
  expect(dates('By Thursday\n- Jake: load the Harmon order\n- Maria: send the Dunn statement')).toEqual([
    ['u-jake', '2026-11-26'],
    ['u-maria', '2026-11-26'],
  ]);
  // A title line that names no day dates nothing.
  expect(dates('Yard list\n- grease the boom on unit 7')).toEqual([['u-tom', null]]);
});

it('dates getting ready for an arrival or a start the sentence before announces by its day', () => {
  expect(
    dates('The Harmon crew comes to the yard Thursday to see the scissor lifts. Jake, please prepare two of them.'),
  ).toEqual([['u-jake', '2026-11-26']]);
  expect(dates('The new driver, Ben, starts Wednesday. Maria, set up his fuel card.')).toEqual([
    ['u-maria', '2026-11-25'],
  ]);
  expect(dates('Kessler starts the pour on the 30th. Jake, get the vibrator out there.')).toEqual([
    ['u-jake', '2026-11-30'],
  ]);
  // A customer's want of a day is the rental's, and a past visit dates nothing.
  expect(dates('Dunn wants two trowels Thursday. Jake, reserve them.')).toEqual([['u-jake', null]]);
  expect(dates('The inspector came yesterday. Jake, set up the follow-up visit.')).toEqual([['u-jake', null]]);
});

it('reads "the delivery on Monday" as the delivery’s day, no deadline, when chrono reads "on Monday" as the date', () => {
  expect(dates('Jake, please arrange the delivery on Monday and send the invoice.')).toEqual([
    ['u-jake', null],
    ['u-jake', null],
  ]);
  expect(dates('Jake, please arrange the delivery by Monday.')).toEqual([['u-jake', '2026-11-30']]);
  // Doing the event's work itself is due that day.
  expect(dates('Jake, do the forklift inspections on Friday.')).toEqual([['u-jake', '2026-11-27']]);
});

it('in a call, a request takes the date of the team’s answer up to three lines on', () => {
  const call =
    'Greg: Maria, can you send me the insurance certificate for the boom lift?\nMaria: Which job is it for?\n' +
    'Greg: The Elm St one.\nMaria: Got it, by tomorrow.';
  expect(dates(call, { kind: 'call_transcript', contactName: 'Greg Hill' })).toEqual([['u-maria', '2026-11-24']]);
});

it('the bench says where the date of a task predicted undated stood, and where an extra date came from', () => {
  const where = (text: string, labelled: string) => {
    const [task] = extractTasks(text, taskContext());
    return missedDateSource(text, taskContext(), { ...task, dueDate: null }, labelled);
  };
  expect(where('Please call Kessler about the invoice on Friday.', '2026-11-27')).toEqual({
    source: 'clause: a due date',
    labelledDay: true,
  });
  expect(where('The inspector comes Thursday. Please wash the loaders.', '2026-11-26')).toEqual({
    source: 'before: a due date',
    labelledDay: true,
  });
  expect(where('Please wash the loaders.', '2026-11-26').source).toBe('no date expression');
  const [dated] = extractTasks('Please call Kessler by Friday.', taskContext());
  expect(extraDateSource(dated)).toBe('deadline in clause');
});
