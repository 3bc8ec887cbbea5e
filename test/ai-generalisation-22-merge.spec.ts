/**
 * Round twenty-two of issue 26's "AI 2", one action or two (docs/ai.md, "Round twenty-two, one action or two"): a
 * change to a bill and the corrected bill it makes, sent; a look at a machine and the write-up of what it finds; a
 * call and what it gets or arranges: each one task, as the labelling conventions count them. The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const verbsOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
const expectedVerbs = (expected: string) => (expected === '-' ? [] : expected.split(', '));

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs ("-": none). */
const JOINED = `
memo | reads "credit <days> and send her a corrected invoice" as one task | Priya here. Nora from Quinn Homes is right about the rain days, so I'll credit the two days and send her a corrected invoice. | Credit
call | reads "take the fee off and email you a revised statement" as one task | Nora: We never asked for the cleaning, that fee shouldn't be on there.\\nPriya: Fair enough, I'll take the fee off and email you a revised statement. | Take
email | reads "void invoice <number> and send us a credit memo" as one task | Hi Priya,\\n\\nWe were billed twice for one delivery. Please void invoice 4410 and send us a credit memo.\\n\\nNora | Void
notes | reads "inspect <machine> and write up any damage" as one task | Yard sync\\n- Dan: inspect the trencher when it comes back and write up any damage | Inspect
memo | reads "look over <machine> and write up a repair estimate" as one task | Maria here. Jake, look over the pressure washer from the Birch job and write up a repair estimate. | Check
email | reads "come back out <day> and bring <part>" as one task, the work | Hi Tom,\\n\\nThe pump still loses prime after an hour. Can you come back out Thursday and bring the longer suction hose you talked about?\\n\\nNora | Bring
call | reads "I'll swing over after, maybe noon, with <part> and check <part>" as one task | Nora: The saw keeps stalling on us.\\nJake: I'm on a drop across town, I'll swing over after, maybe noon, with a new belt and check the pulley. | Check
memo | reads "please check and top up <thing>" as one task, the verbs sharing their object | Maria here. Jake, please check and top up the hydraulic oil on the skid steer before it goes out. | Check
email | reads "can you price and book <machines>" as one task | Hi Tom,\\n\\nCan you price and book two light towers for the Birch St lot?\\n\\nNora | Price
memo | reads "collect <machines> and haul both back to the shop" as one task, the trip | Maria here. Sam, collect the two generators at the Birch St lot tonight and haul both back to the shop. | Collect
call | reads "take a replacement over and bring the broken one back" as one task, the trip | Nora: The heater we got from you keeps cutting out.\\nTom: Sorry about that, I'll have Jake take a replacement heater over this morning and bring the broken one back. | Take
notes | reads "call <customer> today and get a delivery window" as one task, the call | Ops\\n- Tom to call Quinn Homes today and get a delivery window | Call
memo | reads "ring <contact> back and sort out a swap" as one task, the call | Maria here. Tom, please ring Nora back and sort out a swap for the heater. | Call
memo | reads "..., so Monday I will call her and take the card details" as one task, the call | Priya here. Nora wants to pay the two open invoices by card, but she's out today, so Monday I will call her and take the card details. | Call
`;

describe('round twenty-two: two verbs the conventions count as one task', () => {
  it.each(tableCases(JOINED))('$name', ({ kind, text, expected }) => {
    expect(verbsOf(kind, text)).toEqual(expectedVerbs(expected));
  });
});

/** Pairs that stay two tasks, as the labels count them. */
const APART = `
memo | keeps "extend the rental and send her the updated agreement" two tasks | Maria here. Nora wants the boom another week, so extend the rental and send her the updated agreement. | 2
memo | keeps "fix <machine> and send me the invoice" two tasks | Tom here. Dan, fix the pump at the Birch job and send me the invoice. | 2
memo | keeps "come out tomorrow and look at it" one task, titled as before | Jake here. Nora's heater won't light, I'll come out tomorrow and look at it. | 1
memo | keeps "check if <machine> is free and call her back" two tasks | Maria here. Nora needs a trencher Friday. Sam, check if the trencher is free and call her back. | 2
`;

describe('round twenty-two: pairs that stay two tasks', () => {
  it.each(tableCases(APART))('$name', ({ kind, text, expected }) => {
    expect(extractTasks(text, kindContext(kind))).toHaveLength(Number(expected));
  });
});
