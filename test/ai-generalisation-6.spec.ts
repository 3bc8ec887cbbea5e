/**
 * The rules of issue 26's "AI 2" round seven (docs/ai.md, "Figures"): texting between the yard, the desk and
 * customers, calls, and the rental desk's relative deadlines. The texts are written for this file: none of them is
 * in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dates = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.ownerId, t.dueDate]);
const sms = { kind: 'sms' as const };

it('reads "after lunch tmrw" as tomorrow, and texting’s "r", "w it", "thru" and "6a"', () => {
  expect(dates('jake pls move the light tower to the north lot after lunch tmrw', sms)).toEqual([
    ['u-jake', '2026-11-24'],
  ]);
  expect(tasks('jake pls move the light tower to the north lot after lunch tmrw', sms)[0].title).not.toMatch(/lunch/);
  expect(dates('need 3 more cones at the Oak st job tmrw 6a', sms)).toEqual([['u-tom', '2026-11-24']]);
});

it('reads a text opened by a member’s name in lower case, then no verb, as written to them', () => {
  expect(dates('jake trailer 3 lights r out. fix them b4 it goes out wed', sms)).toEqual([['u-jake', '2026-11-24']]);
  // "jake and maria both ..." and "tom here." stay as they were: two members, the author.
  expect(dates('tom here. need the fuel log updated by fri pls', sms)).toEqual([['u-tom', '2026-11-27']]);
});

it('reads a member turned to in lower case after a period', () => {
  expect(dates('the pump has to be back at the yard by thurs. maria can u grab it from oak st', sms)).toEqual([
    ['u-maria', '2026-11-26'],
  ]);
});

it('reads "ahead of the inspection" after "the inspector shows up Friday" as the day before', () => {
  expect(dates('The inspector shows up Friday. Jake, wash the loaders ahead of the inspection.')).toEqual([
    ['u-jake', '2026-11-26'],
  ]);
});

it('reads a house number as no hour', () => {
  expect(dates('pls grab the pump from 18 maple, we are done w it', { ...sms, contactName: 'Greg Hill' })).toEqual([
    ['u-tom', null],
  ]);
});

it('reads "can u have a compactor ready" and "can I get the mixer delivered" as asks of the team', () => {
  expect(dates('can u have a plate compactor ready for pickup fri 7a', { ...sms, contactName: 'Greg Hill' })).toEqual([
    ['u-tom', '2026-11-27'],
  ]);
  const call =
    'Greg: Hi Maria, can I get the mixer delivered Wednesday instead of Friday?\nMaria: Sure, we can do Wednesday.';
  expect(dates(call, { kind: 'call_transcript', contactName: 'Greg Hill' })).toEqual([['u-maria', '2026-11-25']]);
});

it('reads a customer’s want passed on to the member a text turns to as theirs', () => {
  expect(dates('maria the Oak St crew wants two more barricades by wed', sms)).toEqual([['u-maria', '2026-11-25']]);
});

it('reads "Tuesday first thing:" heading a line and a member in brackets at an item’s end', () => {
  expect(
    dates('Yard list\n- Tuesday first thing: call Kessler about the roller (Priya)\n- sweep the shop (Jake)'),
  ).toEqual([
    ['u-priya', '2026-11-24'],
    ['u-jake', null],
  ]);
});

it('reads "when they do" and a needed-by date in the clause before', () => {
  expect(dates('Jake - the loaners come back Friday. Wash them when they do.')).toEqual([['u-jake', '2026-11-27']]);
  expect(dates('Tom wants the rate card by the first of next month, so Priya, update it.')).toEqual([
    ['u-priya', '2026-12-01'],
  ]);
});

it('reads "heads up -" as an opener and a pronoun after a comma as the thing said before it', () => {
  const [task] = tasks('heads up - the flatbed tires are bald, get them looked at b4 thurs', sms);
  expect([task.ownerId, task.dueDate]).toEqual(['u-tom', '2026-11-25']);
  expect(task.title).not.toMatch(/heads/i);
});

it('reads "bill them" after a company named, with no company on the record', () => {
  expect(tasks('Harmon kept the roller an extra day. Priya, bill them.')).toEqual([
    expect.objectContaining({ title: 'Bill Harmon', ownerId: 'u-priya', dueDate: null }),
  ]);
});

it('reads a breakdown texted by a customer or to a member as a fix, only when the text asks nothing else', () => {
  const customer = { ...sms, contactName: 'Greg Hill' };
  expect(dates('Greg at Hill Paving. compactor quit again. we need it for the pour tmrw', customer)).toEqual([
    ['u-tom', '2026-11-24'],
  ]);
  expect(tasks('jake the mixer at Oak st wont start', sms)).toEqual([
    expect.objectContaining({ title: 'Fix mixer at Oak st', ownerId: 'u-jake' }),
  ]);
  // The ask is the task, not the report; a breakdown in a note to no one is a log line.
  expect(dates('the pump we rented is leaking oil. can someone come look at it today', customer)).toEqual([
    ['u-tom', '2026-11-23'],
  ]);
  expect(dates('Shift log\nGrader won’t start.\nYard swept.')).toEqual([]);
});
