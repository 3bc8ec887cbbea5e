/**
 * Due dates in phrasings writers use that the corpus hardly says (docs/ai.md, "Due dates"): weekday and
 * misspelt shorthand, business days, days of the month in words, day.month dates, "until" as "by".
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { anchoredDueDate } from '../src/ai/local/anchored-due-date';
import { dueDateOf } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

/** Friday 2026-11-20, 10:00 in Chicago. */
const friday = localMoment('2026-11-20T16:00:00Z', 'America/Chicago');
const due = (phrase: string) => dueDateOf(phrase, friday)?.day ?? null;

it.each([
  ['swap the hose the day after tomorrow', '2026-11-22'],
  ['first thing after the weekend', '2026-11-23'],
  ['within 2 business days', '2026-11-24'],
  ['in three working days', '2026-11-25'],
  ['by the first', '2026-12-01'],
  ['on the twentieth', '2026-11-20'],
  ['by the first of the month', '2026-12-01'],
  ['a week Tuesday', '2026-12-01'],
  ['by the start of the week', '2026-11-23'],
  ['in the coming days', '2026-11-23'],
  ['by 3.12.', '2026-12-03'],
  ['before we close', '2026-11-20'],
  ['by end of shift', '2026-11-20'],
  ['by 5.', '2026-11-20'],
  ['by 1630', '2026-11-20'],
  ['by COB Tuesday', '2026-11-24'],
  ['prepare the offer until Wednesday', '2026-11-25'],
  ['hold both until Monday', '2026-11-23'],
])('%s -> %s', (phrase, expected) => {
  expect(due(phrase)).toBe(expected);
});

it.each(['keep the lift until Monday', 'the road is closed till Wednesday', 'the first one', 'by 2027'])(
  'no due date in "%s"',
  (phrase) => {
    expect(due(phrase)).toBeNull();
  },
);

it('spells out texting shorthand before reading dates ("tues", "tommorow", "tonite")', () => {
  const out = (text: string) => extractTasks(text, taskContext({ referenceInstant: '2026-11-20T16:00:00Z' }));
  expect(out('Jake please pick up the compactor from Dunn tommorow')[0]?.dueDate).toBe('2026-11-21');
  expect(out('Jake please swap the battery on the scissor lift by tues')[0]?.dueDate).toBe('2026-11-24');
  expect(out('Jake please drop the heater at the school tonite')[0]?.dueDate).toBe('2026-11-20');
});

it('takes "the day before" from the date of an earlier sentence', () => {
  const earlier = ['The crane arrives on the 27th.'];
  expect(anchoredDueDate('walk the site the day before.', earlier, friday)?.day).toBe('2026-11-26');
});

it('gives the actions after a date said first that date ("tomorrow I\'m gonna swing by and check the burner")', () => {
  const out = extractTasks(
    "The heater at the school smells of diesel, so tomorrow I'm gonna swing by, and check the burner.",
    taskContext(),
  );
  expect(out.length).toBeGreaterThan(0);
  expect(out.every((t) => t.dueDate === '2026-11-24')).toBe(true);
});

it('reads "before it goes out at nine" as today', () => {
  const out = extractTasks('Jake, the dump truck needs fuel before it goes out at nine.', taskContext());
  expect(out).toEqual([
    expect.objectContaining({ ownerId: 'u-jake', dueDate: '2026-11-23', title: 'Fuel dump truck' }),
  ]);
});
