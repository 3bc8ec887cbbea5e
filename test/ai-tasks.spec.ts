/** Task extraction by the local rules (docs/ai.md, "Task extraction"), on texts that are not in the bench sets. */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));

it('splits coordinated clauses and names the member who should act', () => {
  const out = tasks(
    'Please send the revised quote to Hendricks by Thursday, and Maria should check the hydraulics on the excavator.',
  );
  expect(out).toHaveLength(2);
  expect(out[0]).toMatchObject({
    title: 'Send revised quote to Hendricks',
    dueDate: '2026-11-26',
    ownerId: 'u-tom',
    priority: 'medium',
  });
  expect(out[1]).toMatchObject({
    title: 'Check hydraulics on excavator at Hendricks',
    dueDate: null,
    ownerId: 'u-maria',
  });
  expect(out[1].explanation).toContain('should check');
  expect(out[1].source).toContain('Maria should check');
});

it('gives "I\'ll ..." and unnamed actions to the default owner', () => {
  const out = tasks("I'll call the Apex foreman tomorrow. Someone needs to book the trailer for the mini excavator.");
  expect(out.map((t) => [t.ownerId, t.dueDate])).toEqual([
    ['u-tom', '2026-11-24'],
    ['u-tom', null],
  ]);
  expect(out[0].priority).toBe('high');
});

it('hands a delegated action to the delegate', () => {
  const out = tasks('Ask Jake to pick up the light tower from the Elm Street site on Friday.');
  expect(out).toEqual([
    expect.objectContaining({
      ownerId: 'u-jake',
      dueDate: '2026-11-27',
      title: 'Pick up light tower from Elm Street site',
    }),
  ]);
});

it('reads urgency and its absence', () => {
  expect(tasks('URGENT: the boom lift at Riverside is down. Please send Maria out to look at it.')[0]).toMatchObject({
    priority: 'high',
    ownerId: 'u-maria',
  });
  expect(tasks('No rush, but we should update the rate card for the compact track loaders.')[0]).toMatchObject({
    priority: 'low',
  });
});

it.each([
  'Thanks so much for the quick delivery, the crew loved the new scissor lift!',
  'FYI the excavator came back clean, no damage. No action needed.',
  'Delivered the generator to the Hendricks site this morning and got the ticket signed.',
  'I am out of the office until Monday. For urgent matters please call the branch.',
  'Let me know if you need anything else.',
])('finds no task in "%s"', (text) => {
  expect(tasks(text)).toEqual([]);
});

it("does not make tasks of a customer's own plans or of what the team asked the customer", () => {
  expect(
    tasks('Hi Tom, we will pick up the compactor ourselves on Friday.\nThanks, Dave', {
      contactName: 'Dave Hendricks',
    }),
  ).toEqual([]);
  expect(
    tasks('Hi Dave, could you send us the signed rental agreement?\nThanks, Tom', { contactName: 'Dave Hendricks' }),
  ).toEqual([]);
});

it('turns a customer request in an email into a task for the default owner', () => {
  const out = tasks(
    "Hello, I'd like a quote for a 40ft boom lift for next month. Can you also send me your insurance certificate?\nRegards, Dave Hendricks",
    {
      contactName: 'Dave Hendricks',
      defaultOwnerId: 'u-priya',
    },
  );
  expect(out.map((t) => t.ownerId)).toEqual(['u-priya', 'u-priya']);
  expect(out[1].title).toBe('Send insurance certificate to Dave Hendricks');
});

it('in a call transcript, a request answered by a commitment is one task', () => {
  const text =
    'Carlos: The roller is leaking oil, can someone check it tomorrow?\nTom: Sure, I will have Maria check the roller first thing tomorrow.';
  const out = tasks(text, { kind: 'call_transcript', contactName: 'Carlos Ruiz' });
  expect(out).toEqual([expect.objectContaining({ ownerId: 'u-maria', dueDate: '2026-11-24' })]);
});

it('is deterministic', () => {
  const text = 'Jake needs to deliver the heaters by Wednesday and Priya will invoice Summit Roofing next week.';
  expect(tasks(text)).toEqual(tasks(text));
  expect(tasks(text).map((t) => t.ownerId)).toEqual(['u-jake', 'u-priya']);
});

it('spells out texting shorthand', () => {
  expect(tasks('can u grab the plate compactor from the 5th st job tmrw')[0]).toMatchObject({
    dueDate: '2026-11-24',
    title: 'Pick up plate compactor from 5th st job',
  });
});

it.each([
  ["Let's book the crane for next Tuesday.", 'Book crane', '2026-12-01'],
  ['Would you be able to send the updated invoice?', 'Send updated invoice', null],
  ['If you could send the W-9 that would be great.', 'Send W-9', null],
  ['TODO: call Dave re: the breaker', 'Call Dave about breaker', null],
])('reads the request form of "%s"', (text, title, dueDate) => {
  expect(tasks(text)).toEqual([expect.objectContaining({ title, dueDate })]);
});

it('reads a plain command whose object compromise mis-tags, and keeps a customer\'s "we need to" theirs even when they name the rep', () => {
  expect(tasks('Jake - order replacement tires for the skid steer, they are worn out')[0]).toMatchObject({
    ownerId: 'u-jake',
    title: 'Order replacement tires for skid steer',
  });
  const call =
    'Dave: Tom, the yard is closed, we need to move the drop-off to Friday.\nTom: Understood, I will move the drop-off to Friday.';
  expect(tasks(call, { kind: 'call_transcript', contactName: 'Dave Hendricks' }).map((t) => t.source)).toEqual([
    'Understood, I will move the drop-off to Friday.',
  ]);
});
