/**
 * Round twenty of issue 26's "AI 2", actions (docs/ai.md, "Round twenty: actions"): lines that name a call, a meeting,
 * an event with its day, a thing with its number, hours or a person to ask for rather than ask for anything, a call
 * tried again after no one answered, "put" or "set" told as done, a fallback action after a comma, and a confirmation
 * asked for with its sending. The texts here are written for this file: none of them is in the bench sets or the
 * corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const verbsOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
const expectedVerbs = (expected: string) => (expected === '-' ? [] : expected.split(', '));

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs ("-": none). */
const NAMED = `
call | reads a logged call's "Call with <name>" heading as no command | Call with Nora from Quinn Homes. The heater they have keeps tripping the breaker, I'll swing by tomorrow with a spare. | Fix
call | reads "Phone call w/ <name>" as no phone call to make | Phone call w/ Nora at Quinn Homes, she is happy with the lift. Nothing else. | -
call | reads "Call w/ <name> (<company>), long one" as no command | Call w/ Nora (Quinn Homes), long one. She is happy with the boom, nothing needed. | -
call | reads "Chat w/ <name> at <company>" as no chat to have | Chat w/ Nora at Quinn Homes, all good with the boom. | -
call | reads "<event> <day>, <a remark>" as an event named, not a command | Spoke with Nora at Quinn Homes. Block party Dec 4, maybe 200 people. She will call back once they have a headcount. | -
call | reads "<work>, start <day>" as a start named | Talked to Nora. New job on Birch Street, start Dec 7. I'll send her the rates for a mini ex tomorrow. | Send
call | reads "<event> <day>" of another kind as an event named | Talked to Nora. Dance recital Dec 5, about 80 families. She'll call back with a headcount. | -
memo | reads "Back from vacation <day>" as an absence | Back from vacation Monday. Jake, pull the Quinn invoices before then. | Pull
note | keeps a terse command with a day | Winterize generators Friday. | Winterize
email | reads "<role> on site is <name>" as a statement | Hi Tom,\\n\\nThe pour moved to Friday. Contact on site is Omar Reyes, 555-0190.\\n\\nNora | -
email | reads "<thing> <number> still at <place>" as a status | Maria,\\n\\nBoom 4-07 still at the Birch job, they kept it another week.\\n\\nTom | -
email | reads "ask for <name>" after directions as whom to see | Hi Tom,\\n\\nPlease pick up the heaters Friday. The gate is behind the barn, ask for Hector.\\n\\nNora | Pick
email | reads "call me if you have any questions" as an offer to be reached | Hi Tom,\\n\\nThe boom is working fine now. Call me if you have any questions.\\n\\nNora | -
email | reads "so text me if anything comes up" as an offer to be reached | Priya,\\n\\nI am at the trade show Thursday, so text me if anything comes up.\\n\\nTom | -
notes | reads "open Sat 8-12" as the business's hours | Ops huddle\\n- Holiday hours: open Sat 8-12, closed Monday.\\n- Maria: post the hours on the door. | Post
call | reads "We close at four on Saturday" as the business's hours | Spoke with Nora at Quinn Homes about picking up the saw. We close at four on Saturday. She will call back. | -
email | reads a signature's company line as a name | Hi Tom,\\n\\nThanks again for the quick swap, all good here.\\n\\nCheers,\\nOmar Reyes\\nSite Manager, Stonebend Commons | -
`;

describe('round twenty: a heading or an event with its day is no command', () => {
  it.each(tableCases(NAMED))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const RETRIES = `
call | reads "Try again Wed" after a voicemail as the call to make | LVM for Nora re: the damaged outrigger pad. Try again Wed. | Call
call | reads "will try him again" after no answer in the same sentence | Called Quinn Homes about the overdue statement, no answer, will try him again tomorrow morning. | Call
memo | reads "try back" after a call that went to voicemail | Rang Nora about the trailer deposit, went straight to voicemail. Gonna try back after lunch. | Call
call | reads no retry where a call was answered | Spoke with Nora about the deposit. She'll try again with the other card tomorrow. | -
`;

describe('round twenty: a call tried again after no one answered', () => {
  it.each(tableCases(RETRIES))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });

  it('dates the retry by its day and names what the message was about', () => {
    const [task] = extractTasks('LVM for Nora re: the damaged outrigger pad. Try again Wed.', kindContext('call'));
    expect(task).toMatchObject({ title: expect.stringMatching(/outrigger pad/), dueDate: '2026-11-25' });
  });
});

const DONE = `
call | reads a non-native "I put the hold on them" as done on the call | Talked with Nora from Quinn Homes. She want the two heaters again for the party. I say yes, is available, I put the hold on them. | -
memo | reads "I set the tire pressure" with no time ahead as done | Jake here. The Dunn trailer was low, I set the tire pressure on it. | -
call | reads a logged call's subjectless "Put a hold on ..." among past tenses as done | Spoke with Nora (Quinn Homes). Wanted the trencher Saturday, we're booked. Offered her Friday instead. Put a hold on unit 2 til Thursday noon. | -
memo | keeps "I put ... tomorrow" as a plan | I put new filters on the Dunn generator tomorrow morning. | Put
`;

describe('round twenty: a verb whose past is its base told as done', () => {
  it.each(tableCases(DONE))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

const FALLBACKS = `
call | reads the fallback after a comma as a second action | Spoke with Nora re the light tower that won't stay on. I'll drop a new battery off tomorrow, if that doesn't fix it I'll swap the whole unit. | Drop, Swap
call | reads "we'll" in the fallback as well | Nora called about the saw. I'll sharpen the blade this afternoon, if it still binds we'll send her the other saw. | Sharpen, Send
`;

describe('round twenty: the action after "if that doesn\'t fix it" is a task of its own', () => {
  it.each(tableCases(FALLBACKS))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

describe('round twenty: a confirmation asked for and its sending are one task', () => {
  it.each([
    [
      'a pickup time',
      'Hi Tom,\n\nCould you confirm the pickup time and send me the delivery ticket?\n\nNora',
      'Send delivery ticket',
    ],
    [
      'a new date',
      'Hi Tom,\n\nThe pour moved to Thursday. Can you confirm the new date and send an updated agreement?\n\nNora',
      'Send updated agreement',
    ],
  ])('reads "confirm %s and send ..." as one task, titled by the sending', (_what, text, title) => {
    const titles = extractTasks(text, kindContext('email')).map((t) => t.title);
    expect(titles).toEqual([expect.stringContaining(title)]);
  });

  it('keeps two tasks where a comma parts the confirming with someone from the sending', () => {
    const text = 'So confirm the Quinn walkthrough on the 3rd with their super, and send them the site map.';
    expect(verbsOf('memo', text)).toEqual(['Confirm', 'Send']);
  });
});
