/**
 * Round twenty-three of issue 26's "AI 2", actions the rules did not find (docs/ai.md, "Local provider rules", and
 * the "round twenty-three, actions" rows of "Figures"): the clause a task reports keeps the name its sentence turns
 * to; a member the writer wants to act ("I want Jake to ...") is the one the task is for; "somebody <verb>" is a command;
 * a visit promised after a fault is its fix, with a fallback swap a task of its own; a notes' dispatch line ("light
 * tower + generator to Harbor Marine") is a delivery, and so is a trip with a machine ("I go to Harbor Marine with
 * the heater"); a machine pulled into the shop and the work done on it are one task, the work; a member's item
 * naming a state with a deadline ("both towers fueled and washed before Friday") is the work, as is the team's "have
 * <thing> <state>" ("I'll have them on the morning run"). The texts here are written
 * for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const verbsOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ')[0]);
const clausesOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.clause);

/** A table's cases, each expecting what `read` gives for its text: a list said with ", " ("-": none). */
function readsAs(title: string, table: string, read: (kind: string, text: string) => string[]): void {
  describe(title, () => {
    it.each(tableCases(table))('$name', ({ kind, text, expected }) => {
      expect(read(kind, text)).toEqual(expected === '-' ? [] : expected.split(', '));
    });
  });
}

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the first task's clause. */
const TURNED_TO = `
memo | keeps "Jake, could you ..." in the clause | Maria here. Jake, could you haul the spare generator over to the Birch St lot? | Jake, could you haul the spare generator over to the Birch St lot?
email | keeps "Tom, please ..." in the clause | Hi all,\\n\\nThe pallet forks on the big forklift are cracked. Tom, please order a new pair from the dealer.\\n\\nMaria | Tom, please order a new pair from the dealer.
memo | keeps the name before the first of two clauses only | Priya here. Sam, can you fuel the light towers, and Jake will load them after lunch. | Sam, can you fuel the light towers
`;

describe('round twenty-three: a clause keeps the name it turns to', () => {
  it.each(tableCases(TURNED_TO))('$name', ({ kind, text, expected }) => {
    expect(clausesOf(kind, text)[0]).toBe(expected);
  });
});

/** Clauses that stay as they were. */
const AS_THEY_WERE = `
notes | keeps a note's label out of the clause | Yard sync\\n- Dan: order the filters for the skid steer | order the filters for the skid steer
memo | keeps a sentence that turns to no one as it is | Maria here. Please wash the scissor lift before it goes out. | Please wash the scissor lift before it goes out.
`;

describe('round twenty-three: clauses that stay as they were', () => {
  it.each(tableCases(AS_THEY_WERE))('$name', ({ kind, text, expected }) => {
    expect(clausesOf(kind, text)[0]).toBe(expected);
  });
});

