/**
 * Round twenty of issue 26's "AI 2", owners and priority (docs/ai.md, "Round twenty: owners and priority"): a member
 * named right before a request inside its sentence, a member turned to a sentence before ("And Jake also," too), the
 * first of two members in a note's brackets, the other member of a two-member text thread, a note headed "Memo for
 * Maria.", "Jake's on it." after the task, "have Jake swing by" and "have him" after a member named; low urgency
 * said as "not important", "when I have time", "no big deal", "at your earliest convenience", or in a sentence after
 * the task that gives its reason; and high urgency said in a sentence of its own ("This is urgent: ...") next to the
 * task. The texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the default owner is Tom.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and each task's owner. */
const OWNERS = `
memo | gives "so Jake can you bring it back" to Jake inside a run-on sentence | the pump at Quinn is chewed up, I can't fix that on site so Jake can you bring it back in Monday | u-jake
note | gives "Priya kindly send" to Priya with no comma after the name | Talked to Nora about the deposit. Priya kindly send her the updated invoice. | u-priya
memo | gives a bare command to the member turned to the sentence before | Tom here. The pump at the Elm job is leaking. Maria, can you call Nora and let her know. Then order a seal kit for the pump. | u-maria, u-maria
memo | gives the command after "And Jake also," to Jake | Hi it's Tom, two things for Monday. Jake, first thing Monday swap the tires on trailer 2. And Jake also, the boom Quinn booked for the 17th, they want it earlier, so just move it up on the board. | u-jake, u-jake
notes | gives an item with two members' initials in brackets to the first | Yard cleanup\\nAction items\\n- Sweep out bay 3 (JW + PS)\\n- Restack the pallets by the wash bay (Priya/Jake) | u-jake, u-priya
sms | gives the sender's second command in a thread of two members to the other | Tom: jake can u drop the heater at Quinn tmrw\\nTom: also grab the fuel cans\\nJake: ok | u-jake, u-jake
sms | gives "pls get me" in a thread of two members to the one who did not write it | Maria: jake did the Quinn heater come back yesterday?\\nJake: ya its in bay 2\\nMaria: ok pls get me the hour meter reading before noon | u-jake
memo | gives the requests under "Memo for Maria." to Maria | Memo for Maria. Quinn Homes wants the roller through the end of June, so please extend their contract. | u-maria
note | gives the request under "For Jake:" to Jake | For Jake: the trailer lights quit yesterday. Please fix them by Monday, it goes to Quinn Tuesday. | u-jake
memo | reads "And Jake also," as turning from Maria to Jake | Maria, call Nora about the deposit. And Jake also, the boom for the 17th, they want it earlier, so just move it up on the board. | u-maria, u-jake
call | gives the task before "Jake's on it." to Jake | Nora called, the generator won't start. Told her we'd get someone out first thing tomorrow. Jake's on it. | u-jake
sms | gives a want passed on before "jake ur on it" to Jake | heads up quinn wants the heater fri. jake ur on it | u-jake
memo | reads "I'll have Jake swing by" after a fault as Jake's visit | The heater at Quinn quit again. I'll have Jake swing by this afternoon. | u-jake
memo | reads "have him" as the member the clause before names | Quinn's heater quit. Jake's out that way on a delivery, I'll have him swing by with a spare. | u-jake
`;

/** The same, with each task's priority. */
const PRIORITIES = `
memo | reads "Not urgent," with its reason after the task as low | I'll look at the pressure washer at Quinn too. Not urgent, they don't need another one till April. | low
note | reads "it's not very important" as low | The coffee machine at the counter is broken. Maybe Jake can order a new one, it's not very important. | low
note | reads "when I have time" as low | The forklift has a small oil leak under the mast. I will check it when I have time. | low
memo | reads "no big deal" as low | Jake, swap the torn filter on the shop vac, no big deal. | low
email | reads "at your earliest convenience" as low, as the labelling conventions do | Hi Tom,\\n\\nPlease re-issue invoice 5520 with our PO on it at your earliest convenience.\\n\\nThanks,\\nNora | low
email | reads "This is urgent:" said before the request with the request, not with the one after | Hi Tom,\\n\\nThis is urgent: our generator quit on the Elm job. Can you send someone out? Also please send me the May statement.\\n\\nThanks,\\nNora | high, medium
memo | reads "It's not urgent," with its reason after the task as low | Jake, swap the light tower at Quinn. It's not urgent, they have a spare. | low
sms | reads "when you can" before a thank-you as low | pls send me the updated invoice when you can, thx | low
`;

describe('round twenty: owners', () => {
  it.each(tableCases(OWNERS))('$name', ({ kind, text, expected }) => {
    expect(extractTasks(text, kindContext(kind)).map((t) => t.ownerId)).toEqual(expected.split(', '));
  });

  it('keeps a line of names (who attended) from turning the items under it to the first', () => {
    const text =
      'Dispatch planning\nJake, Priya, Maria\n\nNext week\n- Mon: 2 heaters to Quinn\n- Tue: pick up boom from Kline';
    expect(extractTasks(text, kindContext('notes')).map((t) => t.ownerId)).toEqual(['u-tom', 'u-tom']);
  });

  it('keeps "send him" a recipient when a member\'s last name is in the customer\'s company name', () => {
    const text =
      'Ed from Becker Paving called about the plate compactor. I will send him like a rough price by Friday.';
    const [task] = extractTasks(text, kindContext('memo'));
    expect(task.ownerId).toBe('u-tom');
    expect(task.title).not.toMatch(/\bTom\b/);
  });
});

describe('round twenty: priority', () => {
  it.each(tableCases(PRIORITIES))('$name', ({ kind, text, expected }) => {
    expect(extractTasks(text, kindContext(kind)).map((t) => t.priority)).toEqual(expected.split(', '));
  });
});
