/**
 * Round nineteen of issue 26's "AI 2", breakdowns (docs/ai.md, "Round nineteen, breakdowns"): a visit the team
 * promises after a machine's fault is reported is the fix of that machine, in a logged call, a call, an email or a
 * memo, and a swap offered with "a different one" swaps the broken machine; a visit for another errand, after a
 * repair done or with no fault said is no fix. The texts here are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the titles' first two words. */
const FIXES = `
call | reads "Told her Jake can be there by two" after a fault as Jake's fix | Nora from Quinn Homes called, the compressor on the Birch Rd job keeps shutting off. Told her Jake can be there by two. | Fix compressor
call | reads "I can swing by ... w/ a new controller" after a fault as the fix | Spoke w/ Nora, the light tower at the Quinn lot is cutting out overnight. I can swing by first thing tomorrow w/ a new controller. | Fix light
email | reads "I'll be out Thursday morning to replace the seal" as the fix | Nora,\\n\\nThanks for the photos. The mixer is leaking from the drum seal. I'll be out Thursday morning to replace the seal.\\n\\nTom | Fix leaking
memo | reads a run-on's "heading over after lunch" after the fault as the fix | Tom here, the generator at the Quinn job overheats after an hour, heading over after lunch with a spare thermostat. | Fix generator
call | reads "Let me get Jake out there" on a call after a fault as Jake's fix | Tom: Acme, Tom.\\nNora: The saw keeps stalling on the hard cuts.\\nTom: Let me get Jake out there.\\nNora: Thanks. | Fix saw
call | reads "I'll swap you a different one" as the broken machine's swap | Jake: Yard, Jake.\\nNora: The plate compactor you dropped off won't start.\\nJake: I'll swap you a different one this afternoon.\\nNora: Thanks. | Swap plate
`;

/** Visits that are no fix: another errand, a repair done, no fault said. */
const NO_FIX = `
call | reads a visit to measure after "won't fit" as no fix | Nora called, the boom won't fit through the gate at the Quinn job. I'll be out Monday to measure.
call | reads a visit to pick up after a repair done as no fix | Nora called, the mixer was leaking last week but we fixed it Friday. I'll be out Monday to pick it up.
call | reads a visit with no fault said as no fix | Spoke w/ Nora, she wants a quote for a boom. I can swing by first thing tomorrow.
`;

describe('round nineteen: a visit promised after a fault is its fix', () => {
  it.each(tableCases(FIXES))('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ').slice(0, 2).join(' '));
    expect(titles).toEqual([expected]);
  });

  it('dates the fix by the visit and gives it to the member who goes', () => {
    const [fix] = extractTasks(
      'Nora from Quinn Homes called, the compressor on the Birch Rd job keeps shutting off. Told her Jake can be there by two.',
      kindContext('call'),
    );
    expect([fix.dueDate, fix.ownerId]).toEqual(['2026-11-23', 'u-jake']);
  });

  it.each(tableCases(NO_FIX))('$name', ({ kind, text }) => {
    const fixes = extractTasks(text, kindContext(kind)).filter((t) => /^(?:fix|swap)\b/i.test(t.title));
    expect(fixes).toEqual([]);
  });
});
