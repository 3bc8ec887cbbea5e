/**
 * Round twenty-one of issue 26's "AI 2", actions (docs/ai.md, "Round twenty-one: actions"): lines that name a
 * machine's rental state, a count of things met or a matter by its compound noun rather than ask for anything, a
 * heading with its day and who came; and a hand-off said in the progressive ("I'm handing it to Priya"). The texts
 * here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const verbsOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
const expectedVerbs = (expected: string) => (expected === '-' ? [] : expected.split(', '));

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs ("-": none). */
const NAMED = `
notes | reads "<machine> on rent since <month>" as a rental's state | Sales sync\\n1. Quinn Homes - lift on rent since October, happy with it.\\n2. Birch Paving - nothing new. | -
notes | reads "<machine> out through <date>" as a rental's state | Sales sync\\n1. Quinn Homes - lift out through 12/4, may want it longer. | -
memo | reads "Couple leads." as things met, counted | Tom here, the expo went well. Good crowd. Couple leads. Nothing else today. | -
memo | reads "Couple <things> about <thing>" as things met, counted | Maria here. Slow morning. Couple calls about heaters after lunch. All handled. | -
notes | reads "<noun> <noun> <noun> request" as a matter named | Billing review\\n1. Quinn Homes - fuel surcharge waiver request (two invoices). Tom said yes. | -
notes | reads "<noun> <noun> project" as a matter named | Pipeline\\n1. Quinn Homes - spring warehouse project, two booms April to June. | -
notes | reads "<day> huddle <date> - <names>" as a heading with who came | Tuesday standup 11/24 - Jake, Tom, Priya\\n- Yard is quiet this week. | -
notes | keeps a command that puts a machine on rent | Ops\\n- Jake: put the boom on rent for Quinn Homes today. | Put
`;

describe('round twenty-one: a rental state, a count or a matter named is no command', () => {
  it.each(tableCases(NAMED))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const HANDOFFS = `
call | reads "I'm handing it to <member>" after unanswered messages as the writer's hand-off | LVM for Nora re: the unpaid deposit on the mixer. Second msg. If nothing by Friday I'm handing it to Priya for collections. | Hand
memo | reads "we're passing <thing> to <member>" as a hand-off | Tom here. The Quinn damage claim is stuck, we're passing the whole file to Maria this week. | Pass
`;

describe('round twenty-one: a hand-off said in the progressive', () => {
  it.each(tableCases(HANDOFFS))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});
