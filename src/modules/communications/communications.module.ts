import { defineModule } from '../module';
import { Activity } from './activities/activity.entity';
import { ActivityResolver } from './activities/activity.resolver';
import { communicationsRoutes } from './communications.routes';
import { CommunicationsNeeds, createCommunicationsServices } from './communications.services';
import { EmailSyncSubscription } from './email-sync/email-sync-subscription.entity';
import { EmailSyncResolver } from './email-sync/email-sync.resolver';
import { inboundWebhooksRouter } from './inbound/inbound.router';
import { OutboundResolver } from './outbound/outbound.resolver';
import { SmsOutboxMessage } from './outbound/sms-message.entity';
import { VoiceMemo } from './voice-memos/voice-memo.entity';
import { VoiceMemoResolver } from './voice-memos/voice-memo.resolver';
import { voiceMemoUploadRouter } from './voice-memos/voice-memo.upload';
import { recordingTranscriptionJob } from './voice-memos/recording-transcription.job';

/** Communications (docs/communications.md). */
export const communicationsModule = defineModule<
  ReturnType<typeof createCommunicationsServices>,
  CommunicationsNeeds,
  'communications'
>({
  name: 'communications',
  summary:
    'Activity log (calls, emails, SMS, meetings) with sentiment and summaries, contact timeline, voice memos and AI task extraction, email sync, outbound email and SMS, inbound email/call/SMS provider webhooks',
  entities: [Activity, VoiceMemo, EmailSyncSubscription, SmsOutboxMessage],
  resolvers: [ActivityResolver, VoiceMemoResolver, EmailSyncResolver, OutboundResolver],
  routes: communicationsRoutes,
  migrations: () => import('./migrations'),
  events: ['call.received', 'email.received'],
  idSegments: {
    activities: 'activities',
    'voice-memos': 'voice_memos',
    'email-subscriptions': 'email_sync_subscriptions',
  },
  needs: ['tasks', 'notifications', 'channels', 'aiAccess', 'aiOpportunities'],
  services: createCommunicationsServices,
  conflicts: {
    activities_organization_id_provider_external_id_unique: 'This provider message was already recorded',
    email_sync_subscriptions_contact_id_address_unique: 'The contact is already subscribed to this address',
  },
  routers: [
    { mount: 'raw', path: '/webhooks', create: inboundWebhooksRouter },
    { mount: 'api', create: voiceMemoUploadRouter },
  ],
  jobs: [recordingTranscriptionJob],
});
