/**
 * The rules of issue 26's "AI 2" round (docs/ai.md, "Figures"): due dates given by context. The texts are written
 * for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dueDateOf } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dates = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.ownerId, t.dueDate]);

it('dates the items under a subject line or a list heading that names a day', () => {
  const mail =
    "Subject: Thursday install\n\nHi Jake,\n\nPlease pack the anchor kit and text the GC when you're on the way.\n\nTom";
  expect(dates(mail, { kind: 'email' })).toEqual([
    ['u-jake', '2026-11-26'],
    ['u-jake', '2026-11-26'],
  ]);
  expect(dates('Before Friday:\n- wash the skid steers\n- Maria: file the permits', { kind: 'note' })).toEqual([
    ['u-tom', '2026-11-26'],
    ['u-maria', '2026-11-26'],
  ]);
});

it('reads "that morning", "then" and "the same day" as the day said before', () => {
  const call =
    'Greg: Our crane comes Wednesday.\nMaria: Okay.\nGreg: Can you get the mats there that morning?\nMaria: Sure.';
  expect(dates(call, { kind: 'call_transcript', contactName: 'Greg Hill' }).map(([, due]) => due)).toEqual([
    '2026-11-25',
  ]);
  expect(dates('The pour moved to Friday. Maria, move the pump booking to that morning.')).toEqual([['u-maria', null]]);
});

it('gives a second object after a comma its own date and task', () => {
  expect(dates('Priya, send the lien waiver today, and the final invoice next week.')).toEqual([
    ['u-priya', '2026-11-23'],
    ['u-priya', '2026-11-30'],
  ]);
});

it('dates by an event said earlier: a departure, a rental that ends, a check and what it finds', () => {
  expect(
    dates('The generator goes out Friday. Before it leaves, please change the oil and check the coolant.'),
  ).toEqual([
    ['u-tom', '2026-11-26'],
    ['u-tom', '2026-11-26'],
  ]);
  expect(dates('Dunn is finished with the trencher Wednesday. Jake, book the pickup.')).toEqual([
    ['u-jake', '2026-11-25'],
  ]);
  expect(dates("Jake, look at the lift on Tuesday. If it's the battery, replace it.")).toEqual([
    ['u-jake', '2026-11-24'],
    ['u-jake', '2026-11-24'],
  ]);
});

// Written on Friday 2026-11-20, 09:00 in Chicago.
it.each([
  ['by Wednesday at 9.', '2026-11-25'],
  ['before 10 tomorrow', '2026-11-21'],
  ['before Monday', '2026-11-22'],
  ['the next business day', '2026-11-23'],
  ['by week end', '2026-11-20'],
  ['by Thanksgiving', '2026-11-26'],
  ['before Thanksgiving', '2026-11-25'],
])('%s -> %s', (phrase, expected) => {
  expect(dueDateOf(`send it ${phrase}`, localMoment('2026-11-20T15:00:00Z', 'America/Chicago'))?.day ?? null).toBe(
    expected,
  );
});

it('reads a member named in lower case before a bare verb, and a step after "Before that,"', () => {
  expect(dates('jake grab the pump back from Elm St tmrw', { kind: 'sms' })).toEqual([['u-jake', '2026-11-24']]);
  expect(dates('maria when u get a chance swap the blade on the saw', { kind: 'sms' })).toEqual([['u-maria', null]]);
  expect(dates('Wednesday: Ortiz handover. Before that, Priya to settle the fuel charges.')).toEqual([
    ['u-priya', '2026-11-24'],
  ]);
});

it('reads "have the X at the site" and "have the X out there" as delivering it', () => {
  const mail = 'Hi Maria,\n\nCould you have the light tower at the Elm Street site by Wednesday?\n\nGreg';
  expect(tasks(mail, { kind: 'email', contactName: 'Greg Hill' }).map((t) => [t.title, t.dueDate])).toEqual([
    ['Deliver light tower to Elm Street site', '2026-11-25'],
  ]);
});
