/**
 * Round sixteen of issue 26's "AI 2" (docs/ai.md, "Round sixteen"): actions said in run-on speech,
 * customers' wants and the team's offers as requests, commitments in the progressive or with the object first, an
 * action under a condition, and what is no task (a "Decisions" list, work reported in a non-native present). The texts
 * here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks, TaskContext } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const customer = { contactName: 'Nora Quinn', companyName: 'Quinn Homes' };
const KINDS: Record<string, Partial<TaskContext>> = {
  memo: { kind: 'voice_memo' },
  notes: { kind: 'meeting_notes' },
  note: { kind: 'note' },
  email: { kind: 'email', ...customer },
  call: { kind: 'call_transcript', ...customer },
  sms: { kind: 'sms', ...customer },
};

/**
 * One case a line: the kind of text, what it shows, the text ("\\n" a line break) and what is read from it (the tasks'
 * verbs; or each task's verb, owner and due date, "-" for none, tasks parted by ";").
 */
const VERBS = `
memo | starts a new action at "so I will" with no comma | ok this is Jake the trencher for Quinn Homes needs to go out Thursday so I will swap the teeth Wednesday | Go, Swap
memo | reads "and the seat I need to order" (the thing said first) and "tension" as a verb | the skid steer came back with a torn seat and the track is loose I will tension the track this afternoon and the seat I need to order from Bobcat | Tension, Order
memo | reads "gotta get those swapped" after a comma as the speaker's action | I'll load the compactor tonight, and the forks, Jake said two of them are bent, gotta get those swapped before Friday | Load, Swap
memo | reads "they want X there by ..." passed on as a delivery | Okay so Jake, for Wednesday: Quinn's pouring at the school and they want the power trowel there by seven. | Deliver
`;
const TASKS = `
memo | keeps "call X and tell them ..." as one call, split from the action before | I'm gonna grease the boom tomorrow and I also gotta call Quinn Homes and tell them the invoice is late | Grease u-tom 2026-11-24; Call u-tom -
memo | reads a condition said with no comma, dated as the step before | Quinn Homes still hasn't paid I'm gonna call Nora tomorrow and if I don't get anywhere I'll put the account on credit hold | Call u-tom 2026-11-24; Put u-tom 2026-11-24
memo | starts a second action at "and then" with a pronoun object | Nora wants a bigger heater. I'll ask Jake Monday and then call them back. | Ask u-tom 2026-11-30; Call u-tom -
notes | parts a member's item from the one before at ", Maria to ..." | Rate review\\n\\nFollow-ups:\\n- Priya: draft the rate letter, Maria to review it by Friday | Draft u-priya -; Review u-maria 2026-11-27
email | reads "I would like to reserve ..." as the reservation asked for | Hello,\\n\\nI would like to reserve the plate compactor for Saturday the 28th. I will pick it up at opening.\\n\\nNora Quinn | Reserve u-tom 2026-11-28
email | reads "Any chance we can add ..." as a request of the team | Tom,\\n\\nAny chance we can add a second heater, same size, for next week?\\n\\nNora | Add u-tom 2026-11-30
call | reads "Do you want it delivered?" as the speaker's delivery | Tom: Acme Rentals, Tom.\\nNora: I need the floor sander Thursday.\\nTom: Got you down. Do you want it delivered?\\nNora: Yes please, Thursday morning. | Deliver u-tom 2026-11-26
call | reads "I'm loading a replacement now" | Jake: Yard, Jake.\\nNora: The drywall lift you dropped off won't hold a sheet.\\nJake: Don't use it. I'm loading a replacement now. | Load u-jake 2026-11-23
call | reads "The statement I'll send by Friday" | Priya: Accounts, Priya.\\nNora: Could you send a statement of what is open?\\nPriya: Sure. The statement I'll send by Friday. | Send u-priya 2026-11-27
sms | reads "thx, ill send jake for it" as Jake's pickup | Nora: the mixer is done, its by the gate\\nTom: thx, ill send jake for it in the morning | Pick u-jake 2026-11-23
notes | reads a "Decisions" list above "Follow-ups" as discussion | Mgmt sync\\n\\nDecisions:\\n- raise the deposit to 20% starting May\\n- stop renting to cash customers on Sundays\\n\\nFollow-ups:\\n- Tom: update the counter sign | Update u-tom -
note | reads a non-native present with "yesterday" as work done | The pump at the Quinn job work again, the float was bad, I change it yesterday. | (none)
notes | reads "Maria asks Jake whether ..." as Maria's asking, the day inside the question no due date | Counter huddle\\n- trailers short\\nAction: Maria asks Jake whether we can add a third trailer before March. | Ask u-maria -
notes | gives "Tom, Jake and Priya each need to ..." to all three | Payroll\\n- timesheets late\\nAction: Tom, Jake and Priya each need to send their timesheets to Maria by Friday. | Send u-tom 2026-11-27; Send u-jake 2026-11-27; Send u-priya 2026-11-27
notes | reads "paint the ramp rails yellow" as a command, not a status | Safety walk\\n\\nAction items\\n- Jake: paint the ramp rails yellow | Paint u-jake -
notes | reads a dispatch list's run as a delivery that day | Dispatch - Mon 11/23\\n\\nThis week's runs:\\n- Wed: two heaters to Quinn Homes\\n\\nAction items\\n- Jake to check the trailer lights | Deliver u-tom 2026-11-25; Check u-jake -
memo | reads "see if Jake can do it" as a check | Nora asked about a Saturday delivery, see if Jake can do it. | Check u-tom -
memo | reads "gas up the flatbed" as a command | Jake's run Monday is a long one, so gas up the flatbed today. | Gas u-tom 2026-11-23
`;

const casesOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split(' | '))
    .map(([kind, name, text, expected]) => ({ kind, name, text: text.replace(/\\n/g, '\n'), expected }));
const tasksOf = (kind: string, text: string) => extractTasks(text, taskContext(KINDS[kind]));

describe('round sixteen: actions in run-on speech, wants and offers, commitments, what is no task', () => {
  it.each(casesOf(VERBS))('$name', ({ kind, text, expected }) => {
    expect(tasksOf(kind, text).map((t) => t.title.split(' ')[0])).toEqual(expected.split(', '));
  });

  it.each(casesOf(TASKS))('$name', ({ kind, text, expected }) => {
    const read = tasksOf(kind, text).map((t) => [t.title.split(' ')[0], t.ownerId, t.dueDate ?? '-'].join(' '));
    expect(read.join('; ') || '(none)').toBe(expected);
  });
});
