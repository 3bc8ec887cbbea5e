import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChannelSettingsService } from '../../accounts/channels/channel.service';
import type { InboundProvider } from '../../accounts/channels/channel.types';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { InboundCall } from './inbound-call';
import type { InboundEmail } from './inbound-email';
import type { InboundSms } from './inbound-sms';
import type { InboundTranscription } from './inbound-transcription';

/** What a processed delivery answers (200): a retry of the same message or call answers `duplicate`. */
export interface InboundOutcome {
  status: 'processed' | 'duplicate';
  activityId: string;
  contactId: string;
  /** True when the sender was unknown and a contact with status `unknown` was created for it. */
  contactCreated: boolean;
  voiceMemoId?: string;
}

/** A delivery the organization does not take (emailAutoLink off): 200, nothing written. */
export interface IgnoredOutcome {
  status: 'ignored';
  reason: string;
}

/** The flows, run with an EntityManager scoped to the organization the delivery is for. */
export interface InboundFlows {
  email(
    em: EntityManager,
    org: Organization,
    email: InboundEmail,
    provider: InboundProvider,
  ): Promise<InboundOutcome | IgnoredOutcome>;
  call(em: EntityManager, org: Organization, call: InboundCall, provider: InboundProvider): Promise<InboundOutcome>;
  transcription(
    em: EntityManager,
    org: Organization,
    transcription: InboundTranscription,
    provider: InboundProvider,
  ): Promise<InboundOutcome>;
  sms(em: EntityManager, org: Organization, sms: InboundSms, provider: InboundProvider): Promise<InboundOutcome>;
}

/** The services the webhook router uses. */
export interface InboundServices {
  channels: Pick<
    ChannelSettingsService,
    'webhookSecret' | 'organizationByInboundAddress' | 'organizationByPhoneNumber' | 'inboundEmailDomain'
  >;
  inbound: InboundFlows;
}
