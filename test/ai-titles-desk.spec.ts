/**
 * Titles as a person at the desk writes them (docs/ai.md, "Title"): the standard verb for a colloquial one, no
 * remark after the object, the trade's short forms spelled out. Texts in no bench set and no corpus split.
 */
import type { TextKind } from '../src/ai';
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

const titles = (text: string, kind: TextKind = 'sms') => extractTasks(text, taskContext({ kind })).map((t) => t.title);

describe('desk titles: the standard verb', () => {
  it('picks up what is grabbed or fetched', () => {
    expect(titles('jake can you grab the mini ex from the Linden St job thursday')).toEqual([
      'Pick up mini excavator from Linden St job',
    ]);
    expect(titles('jake the skid at Dover Rd is done, come get it tomorrow')).toEqual(['Pick up skid steer']);
  });

  it('checks what is looked at', () => {
    expect(titles('the compressor at Ridge Rd keeps tripping, can someone take a look at it tomorrow')).toEqual([
      'Check compressor',
    ]);
  });

  it('calls whoever is phoned or given a call', () => {
    expect(titles('Maria pls give Hollow Creek a call about the past due invoice')).toEqual([
      'Call Hollow Creek about past due invoice',
    ]);
    expect(titles('Jake, phone the Mercer foreman about the gate code')).toEqual([
      'Call Mercer foreman about gate code',
    ]);
  });

  it('tells whoever is to be let know', () => {
    expect(titles('Can you let the yard know the Fenwick pickup moved to Friday')).toEqual([
      'Tell yard Fenwick pickup moved to Friday',
    ]);
  });

  it('raises a limit that is bumped, without the remark after it', () => {
    expect(
      titles(
        'Hi Tom,\n\nCould you bump our credit limit to 20k before we start the retaining wall job?\n\nThanks,\nRon',
        'email',
      ),
    ).toEqual(['Raise credit limit to 20k']);
  });

  it('delivers equipment got or run out there, and sends a document shot over', () => {
    expect(titles('jake get the light tower and the gen out there first thing wednesday')).toEqual([
      'Deliver light tower and generator',
    ]);
    expect(titles('Tom, can you run the trash pump out to the Elm St site friday')).toEqual([
      'Deliver trash pump to Elm St site',
    ]);
    expect(titles('can you shoot the COI over to Lisa at Vance today')).toEqual(['Send COI to Lisa at Vance']);
    expect(titles('Tom, send the signed rental agreement over to Dana today')).toEqual([
      'Send signed rental agreement to Dana',
    ]);
  });

  it('keeps the errand\'s verb of "go jump it" and "get out there to fix"', () => {
    expect(titles('jake, go jump the scissor at Birch Lane this morning, battery is dead')).toEqual([
      'Jump scissor lift at Birch Lane',
    ]);
    expect(titles('jake get out there tomorrow to fix the seal on the plate compactor')).toEqual([
      'Fix seal on plate compactor',
    ]);
  });

  it('names the work done to a thing ("get it cleared", "make sure ... is ordered")', () => {
    expect(titles('Jake, the drain in bay 2 is clogged again, get it cleared before Friday')).toEqual(['Clear drain']);
    expect(titles('Maria make sure the coffee is ordered for the safety meeting')).toEqual([
      'Order coffee for safety meeting',
    ]);
  });

  it('sends a quote that is put together', () => {
    expect(titles('tom can you put a quote together for two 30 foot scissors for March')).toEqual([
      'Send quote for two 30 ft scissors for March',
    ]);
  });
});

describe('desk titles: no remark after the object', () => {
  it('cuts "they pay ...", "next time you are ...", "at your earliest convenience"', () => {
    expect(titles('tom please send the invoice to Carraway tomorrow, they pay on the 15th')).toEqual([
      'Send invoice to Carraway',
    ]);
    expect(titles('bring the spare key for the telehandler next time you are out at the quarry')).toEqual([
      'Bring spare key for telehandler',
    ]);
    expect(
      titles(
        'Hi Priya,\n\nPlease resend invoice 8812 with our PO number at your earliest convenience.\n\nThanks,\nRon',
        'email',
      ),
    ).toEqual(['Resend invoice 8812 with PO number']);
  });

  it('keeps a real object and the question of "check if ..."', () => {
    expect(titles('fix the hydraulic leak on the 45 ft boom, it goes out Friday')).toEqual([
      'Fix hydraulic leak on 45 ft boom',
    ]);
    expect(
      titles(
        'Tom,\n\nCan you have someone look at the breaker before Friday? Also check if the spare is back.',
        'email',
      ),
    ).toEqual(['Check breaker', 'Check if spare is back']);
  });
});

describe('desk titles: the thing "it" points to', () => {
  it('is no role or time the text named after the thing', () => {
    expect(
      titles('jake the heater at Oak St is blowing cold. the customer says it started sunday. can you look at it'),
    ).toEqual(['Check heater']);
  });
});
