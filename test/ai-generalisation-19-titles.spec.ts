/**
 * Round nineteen of issue 26's "AI 2", titles (docs/ai.md, "Round nineteen, titles"): a title names the customer as
 * the text names them, and a quote or a price sent with no machine named is the quote of the machines the request
 * named. The texts here are written for this file: none of them is in the bench sets or the corpus.
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

/** What the rules leave alone (these pass before them too): a contact named in full, a company not written, an account. */
const KEPT = `
email | keeps the contact a mail's signature names in full | Hi Tom,\\n\\nQuinn Homes starts the trench on Monday. Could you email me the revised contract?\\n\\nThanks,\\nNora Quinn | Email revised contract to Nora Quinn
call | keeps an account put on hold as a credit hold | Priya: Accounts, Priya speaking.\\nNora: Hi, it's Nora. We're behind on the October invoices.\\nPriya: I'm sorry, I have to put the account on hold until they're paid. | Put account on hold for Quinn Homes
email | keeps the contact when the company is not written | Hi Tom,\\n\\nCould you email me the revised contract for the trencher?\\n\\nThanks, Nora | Email revised contract to Nora Quinn for trencher
`;

/** A quote or a price with no thing of its own: what the request named before. */
const QUOTED = `
memo | quotes the machine the customer wants, said the sentence before | ok Tom here, Nora from Quinn Homes wants the big chipper for the first week of March. I'll send her a quote by Wednesday. | Send quote for big chipper to Quinn Homes
call | prices the machine the caller needs | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora. We need a trench roller for three weeks in December.\\nTom: Sure, I'll email you pricing this afternoon. | Email pricing for trench roller to Nora Quinn
notes | quotes the two machines a customer asked about, on the line before | Sales meeting\\n\\n- Harlow Landscaping asked about a stump grinder and a chipper for spring\\n- Tom to send quote Friday | Send quote for stump grinder and chipper
memo | reads "get <a name> a rate sheet" as the sheet sent to them | ok Tom here, I need to get Walter Briggs a rate sheet before his board meets on Thursday | Send rate sheet to Walter Briggs
call | reads "get <the contact's first name> the final invoice" as sent to the company the call names | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora at Quinn Homes, the job's wrapped up and we're ready to close out.\\nTom: Great, I'll get Nora the final invoice by Friday. | Send final invoice to Quinn Homes
call | reads "put them on hold" of machines as a reservation | Tom: Becker Rentals, Tom speaking.\\nNora: Hi Tom, it's Nora. We'll want the two light towers for the Elm Street job next month.\\nTom: No problem, I'll put them on hold for you today. | Reserve two light towers for Nora Quinn
email | sends the rates of the machine the mail needs | Hi Tom,\\n\\nWe are pouring in January and will need a concrete mixer for the month. Can you send me your rates?\\n\\nThanks, Nora | Send rates for concrete mixer to Nora Quinn
`;

describe('round nineteen: a title names the customer as the text names them, and what a quote is for', () => {
  it.each(tableCases(NAMES))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
  it.each(tableCases(QUOTED))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
  it.each(tableCases(KEPT))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
