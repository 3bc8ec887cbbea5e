/**
 * Round twenty of issue 26's "AI 2", titles (docs/ai.md, "Round twenty, titles"): the customer is not lost to the
 * title's word cap. The texts here are written for this file: none of them is in the bench sets or the
 * corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's, of
// Quinn Homes.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' titles. */
const CAPPED = `
sms | names the customer after a long quote | please send the revised quote for the two towable boom lifts and the three light towers for march | Send revised quote for two towable boom lifts and three light towers to Quinn Homes
call | keeps a name the cap would cut in two | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora, any news on the spring pricing?\\nTom: I'll send the rate sheet for the two towable boom lifts and the generator to you tonight. | Send rate sheet for two towable boom lifts and generator to Nora Quinn
`;

describe('round twenty: the customer survives the word cap', () => {
  it.each(tableCases(CAPPED))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
