import type { RouteRow } from '../../http/route-row';
import { companyRoutes } from './companies/company.routes';
import { contactRoutes } from './contacts/contact.routes';
import { customerRoutes } from './customers/customer.routes';
import { directoryRoutes } from './directory/directory.routes';
import { leadRoutes } from './leads/lead.routes';

/** The CRM core's rows: the `routes` of crm.module.ts, folded into the REST table by src/composition.ts. */
export const crmRoutes: RouteRow[] = [
  ...contactRoutes,
  ...companyRoutes,
  ...directoryRoutes,
  ...leadRoutes,
  ...customerRoutes,
];
