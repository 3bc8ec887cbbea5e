/**
 * The rules of issue 26's "AI 2" round, second part (docs/ai.md, "Figures"): texting's asks and less usual ways of
 * saying a deadline. The texts are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dates = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.ownerId, t.dueDate]);

it('reads texting shorthand and "any chance you guys can" as asks', () => {
  // "before it goes out tomorrow" is the day before.
  expect(dates('cn sum1 wash the skid steer b4 it goes out 2moro', { kind: 'sms' })).toEqual([['u-tom', '2026-11-23']]);
  expect(dates('r u able to drop the mats at the Elm St job thurs?', { kind: 'sms' })).toEqual([
    ['u-tom', '2026-11-26'],
  ]);
  expect(dates('any chance u guys can haul the trencher back today? we are done', { kind: 'sms' })).toEqual([
    ['u-tom', '2026-11-23'],
  ]);
});

it('reads a need for work done to a thing, after a member named first, as that member’s', () => {
  expect(dates('jake need the tires rotated on the flatbed by 2 today', { kind: 'sms' })).toEqual([
    ['u-jake', '2026-11-23'],
  ]);
  expect(dates('maria the Oak St customer needs the pump swapped tomorrow', { kind: 'sms' })).toEqual([
    ['u-maria', '2026-11-24'],
  ]);
});

it('reads a time said before a command, "have somebody look", "I’ll have Dan out there" and "can the X be picked up"', () => {
  expect(dates('Jake, first thing Wednesday get the electrician out.')).toEqual([['u-jake', '2026-11-25']]);
  expect(dates('Maria, have somebody look at the pump by Thursday.')).toEqual([['u-maria', '2026-11-26']]);
  expect(dates("Sorry about that. I'll have Jake out there this afternoon.")).toEqual([['u-jake', '2026-11-23']]);
  expect(
    dates('Hi Jake,\n\nCan the trench box be picked up from our Oak St site Wednesday?\n\nGreg', {
      kind: 'email',
      contactName: 'Greg Hill',
    }),
  ).toEqual([['u-jake', '2026-11-25']]);
  // "Friday wrap up." is a note's title, not a command.
  expect(dates('Friday wrap up. Statements went out.')).toEqual([]);
});

it('reads work named by its noun ("do the swap") and a thing that "needs a look"', () => {
  expect(dates('Maria: I can do the swap tomorrow morning.', { kind: 'call_transcript' })).toEqual([
    ['u-maria', '2026-11-24'],
  ]);
  expect(dates('Jake - the wash bay pump needs a look before we close tonight.')).toEqual([['u-jake', '2026-11-23']]);
});

it('reads "could we get a quote" from a customer as an ask of the team', () => {
  const mail = 'Hi Priya,\n\nCould we get a quote for two light towers for March? We need it by Friday.\n\nGreg';
  expect(dates(mail, { kind: 'email', contactName: 'Greg Hill' })).toEqual([['u-priya', '2026-11-27']]);
});

it('reads "within the next week", "COB on 6/18", "a week before" and a unit number that is no hour', () => {
  expect(dates('Priya, please send the revised statement within the next week.')).toEqual([['u-priya', '2026-11-30']]);
  expect(dates('Maria, sign the credit memo by COB on 11/25.')).toEqual([['u-maria', '2026-11-25']]);
  expect(dates('The Harmon audit is December 10. Please have the inspection records pulled a week before.')).toEqual([
    ['u-tom', '2026-12-03'],
  ]);
  expect(dates('Jake to rebuild the carb on gen 12 before Thursday.')).toEqual([['u-jake', '2026-11-25']]);
});

it('reads a price question, "reminder to", "he’ll" after a member named and "on your way back tomorrow"', () => {
  expect(tasks('whats the rate on a 26ft scissor for 3 wks?', { kind: 'sms', contactName: 'Greg Hill' })).toEqual([
    expect.objectContaining({ title: 'Send price for 26ft scissor lift for 3 weeks to Greg Hill', dueDate: null }),
  ]);
  expect(dates('reminder to grab the chains from Dunn on ur way back tmrw', { kind: 'sms' })).toEqual([
    ['u-tom', '2026-11-24'],
  ]);
  const call = "Maria: Acme.\nGreg: The pump won't prime.\nMaria: Jake's nearby, he'll look at it within the hour.";
  expect(dates(call, { kind: 'call_transcript', contactName: 'Greg Hill' })).toEqual([['u-jake', '2026-11-23']]);
});

it('reads a note’s weather, records and notices as no commands', () => {
  const note =
    'Shift log\nRain all morning, one delivery lost.\nRecord rentals on the heaters.\nNote: rate increase effective Jan 1.\nJake, call Dunn about the delivery today.';
  expect(dates(note, { kind: 'note' })).toEqual([['u-jake', '2026-11-23']]);
});

it('reads a company that needs work done, "need u at the shop ... to help" and "can u do delivery sat"', () => {
  expect(dates('Jake - Tom. Silva needs the light tower moved to their north lot by 3', { kind: 'sms' })).toEqual([
    ['u-jake', '2026-11-23'],
  ]);
  expect(dates('Jake - Maria. Need u at the yard at 6 tmrw to help load the crane mats', { kind: 'sms' })).toEqual([
    ['u-jake', '2026-11-24'],
  ]);
  expect(dates('can u do delivery thurs 7am?', { kind: 'sms', contactName: 'Greg Hill' })).toEqual([
    ['u-tom', '2026-11-26'],
  ]);
});

it('reads "Looking for a ..." and "why was I charged ..." from a customer as the team’s to answer', () => {
  expect(tasks('Greg H. Looking for a trench box for Dec, 2 weeks. price?', { kind: 'sms' })[0]).toMatchObject({
    title: 'Send quote for trench box for Dec',
    dueDate: null,
  });
  expect(tasks('why were we billed for two extra days? it came back friday', { kind: 'sms' })[0]).toMatchObject({
    title: expect.stringMatching(/^Review charge for two extra days/),
  });
});

it('reads "sod cutter for sat pls" as a booking for that day', () => {
  expect(tasks('greg hill. light tower for thurs pls', { kind: 'sms', contactName: 'Greg Hill' })[0]).toMatchObject({
    title: 'Reserve light tower for Greg Hill',
    dueDate: '2026-11-26',
  });
});
