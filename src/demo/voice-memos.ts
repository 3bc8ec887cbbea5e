import { createHash } from 'node:crypto';
import { ref } from '@mikro-orm/core';
import { present } from '../lib/present';
import { VoiceMemo, VoiceMemoStatus } from '../modules/communications/voice-memos/voice-memo.entity';
import { OpportunityStatus } from '../modules/sales/opportunities/opportunity.entity';
import { Task, TaskPriority, TaskSource } from '../modules/sales/tasks/task.entity';
import { at, dayOf, DemoContext, place } from './demo-context';

type Extracted = [title: string, dueIn: number, priority: TaskPriority, quote: string];

/** What a rep says into the phone after a site visit, and the tasks task extraction found in it. */
const MEMOS: { title: string; transcript: string; tasks: Extracted[] }[] = [
  {
    title: 'Site walk notes',
    transcript:
      'Just left the site. They want two telehandlers from the first of the month and a light tower for the night shift. Send them the long-term rate by Friday and check if we can deliver on a Saturday.',
    tasks: [
      ['Send the long-term rate for two telehandlers', 3, TaskPriority.high, 'Send them the long-term rate by Friday'],
      ['Check Saturday delivery for the telehandlers', 2, TaskPriority.medium, 'check if we can deliver on a Saturday'],
    ],
  },
  {
    title: 'Call recap: boom lift',
    transcript:
      'Talked to the super about the atrium job. The 80 foot boom is the only one that reaches. He needs a quote with delivery and an operator walk-around; call him back Tuesday morning.',
    tasks: [['Call back about the 80 ft boom lift quote', 5, TaskPriority.high, 'call him back Tuesday morning']],
  },
  {
    title: 'Festival power',
    transcript:
      'Festival organiser wants power for three stages: one 150 kilowatt and two 60s, plus fencing. They asked for a fuel plan. I will draft the proposal this week.',
    tasks: [
      [
        'Draft the festival power proposal with a fuel plan',
        6,
        TaskPriority.medium,
        'I will draft the proposal this week',
      ],
    ],
  },
  {
    title: 'Lost the excavator deal?',
    transcript:
      'They are comparing us with the dealer across town on the excavator. Price is close. Offer the free bucket swap and follow up next week before they decide.',
    tasks: [['Offer the free bucket swap on the excavator quote', 7, TaskPriority.high, 'Offer the free bucket swap']],
  },
];

/**
 * Voice memos (docs/communications.md): the sales reps' spoken notes on open deals, transcribed, each with the
 * tasks task extraction made of it (source voice_memo, AI-generated, assigned to the rep; GET /api/voice-memos).
 */
export function seedVoiceMemos(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const open = data.opportunities.filter((o) => o.status === OpportunityStatus.open && o.contact);
  MEMOS.forEach((m, n) => {
    const opp = open[(n * 7) % open.length];
    const author = present(opp.owner, `owner of ${opp.name}`).getEntity();
    const day = -rng.int(1, 20) - n * 9;
    const recordedAt = at(ctx, dayOf(ctx, day), rng.int(10, 17));
    const memo = new VoiceMemo(ctx.org, recordedAt);
    Object.assign(memo, {
      title: m.title,
      transcript: m.transcript,
      durationSeconds: Math.round(m.transcript.length / 14),
      status: VoiceMemoStatus.transcribed,
      contact: opp.contact,
      opportunity: ref(opp),
      author: ref(author),
    });
    place(ctx, memo, 'voice-memo', n, recordedAt);
    m.tasks.forEach(([title, dueIn, priority, quote], k) => {
      const task = new Task(ctx.org, title);
      Object.assign(task, {
        description: `From: "${quote}"\n\nWhy: said in the memo "${m.title}"`,
        assignee: ref(author),
        createdBy: ref(author),
        contact: opp.contact,
        opportunity: ref(opp),
        priority,
        dueDate: dayOf(ctx, Math.min(day + dueIn, 14)),
        source: TaskSource.voice_memo,
        sourceId: memo.id,
        isAiGenerated: true,
        dedupeKey: `ai:${memo.id}:${createHash('sha256').update(title.trim().toLowerCase()).digest('hex').slice(0, 24)}`,
      });
      data.tasks.push(place(ctx, task, 'memo-task', `${n}:${k}`, new Date(recordedAt.getTime() + 60_000)));
    });
  });
}
