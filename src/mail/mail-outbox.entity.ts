import { newId } from '../lib/ids';
import { Entity, ManyToOne, PrimaryKey, Property, Ref } from '@mikro-orm/core';
import { clock } from '../lib/clock';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';

/**
 * A message recorded by the default mail transport (no SMTP_URL): developers read invitation and
 * password-reset mails here (`select * from mail_outbox order by created_at desc`). It contains live
 * single-use links, so production points the mailer at SMTP instead.
 */
@Entity({ tableName: 'mail_outbox' })
export class MailOutboxMessage {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'timestamptz' })
  createdAt: Date = clock.now();

  @ManyToOne({ entity: TENANT_ENTITY, ref: true, nullable: true, deleteRule: 'cascade', index: true })
  organization?: Ref<TenantRoot>;

  @Property({ length: 320 })
  recipient: string;

  @Property({ length: 300 })
  subject: string;

  @Property({ type: 'text' })
  text: string;

  /** e.g. invitation, password_reset */
  @Property({ length: 50 })
  kind: string;

  constructor(props: {
    organization?: Ref<TenantRoot>;
    recipient: string;
    subject: string;
    text: string;
    kind: string;
  }) {
    this.organization = props.organization;
    this.recipient = props.recipient;
    this.subject = props.subject;
    this.text = props.text;
    this.kind = props.kind;
  }
}
