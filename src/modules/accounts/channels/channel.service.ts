import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboundConfig } from '../../../config';
import { findOr404 } from '../../../db/find-or-404';
import { AppError } from '../../../lib/errors';
import { deleted, DeletePayload } from '../../../lib/fields';
import type { CredentialCipher } from '../../../lib/credential-cipher';
import { Organization } from '../organizations/organization.entity';
import { AddPhoneNumberInput, ChannelSettings, InboundProvider } from './channel.types';
import { findOrganizationByInboundAddress, findOrganizationByPhoneNumber } from './inbound-lookup';
import { OrganizationPhoneNumber } from './phone-number.entity';

/**
 * Where each provider's secret is kept in the organization's encrypted credentials. Twilio signs with the
 * account auth token, so its webhook secret IS the `twilioAuthToken` integration credential.
 */
const CREDENTIAL_OF: Record<InboundProvider, string> = {
  generic: 'inboundWebhookSecret',
  postmark: 'postmarkWebhookSecret',
  twilio: 'twilioAuthToken',
};

/** The organization's inbound channels: its inbound email address, its phone numbers, its providers' webhook secrets. */
export class ChannelSettingsService {
  constructor(
    private readonly cipher: CredentialCipher,
    private readonly inbound: InboundConfig,
  ) {}

  inboundEmailAddress(org: Pick<Organization, 'inboundEmailToken'>): string {
    return `${org.inboundEmailToken}@${this.inbound.emailDomain}`;
  }

  /** The organization an inbound email is for (a platform read: src/modules/accounts/channels/inbound-lookup.ts). */
  organizationByInboundAddress(em: EntityManager, recipients: readonly string[]): Promise<Organization | null> {
    return findOrganizationByInboundAddress(em, recipients, this.inbound.emailDomain);
  }

  /** The organization a call or SMS to this number is for (a platform read). */
  organizationByPhoneNumber(em: EntityManager, number: string): Promise<Organization | null> {
    return findOrganizationByPhoneNumber(em, number);
  }

  /** The inbound email domain (INBOUND_EMAIL_DOMAIN). */
  get inboundEmailDomain(): string {
    return this.inbound.emailDomain;
  }

  async get(em: EntityManager, organizationId: string): Promise<ChannelSettings> {
    const org = await this.load(em, organizationId);
    const phoneNumbers = await em.find(
      OrganizationPhoneNumber,
      { organization: organizationId },
      { orderBy: { number: 'asc' } },
    );
    return {
      inboundEmailAddress: this.inboundEmailAddress(org),
      phoneNumbers,
      webhookSecrets: Object.values(InboundProvider).map((provider) => ({
        provider,
        configured: Boolean(org.integrationCredentials?.[CREDENTIAL_OF[provider]]),
      })),
    };
  }

  /** Adds a number (admin). A number another organization already routes is a 409 (the unique constraint). */
  async addPhoneNumber(
    em: EntityManager,
    organizationId: string,
    input: AddPhoneNumberInput,
  ): Promise<OrganizationPhoneNumber> {
    const org = await this.load(em, organizationId);
    const phone = new OrganizationPhoneNumber(org, input.number, input.label);
    await em.persist(phone).flush();
    return phone;
  }

  async removePhoneNumber(em: EntityManager, id: string): Promise<DeletePayload> {
    const phone = await findOr404(em, OrganizationPhoneNumber, id, 'Phone number');
    await em.remove(phone).flush();
    return deleted(id, 'Phone number');
  }

  async setWebhookSecret(
    em: EntityManager,
    organizationId: string,
    provider: InboundProvider,
    secret: string | null,
  ): Promise<ChannelSettings> {
    await em.transactional(async (tx) => {
      const org = await this.load(tx, organizationId);
      const next = { ...(org.integrationCredentials ?? {}) };
      if (secret === null) delete next[CREDENTIAL_OF[provider]];
      else next[CREDENTIAL_OF[provider]] = this.cipher.encrypt(secret);
      org.integrationCredentials = next;
    });
    return this.get(em, organizationId);
  }

  /** The secret a provider's calls to this organization are verified with: the organization's, else the deployment's. */
  async webhookSecret(
    em: EntityManager,
    organizationId: string,
    provider: InboundProvider,
  ): Promise<string | undefined> {
    const org = await this.load(em, organizationId);
    const stored = org.integrationCredentials?.[CREDENTIAL_OF[provider]];
    return stored ? this.cipher.decrypt(stored) : this.inbound.secrets[provider];
  }

  private async load(em: EntityManager, organizationId: string): Promise<Organization> {
    const org = await em.findOne(Organization, { id: organizationId }, { populate: ['integrationCredentials'] });
    if (!org) throw AppError.notFound('Organization');
    return org;
  }
}
