/**
 * Who does what, when the text says it indirectly (docs/ai.md, "Whose action"): offers, answers to "When?",
 * messages from a contact, transcripts with time marks, mail footers. Texts in no bench set.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

const call = (text: string) => extractTasks(text, taskContext({ kind: 'call_transcript' }));

it('dates a commitment by the answer to the customer\'s "When?" and gives it to the member the answer sends', () => {
  const answered = call(
    "Tom: Acme, Tom speaking.\nWalt: The pump you dropped off won't prime.\nTom: I'll send a tech.\nWalt: When?\nTom: Jake can be there in an hour.",
  );
  expect(answered).toEqual([expect.objectContaining({ dueDate: '2026-11-23', ownerId: 'u-jake' })]);
});

it('reads "I can ..." as a commitment, and an offer the same line then promises as that promise', () => {
  const offer = call('Walt: The pump is done.\nTom: I can get it Wednesday morning.');
  expect(offer).toEqual([expect.objectContaining({ ownerId: 'u-tom', dueDate: '2026-11-25' })]);
  const promised = call(
    "Walt: I need copies of last year's invoices.\nTom: I can pull those. I'll email a PDF by Friday.",
  );
  expect(promised).toEqual([expect.objectContaining({ dueDate: '2026-11-27' })]);
  expect(call("Walt: I'm not sure if we can use it.\nTom: Okay.")).toEqual([]);
});

it('frames transcripts with time marks and role labels like "Name:" ones', () => {
  for (const text of [
    "[00:00:04] Walt: Can someone look at the pump tomorrow?\n[00:00:09] Tom: Sure, I'll send Jake out tomorrow morning.",
    "Caller: Can someone look at the pump tomorrow?\nAgent (Tom): Sure, I'll send Jake out tomorrow morning.",
  ]) {
    expect(call(text)).toEqual([expect.objectContaining({ ownerId: 'u-jake', dueDate: '2026-11-24' })]);
  }
});

it("reads an SMS on a contact's record as the contact's: their plans are no task, their requests are", () => {
  const sms = (text: string) => extractTasks(text, taskContext({ kind: 'sms', contactName: 'Walt Baker' }));
  expect(sms('Got the quote thanks. Will run it by my boss and get back to you next week')).toEqual([]);
  expect(sms("Jake - confirmed, we'll take the two heaters for the 30th.")).toEqual([]);
  expect(sms('Can we get the trencher Tuesday instead?')).toEqual([
    expect.objectContaining({ ownerId: 'u-tom', dueDate: '2026-11-24' }),
  ]);
});

it('asks for the work itself in "can you have someone look at it", and keeps "check if ..." whole', () => {
  const out = extractTasks(
    'Tom,\n\nThe breaker on the skid steer hits weak. Can you have someone look at it before Friday? Also can you check if the spare breaker is back from Dunn?\n\nWalt',
    taskContext({ kind: 'email', contactName: 'Walt Baker' }),
  );
  expect(out.map((t) => t.dueDate)).toEqual(['2026-11-26', null]);
  expect(out[1].title).toMatch(/^Check if spare breaker is back/);
});

it("cuts the mail client's footer like a quoted reply", () => {
  const out = extractTasks(
    'Tom,\n\nPlease send the final invoice.\n\nWalt\n\nThis email and any attachments are confidential. If you received it in error please notify the sender and delete it.',
    taskContext({ kind: 'email', contactName: 'Walt Baker' }),
  );
  expect(out).toEqual([expect.objectContaining({ title: 'Send final invoice to Walt Baker' })]);
});
