/**
 * Round twenty of issue 26's "AI 2", titles (docs/ai.md, "Round twenty, titles"): a question put to someone stays in
 * the title ("Ask Jake whether ..."), and the customer is not lost to the title's word cap. The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
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

/** A new part brought or put on: the worn one is replaced. */
const REPLACED = `
call | reads a visit with a new part as its replacement | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora, the wand on the pressure washer you dropped off is leaking at the trigger.\\nTom: Sorry about that, I'll stop by this afternoon with a new wand. | Replace wand at Quinn Homes
memo | reads new tires put on a trailer as replaced | ok Tom here, trailer 6 has two bald tires, Jake, get new tires on it before it goes out again. | Replace tires on trailer 6
memo | leaves new stock put on shelves alone | ok Tom here, Maria, put new labels on the parts shelves. | Put new labels on parts shelves
memo | reads a machine's need of a new part as its replacement | ok Tom here, the pressure washer needs a new trigger gun. | Replace trigger gun on pressure washer
memo | reads a need of a new part with its order as the order | ok Tom here, compressor 2 needs a new air filter, Maria, order one today. | Order new air filter for compressor 2
`;

/** Work to get done on a thing someone owns: the work is the verb, the owner stays with the thing. */
const DONE = `
memo | reads the fix of a trailer's light as the work | ok Tom here, Jake, get the flatbed's tail light fixed today. | Fix flatbed's tail light
note | reads an application processed as the work | Please get the new customer's credit application processed. | Process new customer's credit application
memo | leaves "make sure they're ..." alone | ok Tom here, the two rollers come back today, Jake, make sure they're washed. | Make sure they're washed ; Pick up two rollers
`;

/** A question put to someone: what is asked stays in the title, as "whether". */
const ASKED = `
memo | keeps what a member is asked | ok Tom here, Maria, ask Jake if the flatbed is back from the body shop. | Ask Jake whether flatbed is back from body shop
note | keeps the question after a name and a surname | Please ask Priya Shah if the deposit cleared. | Ask Priya Shah whether deposit cleared
memo | leaves a call's condition cut | ok Tom here, Maria, call Jake if the flatbed is still at the body shop. | Call Jake
`;

describe('round twenty: a question asked stays in the title, and the customer survives the word cap', () => {
  it.each([...tableCases(ASKED), ...tableCases(REPLACED), ...tableCases(DONE), ...tableCases(CAPPED)])(
    '$name',
    ({ kind, text, expected }) => {
      const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
      expect(titles).toEqual(expected.split(' ; '));
    },
  );
});
