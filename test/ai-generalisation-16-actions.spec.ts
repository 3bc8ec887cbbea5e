/**
 * Round sixteen of issue 26's "AI 2" (docs/ai.md, "Round sixteen, actions"): actions said in run-on speech, customers'
 * wants and the team's offers as requests, commitments in the progressive or with the object first, an action under a
 * condition, and what is no task (a "Decisions" list, work reported in a non-native present). The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasksOf = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const memo = { kind: 'voice_memo' as const };
const notes = { kind: 'meeting_notes' as const };
const note = { kind: 'note' as const };
const email = { kind: 'email' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const call = { kind: 'call_transcript' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const sms = { kind: 'sms' as const, contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const verbs = (text: string, overrides = {}) => tasksOf(text, overrides).map((t) => t.title.split(' ')[0]);

describe('second and third actions of a run-on sentence', () => {
  it('starts a new action at "so I\'ll" with no comma', () => {
    const text =
      'ok this is Jake the trencher for Quinn Homes needs to go out Thursday so I will swap the teeth Wednesday';
    expect(verbs(text, memo)).toContain('Swap');
  });

  it('keeps "call X and tell them ..." as one call, split from the action before', () => {
    const text =
      "I'm gonna grease the boom tomorrow and I also gotta call Quinn Homes and tell them the invoice is late";
    const tasks = tasksOf(text, memo);
    expect(tasks.map((t) => t.title.split(' ')[0])).toEqual(['Grease', 'Call']);
    expect(tasks[1].clause).toContain('tell them the invoice is late');
  });

  it('reads a condition said with no comma, dated as the step before', () => {
    const text =
      "Quinn Homes still hasn't paid I'm gonna call Nora tomorrow and if I don't get anywhere I'll put the account on credit hold";
    const hold = tasksOf(text, memo).find((t) => /credit hold/i.test(t.title));
    expect(hold?.dueDate).toBe('2026-11-24');
  });

  it('reads "and the seat I need to order" (the thing said first) and "tension" as a verb', () => {
    const text =
      'the skid steer came back with a torn seat and the track is loose I will tension the track this afternoon and the seat I need to order from Bobcat';
    expect(verbs(text, memo)).toEqual(expect.arrayContaining(['Tension', 'Order']));
  });

  it('reads "gotta get those swapped" after a comma as the speaker\'s action', () => {
    const text =
      "I'll load the compactor tonight, and the forks, Jake said two of them are bent, gotta get those swapped before Friday";
    const tasks = tasksOf(text, memo);
    expect(tasks).toHaveLength(2);
    expect(tasks[1].clause).toMatch(/^gotta get those swapped/);
  });

  it('starts a second action at "and then" with a pronoun object', () => {
    const text = "Nora wants a bigger heater. I'll ask Jake Monday and then call them back.";
    expect(verbs(text, memo)).toEqual(['Ask', 'Call']);
  });

  it('parts a member\'s item from the one before at ", Maria to ..."', () => {
    const text = 'Rate review\n\nFollow-ups:\n- Priya: draft the rate letter, Maria to review it by Friday';
    expect(tasksOf(text, notes).map((t) => t.ownerId)).toEqual(['u-priya', 'u-maria']);
  });
});

describe("a customer's want, the team's offer", () => {
  it('reads "I would like to reserve ..." as the reservation asked for', () => {
    const text =
      'Hello,\n\nI would like to reserve the plate compactor for Saturday the 28th. I will pick it up at opening.\n\nNora Quinn';
    expect(verbs(text, email)).toContain('Reserve');
  });

  it('reads "Any chance we can add ..." as a request of the team', () => {
    const text = 'Tom,\n\nAny chance we can add a second heater, same size, for next week?\n\nNora';
    expect(verbs(text, email)).toEqual(['Add']);
  });

  it('reads "they want X there by ..." passed on as a delivery', () => {
    const text =
      "Okay so Jake, for Wednesday: Quinn's pouring at the school and they want the power trowel there by seven.";
    expect(verbs(text, memo)).toEqual(['Deliver']);
  });

  it('reads "Do you want it delivered?" as the speaker\'s delivery', () => {
    const text =
      'Tom: Acme Rentals, Tom.\nNora: I need the floor sander Thursday.\nTom: Got you down. Do you want it delivered?\nNora: Yes please, Thursday morning.';
    const tasks = tasksOf(text, call);
    expect(tasks.map((t) => [t.title.split(' ')[0], t.ownerId])).toEqual([['Deliver', 'u-tom']]);
  });
});

describe('commitments in the progressive or with the object first', () => {
  it('reads "I\'m loading a replacement now"', () => {
    const text =
      "Jake: Yard, Jake.\nNora: The drywall lift you dropped off won't hold a sheet.\nJake: Don't use it. I'm loading a replacement now.";
    expect(tasksOf(text, call)).toHaveLength(1);
  });

  it('reads "The statement I\'ll send by Friday"', () => {
    const text =
      "Priya: Accounts, Priya.\nNora: Could you send a statement of what is open?\nPriya: Sure. The statement I'll send by Friday.";
    const tasks = tasksOf(text, call);
    expect(tasks.map((t) => [t.title.split(' ')[0], t.dueDate])).toEqual([['Send', '2026-11-27']]);
  });

  it('reads "thx, ill send jake for it" as Jake\'s pickup', () => {
    const text = 'Nora: the mixer is done, its by the gate\nTom: thx, ill send jake for it in the morning';
    expect(tasksOf(text, sms).map((t) => [t.title.split(' ')[0], t.ownerId])).toEqual([['Pick', 'u-jake']]);
  });
});

describe('what is no task, and who acts', () => {
  it('reads a "Decisions" list above "Follow-ups" as discussion', () => {
    const text =
      'Mgmt sync\n\nDecisions:\n- raise the deposit to 20% starting May\n- stop renting to cash customers on Sundays\n\nFollow-ups:\n- Tom: update the counter sign';
    expect(tasksOf(text, notes).map((t) => t.title)).toEqual(['Update counter sign']);
  });

  it('reads a non-native present with "yesterday" as work done', () => {
    const text = 'The pump at the Quinn job work again, the float was bad, I change it yesterday.';
    expect(tasksOf(text, note)).toEqual([]);
  });

  it('reads "Maria asks Jake whether ..." as Maria\'s asking, the day inside the question no due date', () => {
    const text =
      'Counter huddle\n- trailers short\nAction: Maria asks Jake whether we can add a third trailer before March.';
    const tasks = tasksOf(text, notes);
    expect(tasks.map((t) => [t.title.split(' ')[0], t.ownerId, t.dueDate])).toEqual([['Ask', 'u-maria', null]]);
  });

  it('gives "Tom, Jake and Priya each need to ..." to all three', () => {
    const text =
      'Payroll\n- timesheets late\nAction: Tom, Jake and Priya each need to send their timesheets to Maria by Friday.';
    expect(tasksOf(text, notes).map((t) => t.ownerId)).toEqual(['u-tom', 'u-jake', 'u-priya']);
  });

  it('reads "paint the ramp rails yellow" as a command, not a status', () => {
    const text = 'Safety walk\n\nAction items\n- Jake: paint the ramp rails yellow';
    expect(verbs(text, notes)).toEqual(['Paint']);
  });

  it("reads a dispatch list's run as a delivery that day", () => {
    const text =
      "Dispatch - Mon 11/23\n\nThis week's runs:\n- Wed: two heaters to Quinn Homes\n\nAction items\n- Jake to check the trailer lights";
    const tasks = tasksOf(text, notes);
    expect(tasks.map((t) => t.title.split(' ')[0])).toEqual(['Deliver', 'Check']);
    expect(tasks[0].dueDate).toBe('2026-11-25');
  });

  it('reads "see if Jake can do it" as a check and "gas up the flatbed" as a command', () => {
    expect(verbs('Nora asked about a Saturday delivery, see if Jake can do it.', memo)).toEqual(['Check']);
    expect(verbs("Jake's run Monday is a long one, so gas up the flatbed today.", memo)).toEqual(['Gas']);
  });
});
