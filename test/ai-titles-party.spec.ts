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

describe("the record's customer", () => {
  it('is the one a thing is sent, delivered or brought to', () => {
    expect(titles('Please send the certificate of insurance.', { kind: 'email', ...record })).toEqual([
      'Send certificate of insurance to Marlin Staging',
    ]);
    expect(titles('Please deliver the heaters there tomorrow.', { kind: 'sms', ...record })).toEqual([
      'Deliver heaters to Marlin Staging',
    ]);
  });

  it('is the one equipment is held for, picked up from, checked at', () => {
    expect(titles('Hold two light towers for next weekend please.', { kind: 'sms', ...record })).toEqual([
      'Hold two light towers for Marlin Staging',
    ]);
    expect(titles('Please pick up the trencher on Friday.', { kind: 'email', ...record })).toEqual([
      'Pick up trencher from Marlin Staging',
    ]);
    expect(
      titles('Can someone check the generator? It keeps tripping the breaker.', { kind: 'sms', ...record }),
    ).toEqual(['Check generator at Marlin Staging']);
  });

  it('has paperwork fixed for them, not at their site', () => {
    expect(titles('The invoice has the wrong rate. Please fix the invoice.', { kind: 'email', ...record })).toEqual([
      'Fix invoice for Marlin Staging',
    ]);
  });

  it('is written to by name: an email goes to the contact', () => {
    expect(titles('Please email the signed agreement.', { kind: 'email', ...record })).toEqual([
      'Email signed agreement to Joan Marlin',
    ]);
  });

  it('is where a member is sent', () => {
    expect(titles('The boom lift quit on site. Send Jake out there today.', { kind: 'sms', ...record })).toEqual([
      'Send Jake out to Marlin Staging',
    ]);
  });
});

describe('no counterparty added', () => {
  it('after a verb whose object is a person', () => {
    expect(titles('Please call me back about the deposit.', { kind: 'sms', ...record })).toEqual([
      'Call Joan Marlin back about deposit',
    ]);
    expect(titles('Jake, call the yard about the trailer.', { kind: 'note', ...record })).toEqual([
      'Call yard about trailer',
    ]);
  });

  it('to a title that has a recipient already, a member included', () => {
    expect(titles('Please send the quote to Priya.', { kind: 'email', ...record })).toEqual(['Send quote to Priya']);
  });

  it('when no customer is on the record or named', () => {
    expect(titles('Maria, restack the pallets in the back.', { kind: 'note' })).toEqual(['Restack pallets in back']);
  });

  it('from a member or an equipment maker the text names', () => {
    expect(titles("Priya's report is late. Tom, print the rate sheets.", { kind: 'note' })).toEqual([
      'Print rate sheets',
    ]);
    expect(titles("The Kubota's hose is leaking. Jake, replace the hose.", { kind: 'note' })).toEqual(['Replace hose']);
  });

  it('from notes about several customers, to a task whose sentence names none', () => {
    const notes = '- Calder wants a quote for two lifts\n- Fenwick paid the deposit\n- Maria: update the rate card';
    expect(titles(notes, { kind: 'meeting_notes' })).toContain('Update rate card');
  });

  it('past the title’s word cap', () => {
    expect(
      titles(
        'Please send the revised quote for the two towable boom lifts and the three light towers for the whole month of March.',
        { kind: 'email', ...record },
      ),
    ).toEqual(['Send revised quote for two towable boom lifts and three light towers']);
  });
});

describe('a customer the text names', () => {
  it('as a possessive or "the X job"', () => {
    expect(titles("Fenwick's pour is Thursday. Jake, load the vibrator tonight.", { kind: 'voice_memo' })).toEqual([
      'Load vibrator for Fenwick',
    ]);
    expect(titles('Tom, for the Calder job, reserve two scissor lifts.', { kind: 'note' })).toEqual([
      'Reserve two scissor lifts for Calder',
    ]);
  });

  it('not added where the title names them already', () => {
    expect(titles('Hi Tom, please credit the Ashford account for the two rain days.', { kind: 'email' })).toEqual([
      'Credit Ashford account for two rain days',
    ]);
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
