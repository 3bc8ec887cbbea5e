/**
 * Round eighteen of issue 26's "AI 2" (docs/ai.md, "Round eighteen"): meeting notes name owners by their initials,
 * "(JW)" at an item's end or "JW:" as its label, and customers' names heading bullets are topics; a mail's "Please find attached ..." asks nothing; "Is there any way you can ...?" asks. The texts are
 * written for this file, in no bench set.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's first verb and owner. */
const OWNERS = `
notes | reads "(JW)" at an item's end as Jake Wilson | Ops huddle\\n\\nAction items\\n- Grease the two rollers before Thursday (JW)\\n- Renew the forklift permits (PS) | Grease u-jake, Renew u-priya
notes | reads "JW:" labelling an item as Jake Wilson | Service review\\n\\nTODO\\n- JW: order the boom's tilt sensor today\\n- ML: call the Elm St customer back | Order u-jake, Call u-maria
notes | reads customers' names heading bullets as topics, not speakers | Pipeline\\n\\nOpen deals\\n- Quinn Homes: wants two scissors in July\\n- Elm Builders: quote out, waiting\\n\\nNext steps\\n- Priya: run a credit check on Quinn Homes\\n- Jake to fuel the light towers | Run u-priya, Fuel u-jake
notes | reads initials no member has as no one's | Yard walk\\n\\nTo do\\n- XY: sweep the wash bay | Sweep u-tom
`;

describe('round eighteen: initials as owners', () => {
  it.each(tableCases(OWNERS))('$name', ({ kind, text, expected }) => {
    const read = extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.ownerId}`);
    expect(read).toEqual(expected.split(', '));
  });
});

/** One case a line: the kind, what it shows, the text and the tasks' first verbs ("-" none). */
const POINTERS = `
email | reads "Please find attached our PO" as no task | Hi Tom,\\n\\nPlease find attached our PO 7781 for the March rentals.\\n\\nNora | -
email | reads "Kindly find below the points" as no task, the points as tasks | Priya,\\n\\nKindly find below few points for the month end:\\n- Send the statement to Quinn Homes by Friday\\n\\nNora | Send
email | still reads "Please find the spare key and leave it at the gate" | Hi Tom,\\n\\nPlease find the spare key and leave it at the gate.\\n\\nNora | Find
`;

describe('round eighteen: what a mail points to is no task', () => {
  it.each(tableCases(POINTERS))('$name', ({ kind, text, expected }) => {
    const verbs = extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
    expect(verbs.join(', ') || '-').toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text and the tasks' titles. */
const ASKS = `
email | reads "Is there any way you can X?" as a request | Hi Tom,\\n\\nIs there any way you can waive the fuel charge on invoice 4410?\\n\\nNora | Waive fuel charge on invoice 4410 for Quinn Homes
email | reads "Is it possible for you to X?" as a request | Hi Tom,\\n\\nIs it possible for you to resend the delivery ticket?\\n\\nNora | Resend delivery ticket to Quinn Homes
email | reads "Any way we can get X done?" as the customer asking the team | Hi Tom,\\n\\nAny way we can get the roller picked up tomorrow?\\n\\nNora | Pick up roller from Quinn Homes
call | reads "Hang on, let me ask my guy" as the caller's pause, no task | Tom: Acme Rentals, Tom.\\nNora: I need two heaters for Friday.\\nTom: Delivered or picked up?\\nNora: Hang on, let me ask my guy.\\nNora: We'll pick up. | -
note | still reads "Hold on to the deposit until Friday" | Hold on to the Quinn deposit until Friday. | Hold on to Quinn deposit
email | keeps a title's "Mr." with its name | Tom,\\n\\nKindly call Mr. Desai about the cheque.\\n\\nNora | Call Mr Desai about cheque
memo | ends no title on the "till" its date left | Jake please hold the concrete saw till Friday. | Hold concrete saw
memo | ends no title on an "and get" with nothing after it | ok Jake take the lowboy to the tire shop after lunch and get | Take lowboy to tire shop
email | reads "There is no way we can X" as no request | Hi Tom,\\n\\nThere is no way we can finish the pour by Friday.\\n\\nNora | -
`;

describe('round eighteen: a request asked as "is there any way"', () => {
  it.each(tableCases(ASKS))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles.join(', ') || '-').toBe(expected);
  });
});
