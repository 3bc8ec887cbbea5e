/**
 * Round eighteen of issue 26's "AI 2", reported (docs/ai.md, "Round eighteen, reported"): a commitment told to the
 * customer ("Told her I'd ...", "Said I'd ...", "I told her Jake would ..."), a request the customer made, reported
 * ("She asked us to ...", "wants someone to ..."), and what stays no task (a customer's own "asked us to" in her
 * mail). The texts are written for this file, in no bench set.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's first verb and owner. */
const REPORTED = `
call | reads "Told her I'd ..." with no teller as the speaker's promise | Spoke with Nora about the deck job, needs a 45 ft boom for two weeks. Told her I'd get her pricing by Thursday. | Send u-tom
call | reads "Said I'd get back to her" as a call back | Nora rang about the fuel charge on her last invoice. Said I'd get back to her by Friday once I see the ticket. | Call u-tom
memo | reads "I've told her I'd ..." as the speaker's promise | ok so Quinn Homes again, I've told Nora I'd drop the spare battery off at the site Wednesday. | Drop u-tom
memo | reads "and then I told her I'd ..." mid-run-on as a clause of its own | so first I need to call the yard about the trailer and then I told Nora I'd have a rough number to her by Friday | Call u-tom, Send u-tom
call | reads "Told her Jake would be out" as the member sent | Nora called, the light tower at the Elm job keeps tripping its breaker. Told her Jake would be out Wednesday morning. | Fix u-jake
call | reads "Told her Jake would swing by" as the member sent | Nora says the heater at the Elm job won't light. Told her Jake would swing by Thursday. | Fix u-jake
call | reads "Told her a tech would be out" as a technician sent | Nora says the heater at the Elm job won't light. Told her a tech would be out Thursday. | Send u-tom
memo | reads "I told her Priya would ..." as that member's | hey it's Tom, Nora from Quinn Homes wants the lien waiver so I told her Priya would send it over Friday | Send u-priya
email | reads "I told her you'd call her" as the one written to's | Jake,\\n\\nNora needs the trencher swapped tomorrow. I told her you'd call her when you're on the way.\\n\\nTom | Swap u-jake, Call u-jake
email | reads "wants someone from sales to call her" as the ask passed on | Subject: walk-in\\n\\nTom,\\n\\nNora Quinn from Quinn Homes stopped by the counter. She wants someone from sales to call her Tuesday about two heaters.\\n\\nPriya | Call u-tom
call | reads "She asked us to ..." as the team's to do | Nora called from the Elm job. She asked us to pick up the trencher Friday afternoon. | Pick u-tom
call | reads "asked if we could ..." as the team's to do | Nora called, the slab pour moved. She asked if we could swap the mixer for the bigger one on Thursday. | Swap u-tom
call | reads "I told her I'd have numbers ..." as a quote sent | Nora needs a telehandler for March. I told her I'd have numbers for her by Wednesday. | Send u-tom
call | reads "... and call her back" as a call back of its own | Nora disputes the damage fee on the roller. I'll pull the delivery photos and call her back by Friday. | Pull u-tom, Call u-tom
call | reads "... and revert" as a call back of its own | Spoke to Nora regarding the deposit. I have told her I will check with the bank and revert. | Check u-tom, Call u-tom
call | reads "Told the super we'd ..." as the team's promise | Nora's super called, the bucket on the mini ex is too narrow. Told the super we'd swap the bucket Thursday. | Swap u-tom
call | reads "Asked us to ..." with no asker as the team's to do | Nora Quinn, Quinn Homes. Asked us to leave the trailer at the back gate Friday. | Leave u-tom
call | reads "She's asking us to ..." as the team's to do | Nora called about the Elm job. She's asking us to extend the rental a week. | Extend u-tom
call | reads "she'd like us to ..." as the team's to do | Nora called about the compactor. She'd like us to service it before the job starts Monday. | Service u-tom
`;

/** One case a line: the kind, what it shows, the text and the whole title: figures promised are a quote. */
const TITLES = `
call | titles "a rough number to her" as a rough quote | Nora is bidding the school job. Told her I'd have a rough number to her before Friday. | Send rough quote to Nora Quinn
email | drops what is left of "not before noon" | Subject: walk-in\\n\\nTom,\\n\\nNora Quinn from Quinn Homes stopped by. She wants someone to call her Tuesday, not before noon.\\n\\nPriya | Call Nora Quinn
`;

/** What the rules must leave as it was (these pass before the change too): a customer's own "asked us to". */
const UNCHANGED = `
email | reads a customer's own "our super asked us to ..." as no task of the team's | Hi Tom,\\n\\nOur super asked us to clear the slab before your driver comes. Can you deliver the scissor lift Friday?\\n\\nNora | Deliver u-tom
`;

describe('round eighteen: commitments and requests reported', () => {
  it.each([...tableCases(REPORTED), ...tableCases(UNCHANGED)])('$name', ({ kind, text, expected }) => {
    const read = extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.ownerId}`);
    expect(read).toEqual(expected.split(', '));
  });
});

describe('round eighteen: the titles of what was reported', () => {
  it.each(tableCases(TITLES))('$name', ({ kind, text, expected }) => {
    expect(extractTasks(text, kindContext(kind)).map((t) => t.title)).toEqual([expected]);
  });
});
