/**
 * The rules added for issue 26 part 3 (docs/ai.md, "Figures"), on texts written for this file: none of them is in
 * the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dueDateOf } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const due = (phrase: string) => dueDateOf(phrase, monday)?.day ?? null;
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dated = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.title, t.dueDate]);

it.each([
  ['sometime this month', '2026-11-30'],
  ['anytime in the next month', '2026-12-23'],
  ['early next month', '2026-12-01'],
  ['by the first of next month', '2026-12-01'],
  ['by the end of the quarter', '2026-12-31'],
  ['in the first week of January', '2027-01-01'],
  ['mid next week', '2026-12-02'],
  ['by mid-month', '2026-12-15'],
  ["by month's end", '2026-11-30'],
  ['Friday first thing', '2026-11-27'],
  ['he will be there by eleven', '2026-11-23'],
  ['before the crew arrives tomorrow morning', '2026-11-23'],
  ['the week after next', '2026-12-07'],
  ['this time next week', '2026-11-30'],
  ['a week from today', '2026-11-30'],
  ['before lunch', '2026-11-23'],
  // Since round fifteen: booking an event for a day is due that day, as "book the vac truck for Friday" is.
  ['schedule the delivery for the 3rd', '2026-12-03'],
])('%s -> %s', (phrase, expected) => {
  expect(due(phrase)).toBe(expected);
});

it.each(['not now', 'check the hour reading', 'the holiday party on the 12th'])('no due date in "%s"', (phrase) => {
  expect(due(phrase)).toBeNull();
});

it('gives a day or a period said after the last of two actions to both (the conventions since round seven)', () => {
  expect(dated('Please hold the two light towers and send the Ortega quote by the end of the month.')).toEqual([
    ['Hold two light towers', '2026-11-30'],
    ['Send Ortega quote', '2026-11-30'],
  ]);
  expect(dated('Please update the contract and email the Ortega invoice tomorrow.')).toEqual([
    ['Update contract for Ortega', '2026-11-24'],
    ['Email Ortega invoice', '2026-11-24'],
  ]);
});

it('dates a task by the event it waits for', () => {
  expect(dated('The pallet forks are coming back Thursday. Jake, inspect the forks when they come in.')).toEqual([
    ['Inspect forks', '2026-11-26'],
  ]);
  expect(dated('Maria, fix the trencher chain once the part arrives. The part should be here Wednesday.')).toEqual([
    ['Fix trencher chain', '2026-11-25'],
  ]);
  expect(
    dated('The demo period ends Friday. Priya gives feedback on the scheduling app before the demo ends.'),
  ).toEqual([['Give feedback on scheduling app', '2026-11-26']]);
});

it('reads the time a promise right after a commitment gives', () => {
  const out = tasks('Rep: Understood, I will send Jake with a new battery. He will be there by eleven.', {
    kind: 'call_transcript',
  });
  expect(out.map((t) => t.dueDate)).toEqual(['2026-11-23']);
});

it('takes the date of a short sentence that only says when, not of a plan of its own', () => {
  expect(dated('Could you price out a second heater? No rush, anytime in the next month is fine.')).toEqual([
    ['Price second heater', '2026-12-23'],
  ]);
  expect(dated('Can you set the spare cord aside? I will come by Friday.')).toEqual([['Set spare cord aside', null]]);
});

it('reads needs without a subject as requests, and short noun phrases as no command', () => {
  expect(tasks('dale ortega - need copy of the lease for our accountant by friday').map((t) => t.title)).toEqual([
    'Send copy of lease for accountant',
  ]);
  expect(tasks('Parts memo.\nTop priority.').map((t) => t.title)).toEqual([]);
});

it('takes the tasks of notes from their action items, not from the discussion above', () => {
  const notes = [
    'Sales sync',
    '- We keep the winter rates but add a weekend special',
    '- Lesson: call customers two days ahead',
    '- Maria and Jake each need to finish the forklift refresher by Friday',
    'Action items: Tom writes the flyer; Priya and Jake update the price list by Wednesday.',
  ].join('\n');
  expect(tasks(notes).map((t) => [t.title, t.ownerId, t.dueDate])).toEqual([
    ['Finish forklift refresher', 'u-maria', '2026-11-27'],
    ['Finish forklift refresher', 'u-jake', '2026-11-27'],
    ['Write flyer', 'u-tom', null],
    ['Update price list', 'u-priya', '2026-11-25'],
  ]);
});

it('makes a request and the commitment a few lines on one task in a call', () => {
  const call = [
    'Nina: Tom, can you quote two scaffold towers for December?',
    'Tom: Sure, for the whole month?',
    'Nina: December 1 to 19.',
    "Tom: Okay, I'll send it over tomorrow.",
  ].join('\n');
  const out = tasks(call, { kind: 'call_transcript', contactName: 'Nina Park' });
  expect(out).toHaveLength(1);
  expect(out[0]).toMatchObject({ ownerId: 'u-tom', dueDate: '2026-11-24' });
});

it('reads requests and commands in other words', () => {
  expect(tasks('Are you able to give us a price for a telehandler for three months?').map((t) => t.title)).toEqual([
    'Give price for telehandler for three months',
  ]);
  expect(tasks('Any update on the generator quote?').map((t) => t.title)).toEqual(['Send generator quote']);
  expect(
    tasks('Jake, please clear the bay by the wash rack so the crew doesn’t trip until it is cleaned.'),
  ).toHaveLength(1);
});

it('turns a request to the member named after "Please" without a comma, and reads no task in a signature line', () => {
  expect(tasks('Please Maria swap the forks on the yard forklift.').map((t) => [t.title, t.ownerId])).toEqual([
    ['Swap forks on yard forklift', 'u-maria'],
  ]);
  const mail = 'Hi Tom,\n\nCould you send the updated rate sheet?\n\nBest,\nLena Ortiz\nSite Manager | Ortiz Builders';
  expect(tasks(mail).map((t) => t.title)).toEqual(['Send updated rate sheet']);
});

it('makes no task of a request done while talking', () => {
  const call = [
    'Omar: Hi, our site phone number changed. Can you change it on our account?',
    "Tom: Sure, what's the new one?",
    'Omar: 555-0188.',
    'Tom: Done. You will see it on the next invoice.',
  ].join('\n');
  expect(tasks(call, { kind: 'call_transcript' })).toEqual([]);
});

it('gives a commitment to check with no object the thing spoken of before, past a remark about it', () => {
  const note = 'The generator G-7 has a loose fuel cap. Not a big deal. I will check when I have time tomorrow.';
  expect(dated(note)).toEqual([['Check generator G-7', '2026-11-24']]);
  expect(dated('The generator G-7 has a loose fuel cap. Check.')).toEqual([]);
});
