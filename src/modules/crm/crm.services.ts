import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { CompanyService } from './companies/company.service';
import { ContactService } from './contacts/contact.service';
import { CustomerService } from './customers/customer.service';
import { CustomerImportService } from './imports/customer-import.service';
import { LeadConversionService } from './leads/lead-conversion.service';
import { LeadService } from './leads/lead.service';

/** The CRM core (docs/crm.md): contacts, companies, legacy leads and customers, CSV import. */
export function createCrmServices({ config, events }: SharedDeps) {
  const companies = new CompanyService();
  return {
    contacts: new ContactService(),
    companies,
    leads: new LeadService(companies, events),
    leadConversion: new LeadConversionService(events),
    customers: new CustomerService(),
    customerImport: new CustomerImportService(config.imports),
  };
}

export type CrmServices = ReturnType<typeof createCrmServices>;
export type CrmContext = AuthedContext<CrmServices>;