const ownedVerbs = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.ownerId} ${t.title.split(' ')[0]}`);

/** One case a line: the kind of text, what it shows, the text and the tasks' owners and verbs ("-": none). */
const WANTED = `
memo | reads "I want <member> to <verb>" as the member's task | Tom here. The Birch St crew keeps asking about the deposit. I want Priya to chase the refund this week. | u-priya Chase
memo | reads "we need <member> to <verb>" as the member's task | Maria here. Two towers are coming back dirty, so we need Jake to wash both before Friday. | u-jake Wash
email | reads "I'd like <member> to <verb>" as the member's task | Hi team,\\n\\nThe quote for Quinn Homes went out wrong. I'd like Tom to redo the rate sheet today.\\n\\nMaria | u-tom Redo
`;

readsAs('round twenty-three: a member the writer wants to act', WANTED, ownedVerbs);

/** Wants that stay as they were: a customer wanted to act, "you" wanted to act. */
const NOT_WANTED = `
memo | keeps a customer the writer wants to act no task of the team | Tom here. I want Nora to sign the damage waiver before pickup. | -
memo | keeps "I need you to <verb>" the addressee's | Maria here. Jake, I need you to grease the loader before lunch. | u-jake Grease
`;

readsAs('round twenty-three: wants that stay as they were', NOT_WANTED, ownedVerbs);

/** One case a line: the kind of text, what it shows, the text and the tasks' verbs ("-": none). */
const SOMEONE = `
memo | reads "so somebody <verb> ..." as a command | Maria here. The forklift horn is dead, so somebody swap the fuse before lunch please. | Swap
memo | reads "somebody from the yard <verb> ..." as a command | Tom here. The chipper came back caked in sap, somebody from the yard hose it down tonight. | Hose
memo | reads "someone <verb> ..." after a report | Priya here. Quinn Homes paid twice in October, someone refund the second payment by Friday. | Refund
memo | reads a non-native "somebody from shop need to <verb>" as a command | Sam here. The chipper belt is squeaking bad. Somebody from shop need to check the belt before it goes out Friday. | Check
`;

readsAs('round twenty-three: "somebody <verb>" as a command', SOMEONE, verbsOf);

/** "somebody" that stays as it was: after a modal, after "if", and a third person's verb. */
const NOT_SOMEONE = `
memo | keeps "can somebody <verb>" the request it was | Maria here. Can somebody wash the skid steer before it goes out? | Wash
memo | keeps "if somebody <verb>s" no command | Tom here. If somebody calls about the trencher, it is out until Friday. | -
`;

readsAs('round twenty-three: "somebody" that stays as it was', NOT_SOMEONE, verbsOf);

/** One case a line: the kind of text, what it shows, the text and the tasks' verbs ("-": none). */
const VISITS = `
call | reads a visit after "drifts down" as the fix, the fallback swap a second task | Nora: The scissor lift platform drifts down when the crew is up there.\\nJake: I'll be out after lunch with a seal kit.\\nNora: We need it by Thursday.\\nJake: Understood, and if I can't fix it on site I'll swap you a different unit. | Fix, Swap
memo | reads "Going out <day> with <tool>" after "has a flat" as the fix | Tom here. Quinn Homes called, the skid steer at the Birch St lot has a flat on the front left. Going out this afternoon with the tire trailer. | Fix
`;

readsAs('round twenty-three: a visit after a fault', VISITS, verbsOf);

/** Visits that stay as they were: the work said plainly covers the visit; a trip with no fault is no fix. */
const VISITS_AS_THEY_WERE = `
call | keeps "I'll swap you a different one ... I can be there ..." one task | Jake: Yard, Jake.\\nNora: The trench roller you dropped off won't start.\\nJake: I'll swap you a different one, I can be out there around ten.\\nNora: Thanks. | Swap
memo | keeps "Going out <day>" with no fault said no task | Tom here. Going out this afternoon with the tire trailer. | -
`;

readsAs('round twenty-three: visits that stay as they were', VISITS_AS_THEY_WERE, verbsOf);

const deliveries = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.dueDate ?? '-'}`);

/** One case a line: the kind of text, what it shows, the text and the tasks' verbs and due dates ("-": none). */
const DISPATCH = `
notes | reads lines of machines "to" a customer under a day's heading as that day's deliveries | Yard runs\\nTue 11/24\\n- light tower + generator to Harbor Marine, 7am\\n- Skid steer and trailer to Quinn Homes | Deliver 2026-11-24, Deliver 2026-11-24
notes | reads "Wed: <machine> + <machine> to <customer>" as that day's delivery | Dispatch\\nWed: plate compactor + water trailer to Quinn Homes, crew starts at 6 | Deliver 2026-11-25
`;

readsAs('round twenty-three: a notes dispatch line', DISPATCH, deliveries);

/** Lines that stay as they were: a report of a move, a line with no machine. */
const NOT_DISPATCH = `
notes | keeps a machine that went back to a customer no task | Yard runs\\n- the light tower went back to Harbor Marine on Friday | -
notes | keeps a line with no machine no task | Sales\\n- Holiday cards to Quinn Homes and Harbor Marine | -
`;

