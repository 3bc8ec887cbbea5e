/** The CRM core's resolvers, shield rules and services, registered in the shared files with one line each. */
import type { RootRules } from '../../graphql/rules';
import { EventEmitter } from '../../events/event-emitter';
import { ContactResolver } from './contacts/contact.resolver';
import { contactRules } from './contacts/contact.rules';
import { ContactService } from './contacts/contact.service';
import { CompanyResolver } from './companies/company.resolver';
import { companyRules } from './companies/company.rules';
import { CompanyService } from './companies/company.service';
import { LeadResolver } from './leads/lead.resolver';
import { leadRules } from './leads/lead.rules';
import { LeadService } from './leads/lead.service';
import { LeadConversionService } from './leads/lead-conversion.service';
import { CustomerResolver } from './customers/customer.resolver';
import { customerRules } from './customers/customer.rules';
import { CustomerService } from './customers/customer.service';
import { CustomerImportService } from './imports/customer-import.service';
import type { ImportLimits } from './imports/import.types';
import { ImportResolver } from './imports/import.resolver';
import { importRules } from './imports/import.rules';

export const CRM_RESOLVERS = [ContactResolver, CompanyResolver, LeadResolver, CustomerResolver, ImportResolver] as const;

export const CRM_RULES: RootRules[] = [contactRules, companyRules, leadRules, customerRules, importRules];

export function createCrmServices(importLimits: ImportLimits) {
  const events = new EventEmitter(); // stateless: the outbox row goes into the caller's transaction
  const companies = new CompanyService();
  return {
    contacts: new ContactService(),
    companies,
    leads: new LeadService(companies, events),
    leadConversion: new LeadConversionService(events),
    customers: new CustomerService(),
    customerImport: new CustomerImportService(importLimits),
  };
}
