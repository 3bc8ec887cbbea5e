/**
 * Round twenty-three of issue 26's "AI 2", the party of a title (docs/ai.md, "Title"): a team's notes filed on one
 * customer's record name that customer in one item among the yard's, the shop's and other accounts' work; the
 * customer is the party of its own items only, unless a line outside the items (a heading, a signature) names it.
 * The texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { tableCases, taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago; every text is filed on Quinn Homes' record (Nora Quinn).
const onRecord = (kind: string) =>
  taskContext({
    kind: kind === 'notes' ? 'meeting_notes' : kind === 'email' ? 'email' : 'voice_memo',
    companyName: 'Quinn Homes',
    contactName: 'Nora Quinn',
  });
const titlesOf = (kind: string, text: string) => extractTasks(text, onRecord(kind)).map((t) => t.title);

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and a title it must read. */
const OWN_WORK = `
notes | keeps the customer of another item off a renewal of the team's own | Yard huddle 11/23\\n\\n- Quinn Homes asked for two light towers at the Elm lot Friday, Jake to load them\\n- Tom and Jake both need to renew their aerial lift cards before January | Renew aerial lift cards
notes | keeps the customer off the desk's own price sheet | Shop sync\\n- 6 units waiting on parts\\n- Maria to update the price sheet on the website by Friday\\n- Nora from Quinn Homes called about the trencher, Maria to send her the invoice | Update price sheet on website
notes | keeps the customer off a numbered item covering the desk | Branch weekly 11/23\\nMaria, Tom, Priya\\n\\n1) Quinn Homes phase 3 starts in January, Tom owns the proposal\\n2) Priya on leave next week, Maria covers the phones | Cover phones
memo | keeps the customer off an item under a label written by indent | Pipeline 11/23\\n\\nOpen:\\n  Quinn Homes - phase 3, waiting on their PO\\n  Library roof job - bid due 12/10\\n\\nNext:\\n  - Priya to get the library roof bid done by Friday | Get library roof bid done
`;

describe("round twenty-three: items of a record that are not its customer's", () => {
  it.each(tableCases(OWN_WORK))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toContain(expected);
  });
});

/** Titles that keep the record's customer, as before. */
const KEPT = `
notes | keeps the customer named in the heading on every item | Meeting w/ Quinn Homes 11/23\\n- they want the 60 ft boom for phase 3\\n- Tom to send the boom quote by Friday\\n- Jake to measure the gate at the site | Send boom quote to Quinn Homes
notes | keeps the customer on the item that names it | Yard huddle 11/23\\n- wash bay pump fixed\\n- Quinn Homes: Jake to look at their trencher today | Check trencher at Quinn Homes
email | keeps the customer whose signature closes the list | Tom,\\n\\nTwo things for phase 3:\\n1. we need the boom on site Monday\\n2. the heaters should be the big ones\\n\\nPlease send the revised quote today.\\n\\nNora Quinn\\nQuinn Homes | Send revised quote for boom to Quinn Homes
memo | keeps the customer of a memo written without items | Tom here. Nora at Quinn Homes wants the 60 ft boom for phase 3, I'll send the boom quote by Friday. | Send boom quote to Quinn Homes
`;

describe("round twenty-three: titles that keep the record's customer", () => {
  it.each(tableCases(KEPT))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toContain(expected);
  });
});
