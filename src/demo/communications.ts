import { ref } from '@mikro-orm/core';
import {
  Activity,
  ActivityDirection,
  ActivitySource,
  ActivityType,
  SentimentLabel,
} from '../modules/communications/activities/activity.entity';
import { at, dayOf, DemoContext, place } from './demo-context';

type Note = [type: ActivityType, direction: ActivityDirection, subject: string, body: string, label: SentimentLabel];

/** What a rental desk logs: quotes, pickups and returns, a late invoice, a damaged machine, a thank-you. */
const NOTES: Note[] = [
  [
    ActivityType.call,
    ActivityDirection.inbound,
    'Needs a mini excavator next week',
    'Asked for a 3.5 t mini excavator with a trenching bucket from Monday for five days. Sent the rate sheet.',
    SentimentLabel.neutral,
  ],
  [
    ActivityType.call,
    ActivityDirection.outbound,
    'Pickup confirmed',
    'Confirmed the pickup window for the scissor lifts, 7-8 am at the yard. They will bring their own trailer.',
    SentimentLabel.positive,
  ],
  [
    ActivityType.email,
    ActivityDirection.outbound,
    'Revised quote for the boom lift',
    'Attached the revised quote for the 60 ft boom lift, weekly rate with delivery and pickup included.',
    SentimentLabel.neutral,
  ],
  [
    ActivityType.email,
    ActivityDirection.inbound,
    'Thanks for the quick delivery',
    'Great service as always, the generator was on site before the crew arrived. We will book again for the next phase.',
    SentimentLabel.positive,
  ],
  [
    ActivityType.email,
    ActivityDirection.inbound,
    'Invoice question',
    'The last invoice charges two extra days; the skid steer was returned on Friday, not Sunday. Please correct it.',
    SentimentLabel.negative,
  ],
  [
    ActivityType.meeting,
    ActivityDirection.outbound,
    'Site walk for the spring season',
    'Walked the site with the superintendent: two telehandlers and a light tower from March, possibly a long-term rate.',
    SentimentLabel.positive,
  ],
  [
    ActivityType.sms,
    ActivityDirection.inbound,
    'Running late',
    'Running 30 min late for the return of the plate compactor, sorry.',
    SentimentLabel.neutral,
  ],
  [
    ActivityType.call,
    ActivityDirection.inbound,
    'Machine down on site',
    'The trencher stopped with a hydraulic leak this morning; they need a swap today or they lose the day.',
    SentimentLabel.negative,
  ],
];

/**
 * The activity log: for each contact that was last contacted (crm part), one to six calls, emails, meetings or
 * texts since the contact came (up to a year back), the latest exactly at its lastContactedAt, so the log explains that date; logged
 * by the contact's owner (or a sales rep), with the sentiment the AI would give.
 */
export function seedCommunications(ctx: DemoContext): void {
  const { rng, data } = ctx;
  let n = 0;
  for (const contact of data.contacts) {
    if (!contact.lastContactedAt) continue;
    const count = rng.int(1, 6);
    const since = Math.max(-365, Math.ceil((contact.createdAt.getTime() - ctx.now.getTime()) / 86_400_000));
    const until = Math.floor((contact.lastContactedAt.getTime() - ctx.now.getTime()) / 86_400_000);
    for (let k = 0; k < count; k++) {
      const [type, direction, subject, body, label] = rng.pick(NOTES);
      const occurredAt =
        k === 0
          ? contact.lastContactedAt
          : at(ctx, dayOf(ctx, k === 1 ? since : rng.int(since, Math.max(since, until))), rng.int(8, 17)); // k 1: the first contact
      if (occurredAt > contact.lastContactedAt) continue;
      const activity = new Activity(ctx.org, contact, { type, direction, occurredAt });
      Object.assign(activity, {
        subject,
        body,
        durationSeconds: type === ActivityType.call ? rng.int(60, 900) : null,
        sentimentLabel: label,
        sentimentScore: { positive: 0.6, neutral: 0, negative: -0.5 }[label],
        source: ActivitySource.user,
        author: ref(contact.owner?.getEntity() ?? rng.pick(data.sales)),
      });
      data.activities.push(place(ctx, activity, 'activity', n++, occurredAt));
    }
  }
}
