/**
 * Round twenty-one of issue 26, speakers and authors (docs/ai.md, "Local provider rules"): a transcript's numbered
 * or role-only speakers ("Speaker 1:", "SPEAKER_00:", "Unknown Speaker:", "Agent:") read as the team's side and the
 * customer's, a memo opened by a member's name read as that member's, and a call between two members where what one
 * asks is the other's. The texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// A call's and a memo's default owner is Tom; a call's customer is Nora Quinn of Quinn Homes.
const tasksOf = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.ownerId.replace(/^u-/, '')}`);
const expectedTasks = (expected: string) => (expected === '-' ? [] : expected.split(', '));

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break), the tasks' verbs and owners. */
const SPEAKERS = `
call | reads "Speaker 2" who greets a member as the customer | Speaker 1: Thanks for calling, this is Jake.\\nSpeaker 2: Hi Jake, it's Nora from Quinn Homes. We'll keep our crew on the slab through Friday.\\nSpeaker 1: Got it, I'll bring a second heater out tomorrow morning.\\nSpeaker 2: Great. | Bring jake
call | reads time-stamped SPEAKER_00 who answers with the business's name as the team | [00:00:02] SPEAKER_00: Birchwood Equipment Rentals, how can I help?\\n[00:00:05] SPEAKER_01: Morning, Nora over at Quinn Homes. We'll pick the compactor up ourselves on Thursday.\\n[00:00:12] SPEAKER_00: Sounds good, I'll have it fueled and waiting at the counter. | Fuel tom
call | reads "Unknown Speaker" across from a member's lines as the customer | Tom: Service desk, Tom speaking.\\nUnknown Speaker: Yeah, we'll drop the generator back at your yard tonight.\\nTom: Okay, I'll check it over in the morning. | Check tom
call | reads an "Agent:" without a name as the team, who asks the customer | Agent: Good afternoon, thanks for calling.\\nCaller: Hi, it's Nora, the boom you dropped has a flat tire.\\nAgent: Sorry about that. Can you send me a photo of the tire? I'll have a tech out there today. | Send tom
call | reads "Speaker A" who introduces herself as the contact as the customer | Speaker A: Hi, this is Nora with Quinn Homes, we'll send the crew to unload the boom at noon.\\nSpeaker B: Okay Nora, I'll call you when the truck leaves the yard. | Call tom
`;

describe('round twenty-one: who is speaking in a transcript', () => {
  it.each(tableCases(SPEAKERS))('$name', ({ kind, text, expected }) => {
    expect(tasksOf(kind, text)).toEqual(expectedTasks(expected));
  });
});

const AUTHORS = `
memo | reads "<member> here" as the memo's speaker | Jake here. I'll swap the blade on the cut-off saw tomorrow before it goes out. | Swap jake
memo | reads "ok so this is <member>" as the memo's speaker | ok so this is Priya, I'm gonna call Nora about the deposit on Friday. | Call priya
memo | reads "hey it's <member>" as the memo's speaker | hey it's Maria, I need to send the Quinn statement out by Wednesday. | Send maria
`;

describe('round twenty-one: a memo opened by who records it', () => {
  it.each(tableCases(AUTHORS))('$name', ({ kind, text, expected }) => {
    expect(tasksOf(kind, text)).toEqual(expectedTasks(expected));
  });
});

const MEMBERS = `
call | reads a member's request of the other member on a call as the other's | Maria: Hey Jake, got a minute?\\nJake: Sure, what's up?\\nMaria: Can you run the light tower out to the Birch Street job tomorrow?\\nJake: Will do. | Deliver jake
call | reads "please <command>" between two members as the other's | Priya: Tom, quick one about the Quinn account.\\nTom: Go ahead.\\nPriya: Please pull the signed delivery tickets for the last two invoices.\\nTom: Okay. | Pull tom
`;

describe('round twenty-one: a call between two members', () => {
  it.each(tableCases(MEMBERS))('$name', ({ kind, text, expected }) => {
    expect(tasksOf(kind, text)).toEqual(expectedTasks(expected));
  });
});
