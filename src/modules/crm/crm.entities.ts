/** The CRM core's entities, registered in db/entities.ts. */
import { Company } from './companies/company.entity';
import { Contact } from './contacts/contact.entity';
import { Lead } from './leads/lead.entity';
import { Customer } from './customers/customer.entity';

export const CRM_ENTITIES = [Company, Contact, Lead, Customer];
