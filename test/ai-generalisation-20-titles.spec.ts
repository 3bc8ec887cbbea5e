/**
 * Round twenty of issue 26's "AI 2", titles (docs/ai.md, "Round twenty, titles"): a quote names every thing the
 * request listed, however the list is marked ("+", "plus", commas, a count before each), and the customer is not
 * lost to the title's word cap. The texts here are written for this file: none of them is in the bench sets or the
 * corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's, of
// Quinn Homes.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' titles. */
const LISTED = `
call | quotes both things a caller joins with "+" | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora. For the Elm Street slab we want 3 power trowels + a concrete mixer.\\nTom: Got it, I'll email you pricing tomorrow. | Email pricing for three power trowels and concrete mixer to Nora Quinn
memo | quotes a list of three with a count before each | ok Tom here, Nora at Quinn Homes needs two dumpsters, a pressure washer and 4 barricades for the cleanup next month. I'll send her a quote Friday. | Send quote for two dumpsters, pressure washer and four barricades to Quinn Homes
email | quotes an event's tents and chairs, which are no machines | Hi Tom,\\n\\nFor the spring open house we will need three tents, 40 chairs and a generator for the afternoon. Could you send me a quote by Thursday?\\n\\nThanks, Nora | Send quote for three tents, 40 chairs and generator to Nora Quinn
memo | reads the list after "pricing on", up to the length of the rental | ok Tom here, the Quinn Homes super wants monthly pricing on 2 mini excavators plus a tilt trailer for the whole spring. I told him I'd have numbers to him by Wednesday. | Send quote for two mini excavators and tilt trailer to Quinn Homes
`;

/** The customer is added after a title the word cap left long. */
const CAPPED = `
sms | names the customer after a long quote | please send the revised quote for the two towable boom lifts and the three light towers for march | Send revised quote for two towable boom lifts and three light towers to Quinn Homes
call | keeps a name the cap would cut in two | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora, any news on the spring pricing?\\nTom: I'll send the rate sheet for the two towable boom lifts and the generator to you tonight. | Send rate sheet for two towable boom lifts and generator to Nora Quinn
`;

/** What the rules leave alone (these pass before them too): one thing asked for, a list that holds no thing. */
const KEPT = `
call | quotes the one machine a caller needs | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora. We need a trench roller for three weeks in December.\\nTom: Sure, I'll email you pricing this afternoon. | Email pricing for trench roller to Nora Quinn
memo | reads no list from "wants it back and the keys" | ok Tom here, Nora at Quinn Homes wants it back and the keys too. I'll send her a quote Friday. | Send quote to Quinn Homes
`;

describe('round twenty: a quote names every listed thing, and the customer survives the word cap', () => {
  it.each(tableCases(LISTED))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
  it.each(tableCases(CAPPED))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
  it.each(tableCases(KEPT))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
