/**
 * Round nine of issue 26's "AI 2" (docs/ai.md, "Round nine"): the rules written from the round's train texts
 * (bench/ai/train-extra/acme-8.json). The texts here are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dateMentions } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) =>
  extractTasks(text, taskContext(overrides)).map((t) => ({
    title: t.title,
    ownerId: t.ownerId,
    dueDate: t.dueDate,
    priority: t.priority,
  }));
const sms = { kind: 'sms' as const, contactName: 'Greg Hill', companyName: 'Hill Paving' };
const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');

describe('due dates', () => {
  it('reads a weekday told with a simple past as the day it happened', () => {
    expect(dateMentions('but we brought the heater back Thursday', monday)).toEqual([]);
    expect(dateMentions('the deposit I paid Tuesday', monday)).toEqual([]);
    expect(dateMentions('could I get a receipt for the deposit I paid Tuesday', monday)).toEqual([]);
    // A present, a future or a verb that points ahead keeps the day.
    expect(dateMentions('we bring the heater back Thursday', monday).map((m) => m.day)).toEqual(['2026-11-26']);
    expect(dateMentions('Ray asked for the boom Friday', monday).map((m) => m.day)).toEqual(['2026-11-27']);
    expect(dateMentions('they want the grinder gone Friday', monday).map((m) => m.day)).toEqual(['2026-11-27']);
    // "for the day" is no date (chrono reads "the day" as tomorrow).
    expect(dateMentions('how much to rent a tiller for the day', monday)).toEqual([]);
  });

  it('dates "set him up" by the start the sentence before announces', () => {
    const text =
      'Hi Tom,\n\nOur new foreman, Luca, starts Thursday. Could you set him up on our account?\n\nThanks,\nNora';
    expect(tasks(text, { kind: 'email', contactName: 'Nora Quinn', companyName: 'Quinn Homes' })).toEqual([
      expect.objectContaining({ title: expect.stringContaining('Luca'), ownerId: 'u-tom', dueDate: '2026-11-26' }),
    ]);
  });
});

describe('detection', () => {
  it('reads a noun subject with a phrase of its own and a finite past as a report', () => {
    expect(tasks('Walkthrough with Harmon went fine. Send them the photos.').map((t) => t.title)).toEqual([
      'Send photos to Harmon',
    ]);
    expect(tasks('Fuel supplier changed their prices.')).toEqual([]);
    // A command with a relative clause stays a command.
    expect(tasks('Call Ray about the order that went out wrong.').map((t) => t.title)).toEqual([
      expect.stringMatching(/^Call Ray about order/),
    ]);
  });

  it('counts an action said again in other words once, the later saying standing', () => {
    const text =
      'Ops meeting\n- Harmon job starts Wednesday; Jake to load out Tuesday.\nAction items:\n- Jake: load out Harmon Tuesday';
    expect(tasks(text)).toEqual([expect.objectContaining({ ownerId: 'u-jake', dueDate: '2026-11-24' })]);
  });

  it('gives no task of notes that say no decision was taken, but a member’s', () => {
    expect(
      tasks('Planning notes\n- Consider a second wash bay\n- Look at leasing two more trucks\nNo decisions yet.'),
    ).toEqual([]);
    expect(
      tasks('Planning notes\n- Consider a second wash bay\n- Priya to price the wash bay\nNo decisions yet.').map(
        (t) => t.ownerId,
      ),
    ).toEqual(['u-priya']);
  });

  it('drops spoken hesitations before reading', () => {
    expect(tasks('So I have to check the trencher and, uh, call Dunn back today.').map((t) => t.title)).toEqual([
      'Check trencher',
      'Call Dunn back',
    ]);
  });

  it('reads one thing needed where the writer is as a delivery', () => {
    expect(tasks('crew is stuck, need a spare key out here asap', sms)).toEqual([
      expect.objectContaining({ title: expect.stringMatching(/^Deliver spare key/), dueDate: '2026-11-23' }),
    ]);
  });

  it('reads leave asked by a customer as a request on the thing spoken of', () => {
    expect(tasks('we still need the trencher next week, ok to extend?', sms).map((t) => t.title)).toEqual([
      'Extend trencher for Hill Paving',
    ]);
    expect(tasks('ok to swap the plate compactor for the bigger model?', sms).map((t) => t.title)).toEqual([
      expect.stringMatching(/^Swap plate compactor/),
    ]);
  });

  it('reads a customer done with a rental, or inviting the pickup, as the pickup when the text asks nothing else', () => {
    expect(
      tasks('greg here, done w the tiller. its by the gate whenever u want to grab it', sms).map((t) => t.title),
    ).toEqual(['Pick up tiller from Hill Paving']);
    expect(tasks('the plate compactor is ready for pickup at 22 birch', sms).map((t) => t.title)).toEqual([
      'Pick up plate compactor from Hill Paving',
    ]);
    // A text that asks for something else asks for that only; a report that something arrived asks nothing.
    expect(tasks('done with the mixer, can you send the final invoice?', sms).map((t) => t.title)).toEqual([
      expect.stringMatching(/^Send final invoice/),
    ]);
    expect(tasks('greg here. lights arrived, all working. thx', sms)).toEqual([]);
  });

  it('reads "please you order" of a non-native writer as "please order"', () => {
    expect(tasks('Jake please you order the filters today.')).toEqual([
      expect.objectContaining({ ownerId: 'u-jake', dueDate: '2026-11-23' }),
    ]);
  });
});

describe('titles and owners', () => {
  it('reads "me" in a text on a contact’s record that no member signs as the contact', () => {
    expect(tasks('greg here, pls call me', sms).map((t) => t.title)).toEqual(['Call Greg Hill']);
  });

  it('gives a short ask to fix the thing spoken of before', () => {
    expect(tasks('the statement is wrong. pls fix', sms).map((t) => t.title)).toEqual([
      'Fix statement for Hill Paving',
    ]);
  });

  it('gives the tasks before "Priya owns both." to Priya', () => {
    const text =
      'Next steps: we send the fall mailer by the 30th, and we call last year’s top accounts. Priya owns both.';
    expect(tasks(text).map((t) => t.ownerId)).toEqual(['u-priya', 'u-priya']);
  });

  it('reads "when you can" ending a request as low priority', () => {
    expect(tasks('Hi Priya,\n\nPlease send over the signed contract when you can.\n\nThanks,\nGreg')).toEqual([
      expect.objectContaining({ ownerId: 'u-priya', priority: 'low' }),
    ]);
    // Not "can you ... when you can get there" in the middle of a sentence.
    expect(tasks('Jake, call Dunn when you can get to it, they are waiting.')).toEqual([
      expect.objectContaining({ ownerId: 'u-jake', priority: 'medium' }),
    ]);
  });

  it('reads "No rush, next week is fine." beside a task as its priority', () => {
    expect(tasks('Maria, pull the Kessler check-in photos. No rush, next week is fine.')).toEqual([
      expect.objectContaining({ ownerId: 'u-maria', priority: 'low' }),
    ]);
  });
});
