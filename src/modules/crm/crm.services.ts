import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { CompanyService } from './companies/company.service';
import { ContactBulkService } from './contacts/contact-bulk.service';
import { ContactService } from './contacts/contact.service';
import { CustomerService } from './customers/customer.service';
import { CustomerImportService } from './imports/customer-import.service';
import { LeadConversionService } from './leads/lead-conversion.service';
import { LeadScoreService } from './leads/lead-score.service';
import { LeadService } from './leads/lead.service';
import type { OrganizationAiService } from '../accounts/organizations/organization-ai.service';
import type { OrganizationSettingsService } from '../accounts/organizations/settings.service';
import type { BackgroundJobService } from '../jobs/background-job.service';
import { CompanyEnricher } from './companies/enrichment/company-enricher';
import { DirectoryProviders } from './directory/directory-providers';
import { DirectoryService } from './directory/directory.service';

/**
 * What the CRM calls in accounts: the organization's AI settings (lead scoring's target keywords) and its
 * integration credentials (the places directory's and the firmographic provider's keys).
 */
export interface CrmNeeds {
  aiAccess: OrganizationAiService;
  organizationSettings: OrganizationSettingsService;
  /** A large CSV import runs as a background job (docs/jobs.md). */
  backgroundJobs: BackgroundJobService;
}

/** The CRM core (docs/crm.md): contacts, companies, legacy leads and customers, CSV import, lead scores, directory. */
export function createCrmServices(
  { config, events, resolveHost }: SharedDeps,
  { aiAccess, organizationSettings, backgroundJobs }: CrmNeeds,
) {
  const providers = new DirectoryProviders(
    config.enrichment,
    { allowPrivate: config.webhooks.allowPrivateUrls, resolve: resolveHost },
    organizationSettings,
  );
  const leadScores = new LeadScoreService(aiAccess);
  const companies = new CompanyService(leadScores, new CompanyEnricher(undefined, providers.sources));
  leadScores.enrichHot = (em, hot) => companies.enrichNew(em, hot);
  return {
    contacts: new ContactService(leadScores),
    contactBulk: new ContactBulkService(events),
    companies,
    leadScores,
    leads: new LeadService(companies, events, leadScores),
    leadConversion: new LeadConversionService(events),
    customers: new CustomerService(leadScores),
    customerImport: new CustomerImportService(config.imports),
    backgroundJobs,
    directory: new DirectoryService(providers, companies),
  };
}

export type CrmServices = ReturnType<typeof createCrmServices>;
export type CrmContext = AuthedContext<CrmServices>;
