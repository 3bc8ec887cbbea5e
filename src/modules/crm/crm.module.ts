import { defineModule } from '../module';
import { Company } from './companies/company.entity';
import { CompanyResolver } from './companies/company.resolver';
import { Contact } from './contacts/contact.entity';
import { ContactBulkResolver } from './contacts/contact-bulk.resolver';
import { ContactResolver } from './contacts/contact.resolver';
import { crmRoutes } from './crm.routes';
import { createCrmServices, CrmNeeds } from './crm.services';
import { Customer } from './customers/customer.entity';
import { CustomerResolver } from './customers/customer.resolver';
import { DirectoryResolver } from './directory/directory.resolver';
import { customerImportRouter } from './imports/import-upload';
import { customerImportJob, importSettings } from './imports/import-job';
import { leadScoreJob } from './leads/lead-score.job';
import { ImportResolver } from './imports/import.resolver';
import { Lead } from './leads/lead.entity';
import { LeadResolver } from './leads/lead.resolver';

/** The CRM core (docs/crm.md). */
export const crmModule = defineModule<ReturnType<typeof createCrmServices>, CrmNeeds, 'crm'>({
  name: 'crm',
  summary:
    'Unified contacts (customer, lead, unknown) with merge, companies with enrichment (places directory, firmographics, website analysis), legacy leads with conversion and AI score 0-7 (bands, explanation), customers, streaming CSV import (large files as background jobs with progress)',
  entities: [Company, Contact, Lead, Customer],
  resolvers: [
    ContactResolver,
    ContactBulkResolver,
    CompanyResolver,
    DirectoryResolver,
    LeadResolver,
    CustomerResolver,
    ImportResolver,
  ],
  routes: crmRoutes,
  migrations: () => import('./migrations'),
  events: ['lead.created', 'lead.converted', 'contact.updated'],
  idSegments: { companies: 'companies', contacts: 'contacts', customers: 'customers', leads: 'leads' },
  needs: ['aiAccess', 'organizationSettings', 'backgroundJobs'],
  services: createCrmServices,
  conflicts: {
    contacts_organization_id_lower_email_unique: 'A contact with this email already exists',
    companies_organization_id_lower_name_unique: 'A company with this name already exists in your organization',
    companies_organization_id_places_id_unique: 'A company with this places id already exists in your organization',
  },
  routers: [{ mount: 'api', create: customerImportRouter }],
  settings: importSettings,
  jobs: [customerImportJob, leadScoreJob],
});
