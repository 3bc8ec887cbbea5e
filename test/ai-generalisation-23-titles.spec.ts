/**
 * Round twenty-three of issue 26's "AI 2", titles a person at the desk would write (docs/ai.md, "Local provider
 * rules"): a price sent with nothing named names the items the customer asked for; a promise to report back after the
 * work is the work; a promise passed on to the customer is the work promised; "make sure <things> are on <machine>" is
 * putting them on; an errand is the work it is for; a weekday left in a title goes. The texts here are written for
 * this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const titlesOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title);

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the titles, "; " apart. */
const PRICED = `
email | names the items needed before "send me a quote" | Hi Tom,\\n\\nWe're pouring the clinic slab on the 9th and will need two power trowels, a concrete buggy and a 10 ft screed. Could you send me a quote by Friday?\\n\\nNora | Send quote for two power trowels, concrete buggy and 10 ft screed to Quinn Homes
memo | names what "she wants pricing on" before "numbers to her" | Tom here. Talked to Nora at the depot, she wants pricing on a 3 ton dumper and a plate compactor for the spring work. Told her I'd have numbers to her by Wednesday. | Send quote for 3 ton dumper and plate compactor to Nora
call | names every machine the caller would need before a rough price | Nora: We might take the bridge deck job, and we'd need a couple of scissor lifts and a forklift, probably for March.\\nTom: Okay, we can do that.\\nNora: Could you give me a rough number by next week?\\nTom: Sure, I'll send a rough quote over by Friday. | Send rough quote for scissor lifts and forklift to Quinn Homes
email | drops a remark in brackets from the items | Hi Tom,\\n\\nFor the school reroof we will need a material hoist (the 28 ft one) and a dump trailer. Can you send me pricing and availability?\\n\\nNora | Send pricing for material hoist and dump trailer to Nora Quinn
`;

describe('round twenty-three: a price names the items asked for', () => {
  it.each(tableCases(PRICED))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** A promise to report back after the work: the work, for the one told when that is no member. */
const REPORTED = `
call | drops "and get back to you" after a look, for the caller | Nora: Is the big chipper free the week of the 7th?\\nTom: Let me look at the yard board and get back to you this afternoon. | Check yard board for Nora Quinn
memo | drops "and get back to <customer>" with what follows it | Tom here. Quinn Homes asked about the damage fee, I'll look into the fee and get back to Quinn Homes after the weekend. | Look into fee for Quinn Homes
memo | keeps only the work when the one told is a member | Maria here. Sam, check the spare tire on trailer 4 and get back to Priya before lunch. | Check spare tire on trailer 4
`;

describe('round twenty-three: the work, not the report back', () => {
  it.each(tableCases(REPORTED))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** A promise passed on to the customer ("I tell her I ..."): the work promised. */
const RELAYED = `
memo | reads "I tell her I bring <machine>" as the bringing, to the one told | Tom here. Nora rang, the plate compactor quit on her driveway job. I tell her I bring a spare compactor tomorrow morning. | Bring spare compactor to Nora
memo | reads "I tell her <member> send <paper>" as the sending | Tom here. Nora wants the lift manual again, I tell her Priya send the manual today. | Send manual to Nora
memo | reads "I tell him <member> call him back" as the call | Tom here. Walt Dorsey from Dorsey Paving asked about a second roller, I tell him Jake call him back. | Call Walt Dorsey back about second roller
`;

describe('round twenty-three: a promise passed on is the work promised', () => {
  it.each(tableCases(RELAYED))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** An errand said before the work: the work, at the place visited; reaching out, the call or what it is for. */
const ERRAND = `
memo | reads "swing by <place> on the way and check <machine>" as the check there | Maria here. Jake, swing by the Birch St lot on the way and check the light tower. | Check light tower at Birch St lot
memo | reads "stop by <place> after lunch to look at <machine>" as the check there | Maria here. Sam, stop by the Quinn yard after lunch to look at the pressure washer. | Check pressure washer at Quinn yard
memo | reads "reach out to <person>" as the call | Maria here. Priya, please reach out to Walt Dorsey today. | Call Walt Dorsey
memo | reads "reach out to schedule <event>" as the scheduling | Maria here. Tom, reach out separately to schedule a demo of the compact loader. | Schedule demo of compact loader
`;

describe('round twenty-three: an errand is the work it is for', () => {
  it.each(tableCases(ERRAND))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** A weekday said of something else than the task's date: no date words in a title. */
const LEFT_DAY = `
memo | drops "free <weekday>" at the end of a question to ask | Maria here. Jake, ask Priya if the small trencher is free Thursday. | Ask Priya whether small trencher is free
memo | drops "on <weekday>" after what the photos are from | Maria here. Priya, email Nora the photos from the site visit on Friday. | Email Nora photos from site visit
memo | drops the weekday of the news told | Maria here. Tom, tell Priya the Quinn crew is returning the roller Monday. | Tell Priya Quinn crew is returning roller
`;

describe('round twenty-three: a weekday left in a title goes', () => {
  it.each(tableCases(LEFT_DAY))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** "Make sure" said of things to be on a machine: putting them on. */
const MADE_SURE = `
memo | reads "make sure <things> are on <machine>" as putting them on | Maria here. Make sure the ramps are on the trailer before the Quinn run. | Put ramps on trailer
`;

describe('round twenty-three: "make sure <things> are on <machine>" is putting them on', () => {
  it.each(tableCases(MADE_SURE))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});

/** Titles that stay as they were. */
const KEPT = `
email | keeps a quote that names its machine | Hi Tom,\\n\\nWe need a light tower for the lot. Please send a quote for the light tower by Friday.\\n\\nNora | Send quote for light tower to Quinn Homes
memo | keeps "get back to" that is the whole task | Tom here. Nora left a voicemail about the trencher, I need to get back to her today. | Call Nora back about trencher
memo | keeps "tell <member> <news>" a telling | Tom here. Nora's crew finished early. Tell Jake the Quinn trencher is ready for pickup. | Tell Jake Quinn trencher is ready for pickup
memo | keeps a weekday the work moves something to | Maria here. Jake, move the Quinn delivery to Friday. | Move Quinn delivery to Friday
memo | keeps a weekday the call is about | Maria here. Sam, call Quinn Homes about Thursday's pickup. | Call Quinn Homes about Thursday's pickup
memo | keeps "make sure <member> sends <paper>" as said (round twenty-two's titles keep a member's "make sure") | Maria here. Make sure Priya sends the lien waiver to Quinn Homes. | Make sure Priya sends lien waiver to Quinn Homes
memo | keeps "make sure <machine> is in <state>" as said | Maria here. Make sure the lift is in good shape before Friday. | Make sure lift is in good shape
memo | keeps a visit with no work said | Maria here. Jake, swing by the Quinn yard on the way back. | Swing by Quinn yard
email | keeps a quote when the need names no machine | Hi Tom,\\n\\nWe need it by the 14th at the latest. Could you send me a quote by Friday?\\n\\nNora | Send quote to Nora Quinn
`;

describe('round twenty-three: titles that stay', () => {
  it.each(tableCases(KEPT))('$name', ({ kind, text, expected }) => {
    expect(titlesOf(kind, text)).toEqual(expected.split('; '));
  });
});
