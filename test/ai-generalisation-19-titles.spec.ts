/**
 * Round nineteen of issue 26's "AI 2", titles (docs/ai.md, "Round nineteen, titles"): a title names the customer as
 * the text names them. The texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's, of
// Quinn Homes.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' titles. */
const NAMES = `
email | sends to the company a mail names in full, its writer signing with a first name | Hi Tom,\\n\\nQuinn Homes starts the trench on Monday. Could you send me the revised contract for the trencher?\\n\\nThanks, Nora | Send revised contract to Quinn Homes for trencher
sms | sends to the company a text names in full, its writer giving a first name | Quinn Homes here, it's Nora. can u send me the delivery ticket for the compactor today | Send delivery ticket to Quinn Homes for compactor
`;

/** What the rule leaves alone (these pass before it too): a contact named in full, a company not written. */
const KEPT = `
email | keeps the contact a mail's signature names in full | Hi Tom,\\n\\nQuinn Homes starts the trench on Monday. Could you email me the revised contract?\\n\\nThanks,\\nNora Quinn | Email revised contract to Nora Quinn
email | keeps the contact when the company is not written | Hi Tom,\\n\\nCould you email me the revised contract for the trencher?\\n\\nThanks, Nora | Email revised contract to Nora Quinn for trencher
`;

describe('round nineteen: a title names the customer as the text names them', () => {
  it.each(tableCases(NAMES))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
  it.each(tableCases(KEPT))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
