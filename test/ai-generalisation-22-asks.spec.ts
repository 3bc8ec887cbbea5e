/**
 * Round twenty-two of issue 26's "AI 2", indirect asks and commitments (docs/ai.md, "Round twenty-two, indirect
 * asks"): a commitment reported with a time between the telling and the promise ("I told 'em first thing Tuesday I'd
 * bring ...") or told in a non-native present ("I tell him I will ask Jake"); a polite condition ("if Jake can drop a
 * stack off ... that'd be great"); a wish with the work done to the thing ("we'd like them delivered by December 2");
 * "someone to show the custodian how to use it"; a customer's "can we meet this week?"; a pickup a customer's mail
 * invites with no object and a question of what to send. The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a customer's kinds name Nora Quinn.
const verbsOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
const expectedVerbs = (expected: string) => (expected === '-' ? [] : expected.split(', '));

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs ("-": none). */
const REPORTED = `
memo | reads "I told 'em <time> I'd <verb>" as the speaker's commitment, at that time | Tom here. The small mixer is too slow for Quinn, so I told 'em first thing Tuesday I'd bring the big one out. | Bring
note | reads "I tell him I will ask <member>" as the writer's asking, not a telling | Quinn Homes called about the heater. I tell him I will ask Jake about a second unit. | Ask
memo | keeps "I told 'em <fact>" no commitment | Tom here. Nora asked about Friday, I told 'em the yard is closed Friday. | -
`;

describe('round twenty-two: a commitment reported', () => {
  it.each(tableCases(REPORTED))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const POLITE = `
memo | reads "if <member> can <verb> ... that'd be great" as an ask of the member | Tom here at the expo. Running low on flyers, so if Jake can drop a stack off here before ten tomorrow that'd be great. | Drop
email | reads "If you can <verb> ..., I'd appreciate it" as an ask | Hi Tom,\\nIf you can send over the signed rental agreement, I'd appreciate it.\\nNora | Send
email | reads "If one of you could <verb> ..., that would be a big help" as an ask | Hi team,\\nIf one of you could look at the gate latch on the rented fence panels today, that would be a big help.\\nNora | Check
memo | keeps "if <member> can <verb>" with no polite tail a condition | Tom here. If Jake can make it Friday, the Quinn job starts early. | -
`;

describe('round twenty-two: a polite condition asks', () => {
  it.each(tableCases(POLITE))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const WISHES = `
email | reads "we'd like them <done> by <date>" as an ask for that work | Hi Tom,\\nThe two patio heaters you hold for us, we'd like them delivered by December 2 if possible.\\nNora | Deliver
email | reads "I'd love the <thing> <done>" as an ask for that work | Hi Tom,\\nThe rate on our last bill is the old one, I'd love the invoice corrected before our payables run.\\nNora | Correct
memo | reads "they want <thing> redone" passed on as the team's work | Tom here. Quinn Homes called, they want their certificate of insurance redone with the new company name. | Redo
memo | keeps "wants <event> moved to <day>" an event's new day, the command after it the task | Tom here. Quinn wants the Thursday delivery moved to Monday, update the board. | Update
memo | keeps a wish the team's answer after it in the sentence settles one task | Tom here. Quinn wants the boom swapped, so I'll send Jake out with another one Monday. | Send
sms | reads "need one person to show <person> how to use <thing>" as the team's work | scrubber arrived at the school. need one person to show our janitor how to use the scrubber | Show
`;

describe('round twenty-two: a wish with the work done to the thing', () => {
  it.each(tableCases(WISHES))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const MEETINGS = `
sms | reads a customer's "can we meet this week?" as a meeting the team sets up | nora here. the gala is on the 12th, need lights and a generator. can we meet this week? | Meet
email | reads a customer's "could we go over <thing> Friday?" as the team's | Hi Tom,\\nCould we go over the spring quote on Friday?\\nNora | Go
email | keeps a customer's "can we discuss with <someone else>" their own | Hi Tom,\\nThanks for the quote. Can we discuss with our board and reply by Friday?\\nNora | -
`;

describe("round twenty-two: a customer's meeting asked for is the team's", () => {
  it.each(tableCases(MEETINGS))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const CUSTOMERS = `
email | reads "you can pick up from <place> any day this week" in a customer's mail as a pickup | Hi Tom,\\nWe are done with the light tower, you can pick up from the back lot any day this week.\\nNora | Pick
email | reads "what do we need to send you?" as an ask for the forms | Hi Tom,\\nWe want to open an account with you, what do we need to send you?\\nNora | Send
sms | keeps "you can call me" no pickup | you can call me after 3 if anything comes up | -
`;

describe("round twenty-two: a customer's invitation and questions", () => {
  it.each(tableCases(CUSTOMERS))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});
