/**
 * Issue 26, round twenty: texts of every form sent through the voice-memo endpoint (as its first hidden set sent
 * them) are read as the form their own lines show (docs/ai.md, "Framing"; `text-form.ts`, `form-signs.ts`).
 * The sentences are new, written for this spec; none is from a bench split.
 */
import { extractTasks, type TaskContext } from '../src/ai';
import { textForm } from '../src/ai/local/text-form';
import { taskContext } from './support/ai-team';

const record = { contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const read = (text: string, kind: TaskContext['kind'], onRecord = true) =>
  extractTasks(text, taskContext({ kind, ...(onRecord ? record : {}) })).map((t) => `${t.title} (${t.ownerId})`);

/** A case [what shows the form, the text, on the customer's record, the tasks]: sent as a memo, read as `form`. */
type FormCase = [string, string, boolean, string[]];
const readAs = (form: TaskContext['kind']) => (_: string, text: string, onRecord: boolean, tasks: string[]) => {
  expect(textForm('voice_memo', text, taskContext(onRecord ? record : {}))).toBe(form);
  expect(read(text, 'voice_memo', onRecord)).toEqual(tasks);
  expect(read(text, form, onRecord)).toEqual(tasks);
};

describe('a call transcript sent as a voice memo', () => {
  // What each reads as: the team's commitments, not the caller's own plans, and not a request one member made of
  // another as the asker's item.
  const calls: FormCase[] = [
    [
      'a desk and a caller named by their sides',
      [
        'Rep: Acme Rentals, service desk.',
        'Customer: Hi, Nora from Quinn Homes. The trench compactor quit on us this morning.',
        "Rep: Sorry to hear it. I'll send a mechanic out after lunch.",
        "Customer: Okay. We'll keep the crew on the footings until he gets there.",
      ].join('\n'),
      true,
      ['Send technician to fix trench compactor at Quinn Homes (u-tom)'],
    ],
    [
      'two members on the phone, each speaking again',
      [
        'Maria: Hi Jake, did the heater come back from the Quinn job?',
        "Jake: Yes, it's in bay two.",
        'Maria: Okay, can you read the hour meter before noon?',
        "Jake: Sure, I'll text you the number.",
      ].join('\n'),
      false,
      // Maria's ask is Jake's (round twenty-one: on a call between two members, what one asks is the other's).
      ['Read hour meter for Quinn (u-jake)', 'Text number to Quinn (u-jake)'],
    ],
    [
      'time marks before an operator and a caller',
      [
        '[00:00:03] Operator: Acme, how can I help?',
        '[00:00:07] Caller: Nora at Quinn Homes. Could we get a second light tower out to the Elm Street lot on Friday?',
        "[00:00:15] Operator: Yes, that works, we'll deliver it Friday morning.",
        "[00:00:20] Caller: Great. I'll tell the foreman.",
      ].join('\n'),
      true,
      ['Deliver second light tower to Quinn Homes (u-tom)'],
    ],
  ];
  it.each(calls)('%s: read as the call it is', readAs('call_transcript'));

  it.each([
    'Jake: fuel the two heaters\nPriya: send the Quinn statement\nJake: tag out the hoist with the bad cable',
    'Note: gate code changed\nFriday: yard cleanup\nToday: count the cones',
  ])('%j stays a voice memo', (text) => {
    expect(textForm('voice_memo', text)).toBe('voice_memo');
  });

  it('a list of labelled items is no call', () => {
    const list =
      '- Maria: call Quinn Homes about the deposit\n- Jake: is the trailer back?\n- Maria: yes, since Monday';
    expect(textForm('voice_memo', list)).not.toBe('call_transcript');
  });
});

describe('a text message sent as a voice memo', () => {
  const texts: FormCase[] = [
    [
      "texting's spellings: the customer's own plan",
      'thx for the quote. ill run it past my partner and get back to u monday',
      true,
      [],
    ],
    [
      'a member named first in lower case',
      'priya quinn homes says they were billed twice for the heater, refund one of them today',
      false,
      ['Refund heater (u-priya)'],
    ],
    [
      "a sender's label, then the member written to",
      'Maria: jake the quinn homes heater is back in the yard\nMaria: check the igniter before it goes out again',
      false,
      ['Check igniter (u-jake)'],
    ],
    [
      'the contact saying who writes',
      "Hi Tom, it's Nora from Quinn Homes. I'll bring the trailer back Thursday and we'll settle the invoice then. Thanks",
      true,
      [],
    ],
  ];
  it.each(texts)('%s: read as the text it is', readAs('sms'));

  it.each([
    "Jake here, um, heading out to Quinn Homes, I'll swap the battery on the lift when I get there.",
    "Nora from Quinn Homes called. I'll send her the weekly rates tomorrow.",
    'dan here, just finished the 250 hour on the skid steer, somebody needs to order filters before Friday',
  ])('%j stays a voice memo', (text) => {
    expect(textForm('voice_memo', text, taskContext(record))).toBe('voice_memo');
  });
});

describe('meeting notes sent as a voice memo', () => {
  // Lines labelled by the customers they are about are not a call between those customers and the team.
  const notes: FormCase[] = [
    [
      'a list whose items are labelled by customer and by member',
      [
        'Quinn Homes site meeting, Tuesday',
        '- Quinn Homes: want the boom a week longer',
        '- Harlow Steel: asking about a second scissor lift',
        '- Jake: extend the boom rental through the 12th',
      ].join('\n'),
      true,
      ['Extend boom rental through 12th for Quinn Homes (u-jake)'],
    ],
    [
      'a "Present:" heading, no list',
      [
        'Yard huddle',
        'Present: Maria, Jake, Priya',
        'Brookside Farms: heater came back with a cracked guard',
        'Delgado Paving: wants the roller Monday',
        'Jake: order a new guard before Friday',
      ].join('\n'),
      false,
      ['Order new guard (u-jake)', 'Deliver roller (u-tom)'],
    ],
  ];
  it.each(notes)('%s: read as the notes they are', readAs('meeting_notes'));
});
