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
      if (!contact.email)
        throw AppError.validation([{ field: 'contactId', message: 'the contact has no email address' }]);
      const activity = await this.log(tx, principal, contact, ActivityType.email, input, {
        subject: input.subject,
        body: input.text,
        ...analysis,
      });
      await this.mailer.send(tx, {
        to: contact.email,
        subject: input.subject,
        text: input.text,
        kind: 'contact.email',
        organizationId: principal.organizationId,
      });
      return activity;
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
      if (!contact.phone)
        throw AppError.validation([{ field: 'contactId', message: 'the contact has no phone number' }]);
      const from = await tx.findOne(OrganizationPhoneNumber, {}, { orderBy: { createdAt: 'asc' } });
      const activity = await this.log(tx, principal, contact, ActivityType.sms, input, {
        body: input.body,
        ...analysis,
      });
      await this.sms.send(tx, {
        organizationId: principal.organizationId,
        to: contact.phone,
        from: from?.number ?? null,
        body: input.body,
        activityId: activity.id,
      });
      return activity;
    });
  }

  private async recipient(tx: EntityManager, contactId: string, opportunityId?: string | null): Promise<Contact> {
    const contact = await findOr404(tx, Contact, contactId, 'Contact');
    if (opportunityId) await referenced(tx, Opportunity, opportunityId, 'opportunityId');
    return contact;
  }

  private log(
    tx: EntityManager,
    principal: Principal,
    contact: Contact,
    type: ActivityType,
    input: { opportunityId?: string | null },
    content: { subject?: string; body: string },
  ): Promise<Activity> {
    return this.activities.record(tx, {
      ...content,
      organizationId: principal.organizationId,
      contactId: contact.id,
      type,
      direction: ActivityDirection.outbound,
      occurredAt: clock.now(),
      source: ActivitySource.user,
      authorId: principal.userId,
      opportunityId: input.opportunityId ?? null,
    });
  }
}
