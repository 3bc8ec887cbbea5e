/**
 * Task extraction on the structures and phrasings of issue 26 (docs/ai.md, "Local provider rules"): quoted
 * replies, automated notices, notes' action items, "A and B each need to", per-task priority, due-date
 * phrasings, and the explanation every task carries. Texts in no bench set and no corpus split; the
 * reference instant is Monday 2026-11-23, 09:00 in Chicago.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const brief = (text: string, overrides = {}) =>
  tasks(text, overrides).map((t) => ({ title: t.title, dueDate: t.dueDate, priority: t.priority, ownerId: t.ownerId }));

describe('text that is not a request to the team', () => {
  it('ignores the earlier message quoted under a reply', () => {
    const out = tasks(
      'Hi Tom,\n\nPlease send the signed delivery ticket for the trencher.\n\nRoss\n\n> On Nov 20, 2026, Tom Becker wrote:\n> Ross, please return the trencher by Friday and send us your PO number.',
      { contactName: 'Ross Vale' },
    );
    expect(out.map((t) => t.title)).toEqual(['Send signed delivery ticket for trencher to Ross Vale']);
  });

  it('gives no task for an automated notice', () => {
    expect(
      tasks('This is an automated message. Unit SL-4 reported a fault code. Please check the unit.\nDo not reply.'),
    ).toEqual([]);
  });
});

describe('notes', () => {
  it('reads action items in the present tense, for the member named or for "we"', () => {
    expect(
      brief(
        'Ops review\n- Fleet at 81% utilization\nAction items: Priya sends the insurance renewal pack by December 4; we book the crane inspection next week.',
      ),
    ).toEqual([
      { title: 'Send insurance renewal pack', dueDate: '2026-12-04', priority: 'medium', ownerId: 'u-priya' },
      { title: 'Book crane inspection', dueDate: '2026-11-30', priority: 'medium', ownerId: 'u-tom' },
    ]);
  });

  it('gives "A and B each need to" one task per person, and skips the title line and status lines', () => {
    const out = brief(
      'Yard sync\n- Wash bay pump replaced\n- Jake and Maria each need to sign the new forklift checklist by the end of the month.',
    );
    expect(out.map((t) => [t.ownerId, t.dueDate])).toEqual([
      ['u-jake', '2026-11-30'],
      ['u-maria', '2026-11-30'],
    ]);
  });
});

describe('priority per task', () => {
  it('makes the urgent sentence high, not every task of the text', () => {
    const out = brief(
      'The compressor at the Dunmore site died, this is urgent, send a tech out there. Separately, mail the new rate sheet to Dunmore.',
    );
    expect(out.map((t) => t.priority)).toEqual(['high', 'medium']);
  });

  it('reads a short "No rush." beside a task', () => {
    expect(brief('Call the tire shop about the trailer tires. No rush.')[0].priority).toBe('low');
  });
});

describe('due dates', () => {
  const due = (text: string) => tasks(text)[0]?.dueDate;

  it('knows the end of the month, the year end and next week', () => {
    expect(due('Please renew the yard permit by the end of the month.')).toBe('2026-11-30');
    expect(due('File the equipment tax return by year end.')).toBe('2026-12-31');
    expect(due('Schedule the boom lift recertification next week.')).toBe('2026-11-30');
  });

  it('reads "before it goes out Thursday" as the day before, and "first thing" as today', () => {
    expect(due('Grease the boom pins before it goes out Thursday.')).toBe('2026-11-25');
    expect(due('Load the trencher first thing.')).toBe('2026-11-23');
  });

  it("gives a rep's commitment in a call the date the customer asked for", () => {
    const out = tasks(
      "Ana: We need the pump on site by Wednesday noon.\nTom: Understood, I'll schedule the delivery.",
      {
        kind: 'call_transcript',
        contactName: 'Ana Ruiz',
      },
    );
    expect(out.map((t) => [t.title, t.dueDate, t.ownerId])).toEqual([
      ['Schedule delivery for Ana Ruiz', '2026-11-25', 'u-tom'],
    ]);
  });

  it("does not give a rep's answer the date of the customer's own plan", () => {
    const out = tasks("Ana: I'll mail the check tomorrow.\nTom: No problem, I'll send you the updated statement.", {
      kind: 'call_transcript',
      contactName: 'Ana Ruiz',
    });
    expect(out.filter((t) => t.ownerId === 'u-tom').map((t) => t.dueDate)).toEqual([null]);
  });

  it('keeps a date said inside the first of two coordinated actions to that action', () => {
    const dates = (text: string) => tasks(text).map((t) => t.dueDate);
    expect(dates("I'll book the trailer Wednesday and update the rate sheet.")).toEqual(['2026-11-25', null]);
    expect(dates('Update the rate sheet and book the trailer Wednesday.')).toEqual(['2026-11-25', '2026-11-25']);
  });

  it('takes a needed-by date from the sentence before, and a short "today if poss" after', () => {
    expect(
      due('The auditor needs the rental agreements by the end of the month. Maria, please copy the signed contracts.'),
    ).toBe('2026-11-30');
    expect(due('pls check the heater at the Oak St job. tomorrow if poss')).toBe('2026-11-24');
  });

  it('reads "We need the quote by Thursday" after the request for it as that request\'s date, not a second task', () => {
    const out = tasks('Can you quote two light towers for the Elm Street job? We need the quote by Thursday.');
    expect(out.map((t) => t.dueDate)).toEqual(['2026-11-26']);
  });
});

describe('explanations (issue 26 part 6)', () => {
  it('carries the sentence, the clause, the cue and why this owner, date and priority', () => {
    const [task] = tasks('Maria should replace the cracked hose on the skid steer by Friday.');
    expect(task.source).toBe('Maria should replace the cracked hose on the skid steer by Friday.');
    expect(task.clause).toContain('replace the cracked hose');
    expect(task.explanation).toBe(
      'action cue "should replace" (obligation); owner: Maria Lopez named as the one to act; due 2026-11-27 from "Friday"; priority medium: due in 4 days',
    );
  });

  it('says why a task has no date and how urgent it is', () => {
    const [task] = tasks('Urgent - please call the bank about the returned payment.');
    expect(task.explanation).toContain('no time given');
    expect(task.explanation).toContain('action cue "please call" (request)');
    expect(task.explanation).toContain('priority high: the text is marked urgent');
    expect(task.explanation).toContain('owner: default owner');
  });
});
