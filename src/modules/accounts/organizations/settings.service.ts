import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import { CredentialCipher } from '../../../lib/credential-cipher';
import { Organization } from './organization.entity';
import {
  DEFAULT_AI,
  DEFAULT_FEATURES,
  INTEGRATIONS,
  IntegrationName,
  OrganizationSettings,
  UpdateOrganizationSettingsInput,
} from './settings.types';
import { hoursInOrder } from './settings.validators';

const TEXT_FIELDS = [
  'phone',
  'email',
  'website',
  'address1',
  'city',
  'state',
  'zipCode',
  'businessHoursStart',
  'businessHoursEnd',
  'timezone',
] as const;

/** Only defined keys: `{a: undefined}` must not erase a stored value when merged. */
function defined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

/** The organization's settings (spec, Organization): business information, hours, toggles, AI settings, credentials. */
export class OrganizationSettingsService {
  constructor(private readonly cipher: CredentialCipher) {}

  async get(em: EntityManager, organizationId: string): Promise<OrganizationSettings> {
    return this.view(await this.load(em, organizationId));
  }

  /** Applies the given fields only; validates business hours against the stored values too. */
  async update(
    em: EntityManager,
    organizationId: string,
    input: UpdateOrganizationSettingsInput,
  ): Promise<OrganizationSettings> {
    return em.transactional(async (tx) => {
      const org = await this.load(tx, organizationId);
      if (input.name !== undefined) org.name = input.name.trim();
      for (const field of TEXT_FIELDS) {
        const value = input[field];
        if (value === undefined) continue;
        org[field] =
          value === null || value.trim() === ''
            ? undefined
            : field === 'email'
              ? value.trim().toLowerCase()
              : value.trim();
      }
      if (!hoursInOrder(org.businessHoursStart, org.businessHoursEnd)) {
        throw AppError.validation([
          { field: 'businessHoursEnd', message: 'businessHoursEnd must be later than businessHoursStart' },
        ]);
      }
      if (input.features) org.features = { ...org.features, ...defined(input.features) };
      if (input.aiSettings) org.aiSettings = { ...org.aiSettings, ...defined(input.aiSettings) };
      if (input.integrations)
        org.integrationCredentials = this.mergeCredentials(org.integrationCredentials, input.integrations);
      await tx.flush();
      return this.view(org);
    });
  }

  /** The decrypted credential, for integration code only. */
  async credential(em: EntityManager, organizationId: string, name: IntegrationName): Promise<string | undefined> {
    const stored = (await this.load(em, organizationId)).integrationCredentials?.[name];
    return stored ? this.cipher.decrypt(stored) : undefined;
  }

  private async load(em: EntityManager, organizationId: string): Promise<Organization> {
    const org = await em.findOne(Organization, { id: organizationId }, { populate: ['integrationCredentials'] });
    if (!org) throw AppError.notFound('Organization');
    return org;
  }

  private mergeCredentials(
    current: Record<string, string> | undefined,
    input: Partial<Record<IntegrationName, string | null>>,
  ): Record<string, string> {
    const next = { ...(current ?? {}) };
    for (const name of INTEGRATIONS) {
      const value = input[name];
      if (value === null) delete next[name];
      else if (typeof value === 'string') next[name] = this.cipher.encrypt(value);
    }
    return next;
  }

  private view(org: Organization): OrganizationSettings {
    const text = (v: string | undefined) => v ?? null;
    return {
      id: org.id,
      name: org.name,
      phone: text(org.phone),
      email: text(org.email),
      website: text(org.website),
      address1: text(org.address1),
      city: text(org.city),
      state: text(org.state),
      zipCode: text(org.zipCode),
      businessHoursStart: text(org.businessHoursStart),
      businessHoursEnd: text(org.businessHoursEnd),
      timezone: text(org.timezone),
      features: { ...DEFAULT_FEATURES, ...defined(org.features) },
      aiSettings: { ...DEFAULT_AI, ...defined(org.aiSettings) } as OrganizationSettings['aiSettings'],
      integrations: INTEGRATIONS.map((name) => ({ name, isSet: Boolean(org.integrationCredentials?.[name]) })),
      updatedAt: org.updatedAt,
    };
  }
}
