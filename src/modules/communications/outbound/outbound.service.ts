import type { EntityManager } from '@mikro-orm/postgresql';
import { findOr404, referenced } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Mailer } from '../../../mail/mailer';
import { OrganizationPhoneNumber } from '../../accounts/channels/phone-number.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from '../../sales/opportunities/opportunity.entity';
import { Activity, ActivityDirection, ActivitySource, ActivityType } from '../activities/activity.entity';
import type { ActivityService } from '../activities/activity.service';
import type { SmsTransport } from './sms-transport';
import type { OutboundEmailInput, OutboundSmsInput } from './outbound.types';

/**
 * Email and SMS from the CRM to a contact (docs/communications.md, "Outbound"): the message and its outbound
 * activity in one transaction, so a message is never sent without its log line nor logged without being sent.
 */
export class OutboundService {
  constructor(
    private readonly mailer: Mailer,
    private readonly sms: SmsTransport,
    private readonly activities: ActivityService,
  ) {}

  async email(
    em: EntityManager,
    principal: Principal,
    contactId: string,
    input: OutboundEmailInput,
  ): Promise<Activity> {
    const analysis = await this.activities.analyse(em, principal.organizationId, { body: input.text });
    return em.transactional(async (tx) => {
      const contact = await this.recipient(tx, contactId, input.opportunityId);
      return this.deliver(tx, byMember(principal), contact, {
        channel: 'email',
        subject: input.subject,
        text: input.text,
        opportunityId: input.opportunityId,
        analysis,
      });
    });
  }

  async sendSms(
    em: EntityManager,
    principal: Principal,
    contactId: string,
    input: OutboundSmsInput,
  ): Promise<Activity> {
    const analysis = await this.activities.analyse(em, principal.organizationId, { body: input.body });
    return em.transactional(async (tx) => {
      const contact = await this.recipient(tx, contactId, input.opportunityId);
      return this.deliver(tx, byMember(principal), contact, {
        channel: 'sms',
        text: input.body,
        opportunityId: input.opportunityId,
        analysis,
      });
    });
  }

  /**
   * A message of the system (a workflow's send_email or send_sms, docs/workflows.md) to a contact of the organization,
   * in the caller's transaction: sent through the same mail and SMS paths and logged the same way, with source
   * `workflow` and no author. The contact is found under the organization's filter (another's is a 404).
   */
  async sendInTransaction(
    tx: EntityManager,
    organizationId: string,
    contactId: string,
    message: OutboundMessage,
  ): Promise<Activity> {
    const contact = await this.recipient(tx, contactId, message.opportunityId);
    return this.deliver(tx, { organizationId, authorId: null, source: ActivitySource.workflow }, contact, message);
  }

  /**
   * An SMS of the system to a member of the organization (a workflow's send_sms to an owner or a named user,
   * docs/workflows.md): the same SMS path from the organization's first number, in the caller's transaction, on no
   * contact's timeline. `to` is the member's E.164 number.
   */
  async textMemberInTransaction(tx: EntityManager, organizationId: string, to: string, text: string): Promise<void> {
    const from = await tx.findOne(OrganizationPhoneNumber, {}, { orderBy: { createdAt: 'asc' } });
    await this.sms.send(tx, { organizationId, to, from: from?.number ?? null, body: text, activityId: null });
  }

  private async recipient(tx: EntityManager, contactId: string, opportunityId?: string | null): Promise<Contact> {
    const contact = await findOr404(tx, Contact, contactId, 'Contact');
    if (opportunityId) await referenced(tx, Opportunity, opportunityId, 'opportunityId');
    return contact;
  }

  /** The message and its outbound activity, in the caller's transaction (never one without the other). */
  private async deliver(tx: EntityManager, sender: Sender, contact: Contact, m: OutboundMessage): Promise<Activity> {
    const to = m.channel === 'email' ? contact.email : contact.phone;
    if (!to)
      throw AppError.validation([
        {
          field: 'contactId',
          message: m.channel === 'email' ? 'the contact has no email address' : 'the contact has no phone number',
        },
      ]);
    const from =
      m.channel === 'sms' ? await tx.findOne(OrganizationPhoneNumber, {}, { orderBy: { createdAt: 'asc' } }) : null;
    const activity = await this.activities.record(tx, {
      ...(m.channel === 'email' ? { subject: m.subject } : {}),
      body: m.text,
      ...m.analysis,
      organizationId: sender.organizationId,
      contactId: contact.id,
      type: m.channel === 'email' ? ActivityType.email : ActivityType.sms,
      direction: ActivityDirection.outbound,
      occurredAt: clock.now(),
      source: sender.source,
      authorId: sender.authorId,
      opportunityId: m.opportunityId ?? null,
    });
    if (m.channel === 'email')
      await this.mailer.send(tx, {
        to,
        subject: m.subject ?? '',
        text: m.text,
        kind: 'contact.email',
        organizationId: sender.organizationId,
      });
    else
      await this.sms.send(tx, {
        organizationId: sender.organizationId,
        to,
        from: from?.number ?? null,
        body: m.text,
        activityId: activity.id,
      });
    return activity;
  }
}

/** One outbound message: its channel, content and the deal it is about. */
export interface OutboundMessage {
  channel: 'email' | 'sms';
  subject?: string;
  text: string;
  opportunityId?: string | null;
  /** The activity's analysis (sentiment, summary) when the sender asked for one. */
  analysis?: Record<string, unknown>;
}

interface Sender {
  organizationId: string;
  authorId: string | null;
  source: ActivitySource;
}

const byMember = (p: Principal): Sender => ({
  organizationId: p.organizationId,
  authorId: p.userId,
  source: ActivitySource.user,
});
