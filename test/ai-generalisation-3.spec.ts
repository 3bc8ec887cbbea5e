/**
 * The rules of issue 26 part 3's third round (docs/ai.md, "Figures"), on texts written for this file: none of them
 * is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dueDateOf } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dated = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.title, t.dueDate]);
const owners = (text: string, overrides = {}) => tasks(text, overrides).map((t) => t.ownerId);

// Written on Wednesday 2026-11-25, 09:00 in Chicago.
it.each([
  ['in a fortnight', '2026-12-09'],
  ['two weeks from Monday', '2026-12-14'],
  ['before Christmas', '2026-12-24'],
  ['by New Year’s Eve', null],
  ["by New Year's Eve", '2026-12-31'],
  ['by mid-January', '2027-01-15'],
  ['by end of Q1', '2027-03-31'],
  ['prior to Friday', '2026-11-26'],
  ['ahead of the Monday delivery', '2026-11-29'],
  ['on or before December 4', '2026-12-04'],
  ['before close of business Thursday', '2026-11-26'],
  ['in the next days', '2026-11-28'],
  ['the 5/8 chains by 2', '2026-11-25'],
  ['the Christmas closure notice', null],
  ['before the Memorial Day weekend', null],
])('%s -> %s', (phrase, expected) => {
  expect(dueDateOf(`send it ${phrase}`, localMoment('2026-11-25T15:00:00Z', 'America/Chicago'))?.day ?? null).toBe(
    expected,
  );
});

it('asks for work done to a thing said with get, have or need', () => {
  expect(dated('Jake, the auger at Pine Hill is done. Please have it picked up Friday.')).toEqual([
    ['Pick up auger', '2026-11-27'],
  ]);
  expect(dated('need the light tower delivered to 18 Elm before 6 tonight', { kind: 'sms' })).toEqual([
    ['Deliver light tower to 18 Elm', '2026-11-23'],
  ]);
  const reply = "Hi Ada,\n\nI'll have the revised quote to you by Wednesday.\n\nTom";
  expect(dated(reply, { kind: 'email', contactName: 'Ada Byrne' })).toEqual([
    ['Send revised quote to Ada Byrne', '2026-11-25'],
  ]);
});

it('gives "A and B, you each" one task per person and a text opened by a name to that member', () => {
  expect(owners('Maria and Jake, you each need to book your first aid course before the 10th.')).toEqual([
    'u-maria',
    'u-jake',
  ]);
  expect(
    owners('jake the trailer lights at Oak St are out again. can u swap the bulbs today', { kind: 'sms' }),
  ).toEqual(['u-jake']);
  expect(owners('Priya, you take care for the Ruiz refund today please.')).toEqual(['u-priya']);
});

it('keeps a visit and its look one task, and splits a present tense after "and"', () => {
  expect(tasks("I'll come out and take a look at the compressor this afternoon.")).toHaveLength(1);
  const note = 'Maria books the crane this week and I send them the lift plan before the pick on the 9th.';
  expect(owners(note)).toEqual(['u-maria', 'u-tom']);
});

it('reads no task in an automated notice and no date in a fraction', () => {
  const notice =
    'Your rental contract R-5512 ends on 11/30. Please return the equipment by 4pm.\n\nThis message was sent automatically.';
  expect(tasks(notice, { kind: 'email' })).toEqual([]);
  expect(dated('Tom, can you get the 3/4 inch hose over to Dunmore by 2.')).toEqual([
    ['Get 3/4 inch hose over to Dunmore', '2026-11-23'],
  ]);
});

it('reads a priority per task, not from the other task of the sentence', () => {
  const memo = 'Jake, fix the pump at Oak St immediately and send the Kessler invoice next week.';
  expect(tasks(memo).map((t) => [t.title, t.priority])).toEqual([
    ['Fix pump at Oak St', 'high'],
    ['Send Kessler invoice', 'medium'],
  ]);
});

it('reads the thing said first, a commitment reported and a stop with what is done there', () => {
  expect(dated('The new filters I order today.')).toEqual([['Order new filters', '2026-11-23']]);
  expect(tasks("Ruiz called about the old trailer, I told him I'd send a price.").map((t) => t.ownerId)).toEqual([
    'u-tom',
  ]);
  const stop = 'Jake, please swing by Oak St on your way in tomorrow and check the heater they say is smoking.';
  expect(dated(stop)).toHaveLength(1);
  expect(dated(stop)[0][1]).toBe('2026-11-24');
});

it('reads more ways of asking: "Can I get a quote", "if someone can", "Could I ask you to", "Is it possible to"', () => {
  const asks = [
    'Can I get a quote on a 40 ft boom?',
    'Wondering if someone can come look at the pump today.',
    'Could I ask you to resend the May statement?',
    'Is it possible to move the pickup to Monday?',
  ];
  for (const ask of asks) expect(tasks(ask, { kind: 'sms', contactName: 'Lou Vega' })).toHaveLength(1);
});
