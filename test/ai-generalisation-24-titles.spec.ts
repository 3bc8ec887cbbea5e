/**
 * Round twenty-four of issue 26's "AI 2", titles a person at the desk would write (docs/ai.md, "Local provider
 * rules"): a thing sent, delivered, booked or billed goes to the account, the customer's company, not the person who
 * asked for it; a unit brought where the customer's is taken back is a swap; a phrasal verb keeps its particle next to it; a thing got on a list is the list's work. The
 * texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases, taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago. The customer here is Odette Varga of Harbor Lane Builders, a contact
// whose surname is not the company's (kindContext's Nora Quinn of Quinn Homes is, and stays as the text names her).
const KINDS: Record<string, 'email' | 'call_transcript' | 'voice_memo' | 'sms'> = {
  email: 'email',
  call: 'call_transcript',
  memo: 'voice_memo',
  sms: 'sms',
};
const accountContext = (kind: string) =>
  taskContext({ kind: KINDS[kind], contactName: 'Odette Varga', companyName: 'Harbor Lane Builders' });
const titlesOf = (kind: string, text: string) => extractTasks(text, accountContext(kind)).map((t) => t.title);
// A memo on no customer's record (kindContext).
const plainTitlesOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title);

/** A rule's table of titles it changes and the table of titles that stay as they are, read by `read`. */
function describeTitles(
  title: string,
  changed: string,
  kept: string,
  read: (kind: string, text: string) => string[],
): void {
  describe(title, () => {
    it.each(tableCases(changed))('$name', ({ kind, text, expected }) => {
      expect(read(kind, text)).toEqual(expected.split('; '));
    });
    it.each(tableCases(kept))('keeps: $name', ({ kind, text, expected }) => {
      expect(read(kind, text)).toEqual(expected.split('; '));
    });
  });
}

/** A sending, a delivery, a booking: the company's name, where the person was named by a pronoun or a first name. */
const ACCOUNT = `
call | sends "you" the paper the caller asked for, to the company | Odette: Could I get the lien waiver for last month's rentals?\\nTom: Sure, I'll send you the lien waiver this afternoon. | Send lien waiver to Harbor Lane Builders
email | sends the one a first name signs for to the company | Hi Tom,\\n\\nCould you send me the fuel surcharge breakdown for the October invoices? Our bookkeeper is asking.\\n\\nThanks,\\nOdette | Send fuel surcharge breakdown to Harbor Lane Builders for October invoices
memo | moves "send Odette the X" to "send X to" the company | Tom here. I need to send Odette the revised delivery schedule by Wednesday. | Send revised delivery schedule to Harbor Lane Builders
call | books the machines held "for you" for the company | Odette: Can you keep the two trench boxes aside for us?\\nTom: Yes, I'll hold both trench boxes for you until Thursday. | Hold trench boxes for Harbor Lane Builders
`;

/** Where the person stays: a call, a mail or a text to them; a text that names them in full and never the company. */
const PERSON = `
call | keeps the person called back | Odette: The invoice has the wrong PO on it.\\nTom: Let me look into it and I'll call you back tomorrow. | Call Odette Varga back
call | keeps the person an email goes to | Odette: Can you get me the lift's spec sheet?\\nTom: I'll email you the spec sheet today. | Email spec sheet to Odette Varga
memo | keeps a person the memo names in full, the company unsaid | Tom here. Odette Varga wants the compactor manual again, I'll send her the compactor manual today. | Send compactor manual to Odette Varga
`;

