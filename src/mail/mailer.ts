import type { EntityManager } from '@mikro-orm/postgresql';
import { createTransport, Transporter } from 'nodemailer';
import { AppError, ErrorCode } from '../lib/errors';
import type { TenantRoot } from '../db/tenant-root';
import { TENANT_ENTITY } from '../db/tenant-root';
import { MailOutboxMessage } from './mail-outbox.entity';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  organizationId?: string;
}

/** How a message leaves the service. Called inside the transaction of the change that sends it. */
export interface MailTransport {
  readonly name: string;
  send(em: EntityManager, message: MailMessage, from: string): Promise<void>;
}

/** Default: the message is a row of `mail_outbox`, committed (or rolled back) with the change. */
export class OutboxTransport implements MailTransport {
  readonly name = 'outbox';

  async send(em: EntityManager, message: MailMessage): Promise<void> {
    const organization = message.organizationId
      ? em.getReference<TenantRoot>(TENANT_ENTITY, message.organizationId, { wrapped: true })
      : undefined;
    em.persist(
      new MailOutboxMessage({
        organization,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        kind: message.kind,
      }),
    );
    await em.flush();
  }
}

/** SMTP_URL set (e.g. smtps://user:pass@smtp.example.com): sent through nodemailer. A failure rolls the change back. */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;

  constructor(url: string) {
    this.transporter = createTransport(url);
  }

  async send(_em: EntityManager, message: MailMessage, from: string): Promise<void> {
    try {
      await this.transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    } catch {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The mail could not be sent; try again later');
    }
  }
}

export class Mailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    /** Where links in mails point: the web app that shows the accept-invitation and reset-password forms. */
    readonly publicUrl: string,
  ) {}

  send(em: EntityManager, message: MailMessage): Promise<void> {
    return this.transport.send(em, message, this.from);
  }

  link(path: string, token: string): string {
    return `${this.publicUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;
  }
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string; publicUrl: string }): Mailer {
  const transport = config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new OutboxTransport();
  return new Mailer(transport, config.mailFrom, config.publicUrl);
}
