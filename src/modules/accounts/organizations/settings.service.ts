import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import { CredentialCipher } from '../../../lib/credential-cipher';
import type { ChannelSettingsService } from '../channels/channel.service';
import { Organization } from './organization.entity';
import { aiCallsThisMonth } from '../../../db/ai-usage';
import {
  AiSettingsData,
  DEFAULT_AI,
  DEFAULT_FEATURES,
  FeatureTogglesData,
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

/** Stored feature toggles over the defaults (every feature on). */
export function effectiveFeatures(stored: FeatureTogglesData | undefined): Required<FeatureTogglesData> {
  return { ...DEFAULT_FEATURES, ...defined(stored) };
}

/** Stored AI settings over the defaults: what every AI feature of the organization goes by. */
export function effectiveAiSettings(stored: AiSettingsData | undefined): Required<AiSettingsData> {
  return {
    ...DEFAULT_AI,
    ...defined(stored),
    monthlyCallBudget: stored?.monthlyCallBudget ?? null,
  } as Required<AiSettingsData>;
}

/** Omitted keys unchanged; monthlyCallBudget null means unlimited; keywords trimmed, without repeats (ignoring case). */
function mergeAiSettings(stored: AiSettingsData | undefined, input: AiSettingsData): AiSettingsData {
  const next: AiSettingsData = { ...stored, ...defined(input) };
  if (input.monthlyCallBudget === null) next.monthlyCallBudget = null;
  if (input.targetKeywords) {
    const seen = new Set<string>();
    next.targetKeywords = input.targetKeywords
      .map((k) => k.trim())
      .filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
  }
  return next;
}

/** The organization's settings (spec, Organization): business information, hours, toggles, AI settings, credentials. */
export class OrganizationSettingsService {
  constructor(
    private readonly cipher: CredentialCipher,
    private readonly channels: Pick<ChannelSettingsService, 'inboundEmailAddress'>,
  ) {}

  async get(em: EntityManager, organizationId: string): Promise<OrganizationSettings> {
    return this.view(await this.load(em, organizationId), await aiCallsThisMonth(em, organizationId));
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
      if (input.aiSettings) org.aiSettings = mergeAiSettings(org.aiSettings, input.aiSettings);
      if (input.integrations)
        org.integrationCredentials = this.mergeCredentials(org.integrationCredentials, input.integrations);
      await tx.flush();
      return this.view(org, await aiCallsThisMonth(tx, organizationId));
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

  private view(org: Organization, callsThisMonth: number): OrganizationSettings {
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
      inboundEmailAddress: this.channels.inboundEmailAddress(org),
      features: effectiveFeatures(org.features),
      aiSettings: { ...effectiveAiSettings(org.aiSettings), callsThisMonth },
      integrations: INTEGRATIONS.map((name) => ({ name, isSet: Boolean(org.integrationCredentials?.[name]) })),
      updatedAt: org.updatedAt,
    };
  }
}
