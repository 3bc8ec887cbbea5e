/**
 * Round twenty-two of issue 26's "AI 2", titles that stand alone (docs/ai.md, "Round twenty-two, titles"): a call
 * that tells, reminds or asks the one called is a call about what it tells ("Call Nora about deposit"), not the one
 * called named twice; a sentence run on without a comma ("... they're out of stock", "... he said ...") is no part of
 * the title; a pronoun phrase ("that one", "both of them") is resolved once; and a question is written without its
 * own subject ("Check trencher availability", "Ask Gus Talbot about extending scissor lift"). The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's, of
// Quinn Homes.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' titles. */
const CALL_ABOUT = `
note | reads what is told up to its verb | Maria, can you call Wendell Ames at Ames Paving and tell him the trailer deposit is overdue? | Call Wendell Ames at Ames Paving about trailer deposit
sms | reads what is told to the contact | maria can u call nora and tell her the deposit is overdue | Call nora about deposit
email | reads an ask by its work | Hi Maria,\\nCould you call Nora and ask her to resend the signed contract?\\nThanks, Tom | Call Nora about resending signed contract
note | reads an ask to update by its work | Please call Mr Ames and ask him to update the card on file. | Call Mr Ames about updating card on file
`;

const RUN_ON = `
memo | cuts "they're ..." after the object | ok Tom here, Jake, order the hitch pins from Miller Supply they're out of stock at Dixon. | Order hitch pins from Miller Supply
memo | cuts "he said ..." after the recipient | ok Tom here, Maria, send the quote to Gus Talbot he said he's deciding this week. | Send quote to Gus Talbot
memo | cuts "<name>'s <thing> is ..." | ok Tom here, Jake, please book a second driver Priya's truck is in the shop. | Book second driver
memo | cuts at "cause" as at "because" | ok Tom here, Maria, loop in Priya cause she handles the billing. | Loop in Priya
memo | cuts "I'm ..." after the place | ok Tom here, Jake, drop the spare belt off at Talbot Farms I'm out that way anyway. | Drop off spare belt at Talbot Farms
`;

const PHRASES = `
memo | resolves "that one" once | ok Tom here, the stump grinder came back with a loose belt. Make sure Priya looks at that one before it goes out again. | Make sure Priya looks at stump grinder
memo | resolves "both of them" once | ok Tom here, the two light towers came back muddy. Jake, wash both of them. | Wash two light towers
memo | resolves "both of those" once | ok Tom here, Gus Talbot needs the COI and the W-9. Maria, send both of those to him. | Send COI and the W-9 to Gus Talbot
`;

const QUESTIONS = `
memo | reads "check if we have <thing> free" as its availability | ok Tom here, Jake, check if we have a trencher free for Thursday. | Check trencher availability for Thursday
memo | reads "ask <name> whether they want to <verb>" as an ask about it | ok Tom here, Maria, ask Gus Talbot whether they want to extend the scissor lift. | Ask Gus Talbot about extending scissor lift
note | reads "call <name> and see if they still need <thing>" as a call about it | Maria, can you call Wendell Ames and see if they still need the light towers? | Call Wendell Ames about light towers
note | reads "ask <member> whether he can <verb>" as an ask about it | Please ask Jake whether he can haul the roller on Saturday. | Ask Jake about hauling roller on Saturday
`;

/** What stays as it is: one told who is not the one called, what is told or asked, a new one of a part. */
const KEPT = `
note | leaves a call that tells someone else | Maria, can you call Wendell Ames and tell Jake the lift is ready? | Call Wendell Ames and tell Jake lift is ready
memo | leaves what is told after "tell" | ok Tom here, Maria, tell Gus Talbot they're getting charged for the late return. | Tell Gus Talbot they're getting charged for late return
memo | leaves what is checked after "if" | ok Tom here, Jake, check if they're done with the trencher. | Check if they're done with trencher
note | leaves a question of a thing's state | Please ask Jake if the trailer is hitched. | Ask Jake whether trailer is hitched
memo | leaves a count with no thing | ok Tom here, Jake, check if we have two. | Check if we have two
memo | leaves "a new one" of a part | ok Tom here, Jake, the compactor plate is cracked, order a new one. | Order new compactor plate
`;

describe('round twenty-two: titles that stand alone', () => {
  it.each([
    ...tableCases(CALL_ABOUT),
    ...tableCases(RUN_ON),
    ...tableCases(PHRASES),
    ...tableCases(QUESTIONS),
    ...tableCases(KEPT),
  ])('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