readsAs('round twenty-three: notes lines that stay as they were', NOT_DISPATCH, deliveries);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first three words ("-": none). */
const TRIPS = `
memo | reads "after lunch I go to <place> with <machine>" as its delivery | Jake here. Morning I do the yard. After lunch I go to Harbor Marine with the pressure washer. | Deliver pressure washer
memo | reads "I'm heading out to <place> with <machine>" as its delivery | Jake here, Tuesday. I'm heading out to the Birch St job with the plate compactor at noon. | Deliver plate compactor
`;

const firstWords = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ').slice(0, 3).join(' '));

readsAs('round twenty-three: a trip with a machine', TRIPS, firstWords);

/** Trips that stay as they were: one done, one with no machine. */
const NOT_TRIPS = `
memo | keeps a trip done no task | Jake here. Yesterday I went to Harbor Marine with the pressure washer, all good. | -
memo | keeps a trip with no machine no task | Jake here. After lunch I go to Harbor Marine with Tom for the walkaround. | -
`;

readsAs('round twenty-three: trips that stay as they were', NOT_TRIPS, firstWords);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first three words. */
const INTAKE = `
notes | reads "pull <machine> into the shop, check <part>" as one task, the check | Yard sync\\n- Jake: pull the 10k forklift into the shop, check the mast chains | Check mast chains
memo | reads "bring <machine> in and look at <part>" as one task, the look | Maria here. Jake, when the trencher comes back, bring the trencher in and look at the digging chain. | Check digging chain
`;

readsAs('round twenty-three: a machine brought in and the work on it', INTAKE, firstWords);

/** Pairs that stay two tasks: bringing it in, then a second action that is no work on it. */
const INTAKE_APART = `
notes | keeps "pull <machine> into the shop, call <customer>" two tasks | Yard sync\\n- Jake: pull the 10k forklift into the shop, call Quinn Homes about a swap | 2
`;

describe('round twenty-three: pairs with a machine brought in that stay two', () => {
  it.each(tableCases(INTAKE_APART))('$name', ({ kind, text, expected }) => {
    expect(extractTasks(text, kindContext(kind))).toHaveLength(Number(expected));
  });
});

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first three words. */
const STATES = `
notes | reads "<member>: <things> <participle> and <participle> before <day>" as the work | Yard sync\\n- Jake: both light towers fueled and washed before Friday | Fuel and wash
notes | reads "<member>: <thing> <participle> by <date>" as the work | Billing sync\\n- Priya: the Quinn Homes deposit refunded by the 30th | Refund Quinn Homes
`;

readsAs("round twenty-three: a member's item naming a state", STATES, firstWords);

/** Items that stay as they were: a state reached, a state said with "were". */
const STATES_AS_THEY_WERE = `
notes | keeps a state with no deadline no task | Yard sync\\n- Sam: Harbor Marine order confirmed | -
notes | keeps a state said with "were" no task | Yard sync\\n- Jake: both towers were fueled yesterday | -
`;

readsAs('round twenty-three: items naming a state that stay as they were', STATES_AS_THEY_WERE, firstWords);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first words. */
const HAVE_STATES = `
call | reads "I'll have them on the <time> run" as their delivery | Nora: Can we get the two dehumidifiers today?\\nJake: Sure, I'll have the dehumidifiers on the noon run. | Deliver dehumidifiers
notes | reads "<member> will have <machine> back on the line by <day>" as its fix | Yard sync\\nJake will have the trencher back on the line by Thursday. | Fix trencher
notes | reads "<member> to have the quote out before <day>" as its sending | Sales sync\\nTom to have the quote out before Friday, their board meets Monday. | Send quote
`;

const leadWords = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ').slice(0, 2).join(' '));

readsAs('round twenty-three: "have <thing> <state>"', HAVE_STATES, leadWords);

/** "have" that stays as it was: what is in stock, said with no modal. */
const HAVE_AS_IT_WAS = `
memo | keeps "we have <things> on the shelf" no task | Priya here. Good news, we have four dehumidifiers on the shelf this week. | -
`;

readsAs('round twenty-three: "have" that stays as it was', HAVE_AS_IT_WAS, leadWords);
