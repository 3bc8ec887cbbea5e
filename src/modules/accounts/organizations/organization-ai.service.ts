import type { EntityManager } from '@mikro-orm/postgresql';
import { LocalAiProvider } from '../../../ai/local/local-provider';
import type { AiProvider } from '../../../ai/provider';
import type { AiScope, AudioInput, TaskContext } from '../../../ai/types';
import { withAiUsageScope } from '../../../db/ai-usage';
import { AppError } from '../../../lib/errors';
import { Organization } from './organization.entity';
import { effectiveAiSettings, effectiveFeatures } from './settings.service';
import type { AiSettingsData, FeatureTogglesData } from './settings.types';

/** One of the organization's feature toggles (settings.features, docs/accounts.md). */
export type Feature = keyof FeatureTogglesData;

/** What modules need to honour the toggles: ask (automatic work is skipped) or require (an asked-for operation is a 403). */
export type FeatureGate = Pick<OrganizationAiService, 'featureOn' | 'requireFeature'>;

/** The provider for one organization (its switch and budget applied): what `aiFor` answers. */
export type AiFor = (em: EntityManager, organizationId: string) => Promise<AiProvider>;

/**
 * The one way modules reach the AI provider (docs/ai.md, "Per-organization switch and budget"):
 * `aiFor(em, organizationId)` answers the provider for that organization. When the deployment runs the
 * local provider, or the organization switched the external model off (aiSettings.externalModel false),
 * it is the local provider and nothing leaves the process. Otherwise every call goes to the deployment's
 * provider inside the organization's usage scope, so the database budget (src/db/ai-usage.ts) counts it
 * against aiSettings.monthlyCallBudget and, once spent, the provider answers locally and logs it.
 */
export class OrganizationAiService {
  private readonly local = new LocalAiProvider();

  constructor(private readonly deployment: AiProvider) {}

  /** The organization's AI settings over the defaults (switch, budget, target keywords, hot-lead options). */
  async settings(em: EntityManager, organizationId: string): Promise<Required<AiSettingsData>> {
    const org = await em.findOne(Organization, { id: organizationId });
    if (!org) throw AppError.notFound('Organization');
    return effectiveAiSettings(org.aiSettings);
  }

  /** Whether the organization has the feature on (settings.features; every feature is on by default). */
  async featureOn(em: EntityManager, organizationId: string, feature: Feature): Promise<boolean> {
    const org = await em.findOne(Organization, { id: organizationId });
    return effectiveFeatures(org?.features)[feature];
  }

  /** 403 FORBIDDEN for an operation the organization switched off, naming the toggle. */
  async requireFeature(em: EntityManager, organizationId: string, feature: Feature): Promise<void> {
    if (!(await this.featureOn(em, organizationId, feature)))
      throw AppError.forbidden(
        `The ${feature} feature is switched off for this organization (PUT /api/settings/organization, features.${feature})`,
      );
  }

  async aiFor(em: EntityManager, organizationId: string): Promise<AiProvider> {
    if (this.deployment.name === 'local') return this.local;
    const settings = await this.settings(em, organizationId);
    if (!settings.externalModel) return this.local;
    return new ScopedAiProvider(this.deployment, { em, organizationId, monthlyLimit: settings.monthlyCallBudget });
  }
}

/** The deployment's provider, each call run inside the organization's usage scope. */
class ScopedAiProvider implements AiProvider {
  readonly name: AiProvider['name'];
  readonly transcribes: boolean;

  constructor(
    private readonly inner: AiProvider,
    private readonly scope: Parameters<typeof withAiUsageScope>[0],
  ) {
    this.name = inner.name;
    this.transcribes = inner.transcribes;
  }

  private run<T>(call: () => Promise<T>): Promise<T> {
    return withAiUsageScope(this.scope, call);
  }
  extractTasks(text: string, context: TaskContext) {
    return this.run(() => this.inner.extractTasks(text, { ...context, organizationId: this.scope.organizationId }));
  }
  analyzeSentiment(text: string, _scope?: AiScope) {
    return this.run(() => this.inner.analyzeSentiment(text, { organizationId: this.scope.organizationId }));
  }
  summarize(text: string, _scope?: AiScope) {
    return this.run(() => this.inner.summarize(text, { organizationId: this.scope.organizationId }));
  }
  transcribe(audio: AudioInput, _scope?: AiScope) {
    return this.run(() => this.inner.transcribe(audio, { organizationId: this.scope.organizationId }));
  }
}
