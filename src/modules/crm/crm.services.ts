import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { CompanyService } from './companies/company.service';
import { ContactService } from './contacts/contact.service';
import { CustomerService } from './customers/customer.service';
import { CustomerImportService } from './imports/customer-import.service';
import { LeadConversionService } from './leads/lead-conversion.service';
import { LeadScoreService } from './leads/lead-score.service';
import { LeadService } from './leads/lead.service';
import type { OrganizationAiService } from '../accounts/organizations/organization-ai.service';

/** What the CRM calls in accounts: the organization's AI settings (lead scoring's target keywords). */
export interface CrmNeeds {
  aiAccess: OrganizationAiService;
}

/** The CRM core (docs/crm.md): contacts, companies, legacy leads and customers, CSV import, lead scores. */
export function createCrmServices({ config, events }: SharedDeps, { aiAccess }: CrmNeeds) {
  const leadScores = new LeadScoreService(aiAccess);
  const companies = new CompanyService(leadScores);
  leadScores.enrichHot = (em, hot) => companies.enrichNew(em, hot);
  return {
    contacts: new ContactService(leadScores),
    companies,
    leadScores,
    leads: new LeadService(companies, events, leadScores),
    leadConversion: new LeadConversionService(events),
    customers: new CustomerService(leadScores),
    customerImport: new CustomerImportService(config.imports),
  };
}

export type CrmServices = ReturnType<typeof createCrmServices>;
export type CrmContext = AuthedContext<CrmServices>;
