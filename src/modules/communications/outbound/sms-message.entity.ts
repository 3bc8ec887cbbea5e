import { Entity, Property, Ref, ref } from '@mikro-orm/core';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/** The default SMS transport's outbox: a row per message, committed with the activity that logs it. */
@Entity({ tableName: 'sms_outbox' })
export class SmsOutboxMessage extends TenantEntity {
  @Property({ length: 20 })
  recipient: string;

  @Property({ length: 20, nullable: true })
  sender: string | null = null;

  @Property({ type: 'text' })
  body: string;

  @Property({ length: 20 })
  status: string = 'queued';

  @Property({ type: 'uuid', nullable: true })
  activityId: string | null = null;

  constructor(organization: Organization | Ref<Organization>, recipient: string, body: string) {
    super();
    this.organization = ref(organization as Organization);
    this.recipient = recipient;
    this.body = body;
  }
}
