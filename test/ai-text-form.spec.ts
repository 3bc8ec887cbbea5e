/**
 * A text is read as what it is, not as what it was sent as (docs/ai.md, "Framing"): issue 26's first hidden set sent
 * emails, calls and meeting notes as voice memos. Texts are in no bench split.
 */
import { extractTasks, type TaskContext } from '../src/ai';
import { textForm } from '../src/ai/local/text-form';
import { taskContext } from './support/ai-team';

const record = { contactName: 'Noor Faraday', companyName: 'Faraday Glassworks' };
const titles = (text: string, kind: TaskContext['kind']) =>
  extractTasks(text, taskContext({ kind, ...record })).map((t) => t.title);

/** A customer's reply: its first line turns to Tom, its "we'll keep" is the customer's plan, the quote is Tom's. */
const mail = [
  "Tom - confirmed, we'll keep the two light towers through the 30th. Please send the updated invoice.",
  '',
  'Noor',
  '',
  '________________________________',
  'From: Tom Becker',
  'Sent: Monday',
  'Subject: towers',
  '',
  'Hi Noor, can you confirm the dates?',
].join('\n');

describe('a mail sent as a voice memo or a note', () => {
  it.each(['voice_memo', 'note'] as const)(
    'as a %s, is read as the email it is: the customer plans, the team does',
    (kind) => {
      expect(titles(mail, kind)).toEqual(titles(mail, 'email'));
      expect(titles(mail, kind)).toEqual(['Send updated invoice to Faraday Glassworks']);
    },
  );

  it.each([
    ['Subject: crane mats\nPlease hold four crane mats for Tuesday.', 'email'],
    ['From: Noor Faraday\nPlease hold four crane mats for Tuesday.', 'email'],
    ['Dan -\nThe pump at the quarry is leaking again.\nCan you look at it today?', 'email'],
    ['ok got it\nthanks\n> On Tue, Sam Carter wrote:\n> the lift is ready', 'email'],
  ])('%j has the shape of a mail', (text, form) => {
    expect(textForm('voice_memo', text)).toBe(form);
  });

  it.each([
    'so um Sam, the quarry pump is leaking again, can you look at it today, thanks',
    'Yard walk.\nFuel tank at 40 percent.\nOrder a delivery before Wednesday.',
  ])('%j stays a voice memo', (text) => {
    expect(textForm('voice_memo', text)).toBe('voice_memo');
  });

  it('a kind that is not a memo or a note is left as sent', () => {
    expect(textForm('sms', 'Subject: crane mats\nhold 4 mats tues')).toBe('sms');
    expect(textForm(undefined, 'Subject: crane mats')).toBeUndefined();
  });
});