describe('round twenty-four: a thing sent goes to the account', () => {
  it.each(tableCases(ACCOUNT))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
  it.each(tableCases(PERSON))('keeps: $name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
  it('keeps the contact whose surname is the company', () => {
    const text = 'Nora: Could you send me the lien waiver?\nTom: Sure, I will send you the lien waiver today.';
    expect(extractTasks(text, kindContext('call')).map((t) => t.title)).toEqual(['Send lien waiver to Nora Quinn']);
  });
});

/** A unit brought and the customer's one taken back (or swapped): a swap of the machine, at the customer. */
const SWAP = `
call | reads "bring a spare X and haul that one back" as a swap of the machine named before | Odette: The plate compactor keeps stalling on us.\\nTom: I'll bring a spare compactor out this afternoon and haul that one back. | Swap plate compactor at Harbor Lane Builders
memo | reads "run them out the other X and swap it" as a swap | Tom here. Harbor Lane's floor grinder died again. Jake, run them out the other grinder tomorrow and swap it. | Swap floor grinder at Harbor Lane Builders
`;

/** A unit brought with nothing taken back stays a delivery. */
const NO_SWAP = `
call | keeps a spare brought with nothing taken back | Odette: The crew lost a fuel can yesterday.\\nTom: No problem, I'll bring a spare fuel can out this afternoon. | Bring spare fuel can to Harbor Lane Builders
`;

describeTitles('round twenty-four: a unit brought for one taken back is a swap', SWAP, NO_SWAP, titlesOf);

/** A phrasal verb split by its object ("pick X up") is written with its particle next to it; "call X back" stays. */
const PARTICLE = `
memo | joins "pick <machine> up" before the place | Maria here. Jake, pick the 8 kW generator up from the Hollis site tomorrow. | Pick up 8 kW generator from Hollis site
memo | joins "drop <thing> off" before the place | Maria here. Sam, drop the spare hose reel off at the Birch St lot today. | Drop off spare hose reel at Birch St lot
memo | joins "set <thing> up" at the title's end | Maria here. Priya, set the new rental counter tablet up before Friday. | Set up new rental counter tablet
memo | joins "pick <machine> at <place> up" at the title's end | Maria here. Sam, please have the skid steer at the Dover St site picked up tomorrow. | Pick up skid steer at Dover St site
`;

/** A particle before a noun is a preposition; "call back" stays after its person. */
const NO_PARTICLE = `
memo | keeps "off" before a noun | Maria here. Jake, pull the old battery off the shelf for the loader. | Pull old battery off shelf for loader
memo | keeps "call <person> back" | Maria here. Tom, call Walt Dorsey back about the roller. | Call Walt Dorsey back about roller
`;

describeTitles('round twenty-four: a phrasal verb keeps its particle next to it', PARTICLE, NO_PARTICLE, plainTitlesOf);

/** A date's comma after the work's object ends the title's clause: what is said after it is no part of the work. */
const DATE_COMMA = `
memo | cuts "..., the crew finishes ..." after the day | Maria here. Sam, please have the skid steer picked up Friday, the crew finishes Thursday night. | Pick up skid steer
memo | cuts "..., need them before ..." after the day | Maria here. Jake, please order two new pins for the excavator by Wednesday, need them before the Lyle job. | Order two new pins for excavator
`;

/** A verb alone before the date keeps the words after its comma: the verb alone is no title. */
const VERB_ALONE = `
memo | reads on after "confirm by Wednesday," | Maria here. Tom, please confirm by Wednesday, we need to book the crew. | Confirm we need to book crew
`;

describeTitles(
  "round twenty-four: a date's comma after the object ends the title",
  DATE_COMMA,
  VERB_ALONE,
  plainTitlesOf,
);

/** Getting or putting a thing on a list is the work the list is for; "add X to the <papers> schedule" is as said. */
const ON_LIST = `
memo | reads "get it on the pickup list" as the pickup of the machine named before | Maria here. Walsh Paving is done with the walk-behind trencher. Sam, get it on the pickup list for Thursday. | Pick up walk-behind trencher
memo | reads "put it on <day>'s run" as its delivery | Maria here. Lee Events booked the towable light tower. Jake, put it on Friday's run. | Deliver towable light tower
memo | reads "get the demo on the calendar" as scheduling it | Maria here. Tom, get the skid steer demo on the calendar for next week. | Schedule skid steer demo
`;
const NOT_ON_LIST = `
memo | keeps "add X to the insurance schedule" | Maria here. Priya, add the new trailer to the insurance schedule by Friday. | Add new trailer to insurance schedule
`;

describeTitles("round twenty-four: a thing got on a list is the list's work", ON_LIST, NOT_ON_LIST, plainTitlesOf);
