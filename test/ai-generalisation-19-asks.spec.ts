/**
 * Round nineteen of issue 26's "AI 2", asks (docs/ai.md, "Round nineteen, asks"): a price someone else wants passed
 * on by the team, the customer's own need said with their own pickup, a want of "it" or "them" moved where the
 * machine was named before, and a progressive that is the subject of a verb (no command). The texts here are written
 * for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs. */
const ASKS = `
memo | reads "he wants a quote on X" passed on as the quote to send | Tom, Leon from Birch Yard Landscaping stopped at the counter, he wants a quote on two stump grinders for the spring cleanup. | Send
notes | reads "Nora wants pricing on X by Thursday" in a site visit's bullets | Site visit - Quinn Homes, Elm Street\\n- Slab is poured, framing starts next month.\\n- Nora wants pricing on a 60 ft boom by Thursday. | Send
memo | reads "the board from X wants a price for Y" with no rush | uh the school board from Elm Park wants a price for three light towers for graduation, no rush on that. | Send
email | reads the customer's need with their own pickup as a reservation | Hi Tom,\\n\\nWe start the deck on Oak Street Thursday, need two plate compactors and a tile saw. We pick up ourself Thursday at 7.\\n\\nNora | Reserve
email | reads "I need X" then "I'll come pick them up" as a reservation | Hi Tom,\\n\\nI need a wet saw and two floor fans for the bathroom job. I'll come pick them up Friday morning.\\n\\nNora | Reserve
memo | reads "Wants it delivered Monday" of the machine named before | Nora called, they're pouring at the Elm site next week and need the concrete buggy. Wants it delivered Monday at 7. | Deliver
notes | reads "Loading ramp is steep" as a description, not a command | Site visit - Quinn Homes, Elm Street\\n- Loading ramp is steep, so no scissor lift.\\n- Tom: send Nora the boom quote by Friday. | Send
memo | reads "Getting the boom through the side gate will be tight" as a description, not a command | Nora called about the Birch job. Getting the boom through the side gate will be tight, so I'll measure the gate tomorrow. | Measure
memo | reads "she need it there" of the machine named before | Nora from Quinn Homes rang. She is asking the trencher again for the Birch job, same like in October. She need it there on the 2nd. | Deliver
`;

describe('round nineteen: prices wanted, needs with their own pickup, wants of "it" moved, gerund subjects', () => {
  it.each(tableCases(ASKS))('$name', ({ kind, text, expected }) => {
    const verbs = extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
    expect(verbs).toEqual(expected.split(', '));
  });
});
