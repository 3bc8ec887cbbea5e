/**
 * Round seventeen of issue 26's "AI 2", actions (docs/ai.md, "Round seventeen, actions"): a need passed on
 * in the middle of a run-on, a needed thing's size said between commas, desk verbs the list lacked, and what is no task
 * (a status with a name or the weather as its subject, a way to reach the writer offered besides the ask, a bare "I'll
 * tell him."). The texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs. */
const VERBS = `
memo | reads "she needs X moved" passed on mid-run-on | ok it's Jake Nora from Quinn Homes rang the counter she needs the scissor lift moved to the east side on Friday | Move
memo | reads "they need X swapped" passed on mid-run-on | so the framing crew called they need the heater swapped before the pour tomorrow | Swap
memo | reads "he also needs X fueled" passed on mid-run-on | Sam stopped by the yard he also needs the light tower fueled by noon | Fuel
memo | reads "they also need X serviced" passed on mid-run-on | Dan called from the Elm job they also need the generator serviced before Monday | Service
memo | reads "while we wait I'll ..." as the speaker's action meanwhile | the boom at the Quinn job is leaking, order a new hydraulic hose, and while we wait I'll tag the boom out so nobody rents it | Order, Tag
email | reads a needed thing's size between commas | Tom,\\n\\nThe trenching starts Monday. I'll need a second trench plate, 8 foot, added to the order.\\n\\nNora | Add
email | reads "Weather pushed our pour back" as a status, not a command | Tom,\\n\\nWeather pushed our pour back a week. Can you move the mixer to next Friday?\\n\\nNora | Move
note | reads "X still owes on ..." as a status, not a command | Stonegate Builders still owes on two invoices from October. I will call Nora on Wednesday about them. | Call
notes | reads "inventory" as a desk verb on a shared line | Shop meeting\\n\\nTo do\\n1. Jake + Tom: inventory the spare tires and tubes | Inventory
notes | reads "select" as a desk verb | Marketing\\n\\nNext steps\\n- Priya: select two machines for the spring flyer | Select
email | reads "If it's easier, give me a ring" as no ask of its own | Hi Tom,\\n\\nCould you send me the rates for a 60 ft boom? If it's easier, give me a ring at 555-0100 after lunch.\\n\\nNora | Send
email | reads "if you'd rather, just call me" as no ask of its own | Hi Tom,\\n\\nPlease email the delivery ticket for the compactor. If you'd rather, just call me on my cell.\\n\\nNora | Email
email | reads "If it's simpler, just call me" as no ask of its own | Hi Tom,\\n\\nCan you quote a week on the 45 ft boom? If it's simpler, just call me.\\n\\nNora | Quote
email | reads "If it needs X, let Jake know." as no task of its own | Tom,\\n\\nCan you grease the boom before it goes out Friday? If it needs a new fitting, let Jake know.\\n\\nNora | Grease
call | reads a bare "I'll tell him." as no second task | Priya: Accounts, Priya.\\nNora: I still need the credit memo.\\nPriya: I'll get Tom to email you the credit memo today.\\nNora: Thanks.\\nPriya: I'll tell him. | Email
`;

describe('round seventeen: needs passed on mid-run-on, desk verbs, statuses and offers that are no task', () => {
  it.each(tableCases(VERBS))('$name', ({ kind, text, expected }) => {
    const verbs = extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
    expect(verbs).toEqual(expected.split(', '));
  });
});
