import type { EntityManager } from '@mikro-orm/postgresql';
import type { HostResolver } from '../../../events/url-guard';
import type { EnrichmentConfig } from '../../../lib/enrichment-config';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { OrganizationSettingsService } from '../../accounts/organizations/settings.service';
import {
  NoEnrichmentProvider,
  type EnrichmentProvider,
  type EnrichmentSources,
} from '../companies/enrichment/enrichment.provider';
import { WebsiteReader } from '../companies/enrichment/website-fetch';
import { FirmographicsClient } from './firmographics.client';
import { PlacesClient } from './places.client';
import { ProviderCaller } from './provider-call';

/** Reads a decrypted integration credential (accounts' organization settings; never returned by the API). */
export type CredentialLookup = Pick<OrganizationSettingsService, 'credential'>;

/**
 * The providers behind the directory and enrichment, with the organization's own keys: the places
 * directory (googlePlacesApiKey), the firmographic provider (enrichmentApiKey) and the website reader.
 */
export class DirectoryProviders {
  readonly places: PlacesClient;
  private readonly firmographics: FirmographicsClient;
  private readonly site: WebsiteReader;

  constructor(
    config: EnrichmentConfig,
    guard: { allowPrivate: boolean; resolve?: HostResolver },
    private readonly credentials: CredentialLookup,
  ) {
    const caller = new ProviderCaller(config, guard);
    this.places = new PlacesClient(config.placesBaseUrl, caller);
    this.firmographics = new FirmographicsClient(config.firmographicsBaseUrl, caller);
    this.site = new WebsiteReader({ timeoutMs: config.timeoutMs, maxBytes: config.websiteMaxBytes, ...guard });
  }

  /** The organization's places key, or 409 INTEGRATION_NOT_CONFIGURED saying where to store it. */
  async placesKey(em: EntityManager, organizationId: string): Promise<string> {
    const key = await this.credentials.credential(em, organizationId, 'googlePlacesApiKey');
    if (!key)
      throw new AppError(
        ErrorCode.INTEGRATION_NOT_CONFIGURED,
        'The places directory is not configured: store integrations.googlePlacesApiKey (PUT /api/settings/organization)',
      );
    return key;
  }

  /** The enrichment provider of one organization: its keys decide the steps; neither key: not configured (skipped). */
  readonly sources: EnrichmentSources = async (em, organizationId): Promise<EnrichmentProvider> => {
    const placesKey = await this.credentials.credential(em, organizationId, 'googlePlacesApiKey');
    const firmKey = await this.credentials.credential(em, organizationId, 'enrichmentApiKey');
    if (!placesKey && !firmKey) return new NoEnrichmentProvider();
    return {
      name: [placesKey && 'google-places', firmKey && 'peopledatalabs'].filter(Boolean).join('+'),
      configured: true,
      place: placesKey
        ? async (c) => (c.placesId ? this.places.details(em, organizationId, placesKey, c.placesId) : null)
        : undefined,
      firmographics: firmKey ? (c) => this.firmographics.enrich(em, organizationId, firmKey, c) : undefined,
      analyzeWebsite: (url) => this.site.analyze(url),
    };
  };
}
