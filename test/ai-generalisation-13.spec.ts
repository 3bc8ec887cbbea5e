/**
 * Round thirteen of issue 26's "AI 2" (docs/ai.md, "Round thirteen"): the rules written from the round's train texts
 * (bench/ai/train-extra/acme-12.json) and from dev's comma-listed commands and "before delivery". The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks, TaskContext } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const days = (text: string) => dateMentions(text, monday).map((m) => m.day);
const memo: Partial<TaskContext> = { kind: 'voice_memo' };
const email: Partial<TaskContext> = { kind: 'email', contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const call: Partial<TaskContext> = { kind: 'call_transcript' };
const mail = (body: string) => `Hi Maria,\n\n${body}\n\nNora`;

it('reads the days the task’s words give to something else as no deadline, and its own as one', () => {
  const cases: Record<string, string[]> = {
    // Texting's "til" ends a period; after an action done once it is still "by".
    "resend the oct invoice, we're closed til Wednesday": [],
    'prepare the offer til Friday': ['2026-11-27'],
    // An event's new day, told or asked for (round twenty-one: the labels leave a requested move undated).
    'the Hill walkthrough got moved to Thursday, so call Greg': [],
    'our pour got pushed to Friday': [],
    'Greg wants the Friday pickup moved to Monday, update the board': [],
    'push the delivery to Friday': [],
    // A pour, a training: events; a thing taken to one is due on it.
    'call Hill about the pour on the 30th': [],
    'confirm the Quinn training on the 30th with their foreman': [],
    'take the vibrator to the Hill pour on Friday': ['2026-11-27'],
    // A document's date, a day told of no plan of the team's.
    'find the Quinn check dated the 1st and deposit it': [],
    "tell Hill we can't do the 30th": [],
    "let Greg know we're closed on the 26th": [],
    'remind Greg their payment is due on the 30th': [],
    'Tell Jake to have the trailer back Saturday': ['2026-11-28'],
    'I tell her I send the quote in two days': ['2026-11-25'],
    // "mon at 9": Monday's hour, not today's.
    'the walkthrough mon at 9': ['2026-11-30'],
  };
  expect(Object.fromEntries(Object.keys(cases).map((text) => [text, days(text)]))).toEqual(cases);
});

describe.each<[string, string, Partial<TaskContext>, (string | null)[]]>([
  [
    'a told day’s task does not take the date of the action after it',
    'Okay, let Hill know the new pump comes in Thursday, and load the hoses on the truck today.',
    memo,
    [null, '2026-11-23'],
  ],
  [
    'a period’s new end still shares the deadline of the action after it',
    "I'll extend both heaters through December 3rd and email the agreement by Friday.",
    memo,
    ['2026-11-27', '2026-11-27'],
  ],
  [
    'an action about a whole span does not take the date of the action after it',
    'Um, print the invoices from the 2nd through the 6th for Priya, and take the pump to the Hill pour on Friday.',
    memo,
    [null, '2026-11-27'],
  ],
  [
    'commands listed with a comma alone are clauses of their own',
    'Apologize to Greg, get the new blade out to the site today, and knock a day off the rental.',
    memo,
    [null, '2026-11-23', null],
  ],
  [
    'an absence said before a command is no deadline',
    "So I'm off Wednesday, um, get the Hill invoice out.",
    memo,
    [null],
  ],
  ['a time said before a command dates it', 'Jake, first thing Wednesday get the installer out.', memo, ['2026-11-25']],
  [
    '"ahead of that" is the day before the one said before',
    mail('Our fiscal year starts January 1, so please send the rate sheet ahead of that.'),
    email,
    ['2026-12-31'],
  ],
  [
    '"a week before the tender is due" counts from the tender’s day',
    'Hill tender due December 14. Maria to send Hill a price a week before the tender is due.',
    memo,
    ['2026-12-07'],
  ],
  [
    '"before delivery", the delivery given no day of its own, is the day the sentence before books (round fifteen)',
    mail('We are confirmed for the 12 heaters on December 4. Please make sure the heaters are fueled before delivery.'),
    email,
    ['2026-12-04'],
  ],
  [
    'an event the writer has, told with its hour, dates the getting ready',
    mail('We have our safety meeting Thursday at 7. Can you send me the data sheets for the saw?'),
    email,
    ['2026-11-26'],
  ],
  [
    'the team’s next line promising when dates a commitment on a call',
    [
      'Tom: Acme, Tom.',
      'Greg: Greg at Hill. The heater on Birch died overnight.',
      "Tom: I'll have Jake swap it.",
      'Greg: We pour Thursday, it has to run by then.',
      "Tom: He'll be there tomorrow morning.",
    ].join('\n'),
    call,
    ['2026-11-24'],
  ],
  [
    '"before is going out" is the day before a rental period’s first day',
    'Hill rental of boom is from 3 until 10 December. Please prepare the boom before is going out.',
    memo,
    ['2026-12-02'],
  ],
  [
    '"by the time they go out" is a rental period’s first day',
    "The mats are booked for Hill December 3rd to the 10th. Jake, make sure they're cleaned by the time they go out.",
    memo,
    ['2026-12-03'],
  ],
  [
    'a closing line that gives all of the list a deadline dates the tasks above it',
    'Shop meeting\n- Jake: sweep the wash bay\n- Maria: call Hill about the deposit\nAll of the above by Wednesday.',
    { kind: 'meeting_notes' },
    ['2026-11-25', '2026-11-25'],
  ],
  [
    'a closing "Deadline for both:" line is read whole',
    'Billing\n- Priya: send Quinn the statement\n- Maria: call Hill about the deposit\nDeadline for both: Thursday.',
    { kind: 'meeting_notes' },
    ['2026-11-26', '2026-11-26'],
  ],
  [
    '"get all that done by noon" is the list’s deadline, no task',
    'Call the county about the permit, email Hill the COI. Try to get all that done by noon.',
    memo,
    ['2026-11-23', '2026-11-23'],
  ],
  [
    'texting’s "by 7 mon" is Monday at 7',
    'Tom: jake load the trencher and the ramps for Hill\nTom: both need to be ready by 7 mon',
    { kind: 'sms' },
    ['2026-11-30'],
  ],
])('%s', (_rule, text, overrides, expected) => {
  it('gives the labelled due dates', () => {
    expect(extractTasks(text, taskContext(overrides)).map((t) => t.dueDate)).toEqual(expected);
  });
});

it('reads an SMS from one member to another, and the day a return waits for', () => {
  const text = 'Tom: jake the Hill skid steer is due back wed\nTom: when it comes in grease it and check the tracks';
  const tasks = extractTasks(text, taskContext({ kind: 'sms' }));
  expect(tasks.map((t) => [t.ownerId, t.dueDate])).toEqual([
    ['u-jake', '2026-11-25'],
    ['u-jake', '2026-11-25'],
  ]);
});
