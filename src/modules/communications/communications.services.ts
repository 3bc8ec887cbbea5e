import type { AuthedContext } from '../../graphql/context';
import type { ChannelSettingsService } from '../accounts/channels/channel.service';
import type { NotificationService } from '../accounts/notifications/notification.service';
import type { OrganizationAiService } from '../accounts/organizations/organization-ai.service';
import type { AiFor } from '../accounts/organizations/organization-ai.service';
import { ActivityService } from './activities/activity.service';
import { TimelineService } from './activities/timeline.service';
import { EmailSyncService } from './email-sync/email-sync.service';
import { TaskExtractionService } from './extraction/task-extraction.service';
import { InboundService } from './inbound/inbound.service';
import { OutboundService } from './outbound/outbound.service';
import { SmsOutboxTransport } from './outbound/sms-transport';
import { VoiceMemoService } from './voice-memos/voice-memo.service';
import { CallTranscriptService } from './voice-memos/call-transcript.service';
import { transactionalJobs } from '../../jobs/job-queue';
import { RecordingTranscriber } from './voice-memos/recording-transcriber';
import type { SharedDeps } from '../module';
import type { TaskService } from '../sales/tasks/task.service';
import type { OpportunityFromConversation } from '../sales/opportunities/opportunity-from-conversation';

/** What communications calls in the modules above it. */
export interface CommunicationsNeeds {
  tasks: TaskService;
  notifications: NotificationService;
  channels: ChannelSettingsService;
  aiAccess: OrganizationAiService;
  aiOpportunities: OpportunityFromConversation;
}

/** Activities, timeline, voice memos, email sync, outbound email/SMS and the provider webhooks (docs/communications.md). */
export function createCommunicationsServices(
  { events, mailer, config, resolveHost }: SharedDeps,
  needs: CommunicationsNeeds,
) {
  // The organization's provider (its switch and monthly budget applied): accounts' aiAccess (docs/ai.md).
  const ai: AiFor = (em, organizationId) => needs.aiAccess.aiFor(em, organizationId);
  // Each stored conversation may ask for equipment: sales makes or updates its opportunity (docs/sales.md).
  const conversations = needs.aiOpportunities;
  const activities = new ActivityService(ai, conversations);
  const extraction = new TaskExtractionService(ai, needs.tasks, needs.aiAccess);
  const voiceMemos = new VoiceMemoService(ai, extraction, needs.aiAccess, conversations);
  const emailSync = new EmailSyncService();
  const callTranscripts = new CallTranscriptService(activities, voiceMemos, transactionalJobs);
  return {
    activities,
    timeline: new TimelineService(),
    voiceMemos,
    callTranscripts,
    recordingTranscriber: new RecordingTranscriber(ai, needs.channels, callTranscripts, {
      ...config.inbound.recordings,
      allowPrivate: config.webhooks.allowPrivateUrls,
      resolve: resolveHost,
    }),
    extraction,
    emailSync,
    outbound: new OutboundService(mailer, new SmsOutboxTransport(), activities),
    inbound: new InboundService(
      { activities, emailSync, voiceMemos, callTranscripts, notifications: needs.notifications },
      ai,
      events,
      needs.aiAccess,
    ),
    // The webhook router finds the organization and checks signatures through the accounts module's channels.
    channels: needs.channels,
  };
}

export type CommunicationsServices = ReturnType<typeof createCommunicationsServices>;
export type CommunicationsContext = AuthedContext<CommunicationsServices>;
