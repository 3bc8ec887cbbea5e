import type { RouteRow } from '../route.types';
import { companyRoutes } from './companies.routes';
import { contactRoutes } from './contacts.routes';
import { customerRoutes } from './customers.routes';
import { leadRoutes } from './leads.routes';

/** The CRM core's rows (registered in rest-adapter/routes.ts with one line). */
export const crmRoutes: RouteRow[] = [...contactRoutes, ...companyRoutes, ...leadRoutes, ...customerRoutes];
