/** Task titles and the title lint (docs/ai.md, "Titles"), on texts that are in no bench set and no corpus split. */
import { extractTasks, titleViolations } from '../src/ai';
import { taskContext } from './support/ai-team';

const customer = { contactName: 'Pat Green', companyName: 'Green Paving' };
const titles = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides)).map((t) => t.title);

describe('the title lint', () => {
  const lint = (title: string, clause = '') => titleViolations(title, clause, taskContext(customer));

  it('finds pronouns the reader cannot resolve', () => {
    expect(lint('Send them revised quote')).toContain('pronoun');
    expect(lint('Hold it for Friday')).toContain('pronoun');
    expect(lint('Call you back')).toContain('pronoun');
  });

  it('finds fragments without an action verb and an object', () => {
    expect(lint('Book Got')).toContain('fragment');
    expect(lint('Shop meeting')).toContain('fragment');
    expect(lint('Pick up')).toContain('fragment');
  });

  it("finds the contact's name where the text meant something else", () => {
    expect(lint('Split Pat Green between reps', 'split them between reps')).toEqual(['misplaced_name']);
    expect(lint('Hold Green Paving', 'hold them')).toEqual(['misplaced_name']);
  });

  it('passes titles that stand alone', () => {
    expect(lint('Call Pat Green back', 'call him back')).toEqual([]);
    expect(lint('Send revised quote to Green Paving', 'send them the revised quote')).toEqual([]);
    expect(lint('Check what the counter noted')).toEqual([]);
    expect(lint('Replace hydraulic hose on skid steer')).toEqual([]);
  });
});

describe('titles', () => {
  it('puts the person of "send him the X" after the object', () => {
    expect(titles('Pat called again. Send him the signed rental agreement today.', customer)).toEqual([
      'Send signed rental agreement to Pat Green',
    ]);
    expect(titles('Please get them a price on the trench shoring by Friday.', customer)[0]).toBe(
      'Send price on trench shoring to Green Paving',
    );
  });

  it('reads "them" after a verb that takes a thing as the equipment, not the customer', () => {
    const out = titles(
      'Green Paving wants three plate compactors for the Oak Street job. Reserve them today.',
      customer,
    );
    expect(out).toEqual(['Reserve three plate compactors for Green Paving']);
  });

  it('gives a verb left without object the thing spoken of before', () => {
    expect(titles("We're finished with the concrete mixer. Please pick up tomorrow.", customer)).toEqual([
      'Pick up concrete mixer from Green Paving',
    ]);
  });

  it('makes no task of a heading or of an action nothing names', () => {
    expect(titles('Shop meeting\n- Compressor is fine\n- Tom: order two spare filters for the compressor')).toEqual([
      'Order two spare filters for compressor',
    ]);
    expect(titles('Let me check.')).toEqual([]);
  });

  it('"ask <member> for X" is the member sending X; "tell <member> X" is the author telling them', () => {
    const out = extractTasks(
      'Ask Priya for the fleet utilization report. Tell Jake the new gate code.',
      taskContext(),
    ).map((t) => [t.title, t.ownerId]);
    expect(out).toEqual([
      ['Send fleet utilization report', 'u-priya'],
      ['Tell Jake new gate code', 'u-tom'],
    ]);
  });
});
