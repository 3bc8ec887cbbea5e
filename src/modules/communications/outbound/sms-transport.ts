import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization } from '../../accounts/organizations/organization.entity';
import { SmsOutboxMessage } from './sms-message.entity';

export interface SmsMessage {
  organizationId: string;
  to: string;
  from: string | null;
  body: string;
  /** The outbound activity it is logged as; null for a message to a member (no contact's timeline). */
  activityId: string | null;
}

/** How an SMS leaves the service; called inside the transaction that logs it. */
export interface SmsTransport {
  readonly name: string;
  send(tx: EntityManager, message: SmsMessage): Promise<void>;
}

/** Default: the message is a row of `sms_outbox`, committed (or rolled back) with its activity, for a relay to send. */
export class SmsOutboxTransport implements SmsTransport {
  readonly name = 'outbox';

  async send(tx: EntityManager, m: SmsMessage): Promise<void> {
    const row = new SmsOutboxMessage(tx.getReference(Organization, m.organizationId), m.to, m.body);
    row.sender = m.from;
    row.activityId = m.activityId;
    tx.persist(row);
    await tx.flush();
  }
}
