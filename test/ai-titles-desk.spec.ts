/**
 * Titles as a person at the desk writes them (docs/ai.md, "Title"): the standard verb for a colloquial one, no
 * remark after the object, the trade's short forms spelled out. Texts in no bench set and no corpus split.
 */
import type { TextKind } from '../src/ai';
import { extractTasks, titleViolations } from '../src/ai';
import { taskContext } from './support/ai-team';

const titles = (text: string, kind: TextKind = 'sms') => extractTasks(text, taskContext({ kind })).map((t) => t.title);

/** [what the case shows, the text, its kind, the titles]. */
const CASES: Array<[string, string, TextKind, string[]]> = [
  [
    'grab -> Pick up, "mini ex" spelled out',
    'jake can you grab the mini ex from the Linden St job thursday',
    'sms',
    ['Pick up mini excavator from Linden St job'],
  ],
  [
    'come get -> Pick up, "skid" spelled out',
    'jake the skid at Dover Rd is done, come get it tomorrow',
    'sms',
    ['Pick up skid steer'],
  ],
  [
    'take a look at -> Check',
    'the compressor at Ridge Rd keeps tripping, can someone take a look at it tomorrow',
    'sms',
    ['Check compressor'],
  ],
  [
    'give X a call -> Call X',
    'Maria pls give Hollow Creek a call about the past due invoice',
    'sms',
    ['Call Hollow Creek about past due invoice'],
  ],
  [
    'phone -> Call',
    'Jake, phone the Mercer foreman about the gate code',
    'sms',
    ['Call Mercer foreman about gate code'],
  ],
  [
    'let X know -> Tell X',
    'Can you let the yard know the Fenwick pickup moved to Friday',
    'sms',
    ['Tell yard Fenwick pickup moved to Friday'],
  ],
  [
    'bump -> Raise, no "before we start ..."',
    'Hi Tom,\n\nCould you bump our credit limit to 20k before we start the retaining wall job?\n\nThanks,\nRon',
    'email',
    ['Raise credit limit to 20k'],
  ],
  [
    'get X out there -> Deliver X, "gen" spelled out',
    'jake get the light tower and the gen out there first thing wednesday',
    'sms',
    ['Deliver light tower and generator'],
  ],
  [
    'run X out to -> Deliver X to',
    'Tom, can you run the trash pump out to the Elm St site friday',
    'sms',
    ['Deliver trash pump to Elm St site'],
  ],
  ['shoot X over -> Send X', 'can you shoot the COI over to Lisa at Vance today', 'sms', ['Send COI to Lisa at Vance']],
  [
    'no "over" after a sending\'s object',
    'Tom, send the signed rental agreement over to Dana today',
    'sms',
    ['Send signed rental agreement to Dana'],
  ],
  [
    'go jump -> Jump, "scissor" -> scissor lift',
    'jake, go jump the scissor at Birch Lane this morning, battery is dead',
    'sms',
    ['Jump scissor lift at Birch Lane'],
  ],
  [
    'get out there to fix -> Fix',
    'jake get out there tomorrow to fix the seal on the plate compactor',
    'sms',
    ['Fix seal on plate compactor'],
  ],
  [
    'get it cleared -> Clear',
    'Jake, the drain in bay 2 is clogged again, get it cleared before Friday',
    'sms',
    ['Clear drain'],
  ],
  [
    'make sure X is ordered for Y -> Order X for Y',
    'Maria make sure the coffee is ordered for the safety meeting',
    'sms',
    ['Order coffee for safety meeting'],
  ],
  [
    'put a quote together -> Send quote, "30 foot" -> 30 ft',
    'tom can you put a quote together for two 30 foot scissors for March',
    'sms',
    ['Send quote for two 30 ft scissors for March'],
  ],
  [
    'do the inspection -> Do inspection (the lint reads "do" with the work\'s noun as a verb and its object)',
    'Jake, do the annual inspection on the 40 ft boom before it goes out',
    'sms',
    ['Do annual inspection on 40 ft boom'],
  ],
  [
    'no "they pay ..."',
    'tom please send the invoice to Carraway tomorrow, they pay on the 15th',
    'sms',
    ['Send invoice to Carraway'],
  ],
  [
    'no "next time you are ..."',
    'bring the spare key for the telehandler next time you are out at the quarry',
    'sms',
    ['Bring spare key for telehandler'],
  ],
  [
    'no "at your earliest convenience"',
    'Hi Priya,\n\nPlease resend invoice 8812 with our PO number at your earliest convenience.\n\nThanks,\nRon',
    'email',
    ['Resend invoice 8812 with PO number'],
  ],
  [
    'the real object kept',
    'fix the hydraulic leak on the 45 ft boom, it goes out Friday',
    'sms',
    ['Fix hydraulic leak on 45 ft boom'],
  ],
  [
    '"check X" and "check if X ..." are two tasks',
    'Tom,\n\nCan you have someone look at the breaker before Friday? Also check if the spare is back.',
    'email',
    ['Check breaker', 'Check if spare is back'],
  ],
  [
    '"it" is no role or time named after the thing',
    'jake the heater at Oak St is blowing cold. the customer says it started sunday. can you look at it',
    'sms',
    ['Check heater'],
  ],
];

describe('desk titles', () => {
  it.each(CASES)('%s', (_, text, kind, expected) => {
    expect(titles(text, kind)).toEqual(expected);
  });
});

describe('desk titles with the contact on the record', () => {
  it('sends the price a customer asks to be let know', () => {
    const out = extractTasks(
      'Hi Tom, please let me know the price of the 60ft boom for March. Thanks, Pat',
      taskContext({ kind: 'email', contactName: 'Pat Green', companyName: 'Green Paving' }),
    );
    expect(out.map((t) => t.title)).toEqual(['Send price of 60ft boom for March to Pat Green']);
  });
});

describe('the title lint and "Do"', () => {
  it('passes "do" with the work\'s noun, not "do" alone or with a thing', () => {
    expect(titleViolations('Do annual inspection on boom', '', taskContext())).toEqual([]);
    expect(titleViolations('Do swap', '', taskContext())).toEqual([]);
    expect(titleViolations('Do it', '', taskContext())).toContain('fragment');
    expect(titleViolations('Do boom', '', taskContext())).toContain('fragment');
  });
});
