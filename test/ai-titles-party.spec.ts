/**
 * A task title names its counterparty (docs/ai.md, "Title"; issue 26: "an imperative that names the action, its
 * object and the counterparty when the text names them"), on texts that are in no bench split.
 */
import { extractTasks, titleViolations, type TaskContext } from '../src/ai';
import { withCounterparty } from '../src/ai/local/counterparty';
import { taskContext } from './support/ai-team';

const record = { contactName: 'Joan Marlin', companyName: 'Marlin Staging' };
const titles = (text: string, overrides: Partial<TaskContext> = {}) =>
  extractTasks(text, taskContext(overrides)).map((t) => t.title);

const onRecord = (kind: TaskContext['kind']) => ({ kind, ...record });

/** "text -> title" lines: each text, extracted, gives that one title. */
const cases = (block: string) =>
  block
    .trim()
    .split('\n')
    .map((line) => line.trim().split(' -> ') as [string, string]);

describe("the record's customer", () => {
  it.each(
    cases(`
      Please send the certificate of insurance. -> Send certificate of insurance to Marlin Staging
      Please deliver the heaters there tomorrow. -> Deliver heaters to Marlin Staging
      Hold two light towers for next weekend please. -> Hold two light towers for Marlin Staging
      Please pick up the trencher on Friday. -> Pick up trencher from Marlin Staging
      Can someone check the generator? It keeps tripping. -> Check generator at Marlin Staging
      The invoice has the wrong rate. Please fix the invoice. -> Fix invoice for Marlin Staging
      Please email the signed agreement. -> Email signed agreement to Joan Marlin
      The boom lift quit on site. Send Jake out there today. -> Fix boom lift at Marlin Staging
      The crew needs a hand with the setup. Send Jake out there today. -> Send Jake to Marlin Staging
    `),
  )(
    '"%s" -> "%s": sent to, held for, picked up from, checked at; the contact written to; where a member goes',
    (text, title) => {
      expect(titles(text, onRecord('email'))).toEqual([title]);
    },
  );
});

describe('no counterparty added', () => {
  it.each(
    cases(`
      Please call me back about the deposit. -> Call Joan Marlin back about deposit
      Jake, call the yard about the trailer. -> Call yard about trailer
      Please send the quote to Priya. -> Send quote to Priya
    `),
  )('"%s" -> "%s": after a person verb or a recipient (a member)', (text, title) => {
    expect(titles(text, onRecord('sms'))).toEqual([title]);
  });

  it.each(
    cases(`
      Maria, restack the pallets in the back. -> Restack pallets in back
      Priya's report is late. Tom, print the rate sheets. -> Print rate sheets
      The Kubota's hose is leaking. Jake, replace the hose. -> Replace leaking hose
    `),
  )('"%s" -> "%s": no customer on the record, and a member or an equipment maker is none', (text, title) => {
    expect(titles(text, { kind: 'note' })).toEqual([title]);
  });

  it('from notes about several customers, to a task whose sentence names none', () => {
    const notes = '- Calder wants a quote for two lifts\n- Fenwick paid the deposit\n- Maria: update the rate card';
    expect(titles(notes, { kind: 'meeting_notes' })).toContain('Update rate card');
  });
});

describe('a person on the record, with no company', () => {
  it.each(
    cases(`
      Can someone check the generator? It keeps tripping. -> Check generator for Joan Marlin
      Please send the certificate of insurance. -> Send certificate of insurance to Joan Marlin
    `),
  )('"%s" -> "%s": work is done for a person, at a company\'s site', (text, title) => {
    expect(titles(text, { kind: 'email', contactName: 'Joan Marlin' })).toEqual([title]);
  });
});

describe('a customer the text names', () => {
  it.each(
    cases(`
      Fenwick's pour is Thursday. Jake, load the vibrator tonight. -> Load vibrator for Fenwick
      Tom, for the Calder job, reserve two scissor lifts. -> Reserve two scissor lifts for Calder
      Hi Tom, please credit the Ashford account for the two rain days. -> Credit Ashford account for two rain days
    `),
  )('"%s" -> "%s": a possessive, "the X job", or none when the title has it', (text, title) => {
    expect(titles(text, { kind: 'voice_memo' })).toEqual([title]);
  });
});

describe('the title lint', () => {
  const context = taskContext(record);
  const green = taskContext({ contactName: 'Pat Green', companyName: 'Green Paving' });

  it('passes a counterparty added after "to", "for", "at" or "from"', () => {
    for (const title of [
      withCounterparty('Hold two light towers', { clause: 'hold two light towers', context }),
      withCounterparty('Check generator', { clause: 'check the generator', context }),
      withCounterparty('Pick up trencher', { clause: 'pick up the trencher', context }),
    ]) {
      expect(title).toMatch(/ (?:for|at|from) Marlin Staging$/);
      expect(titleViolations(title, 'the clause names no one', context)).toEqual([]);
    }
  });

  it('still flags the name where the text meant something else', () => {
    expect(titleViolations('Hold Green Paving', 'hold them', green)).toContain('misplaced_name');
    expect(titleViolations('Split Pat Green between reps', 'split them between reps', green)).toContain(
      'misplaced_name',
    );
  });
});
