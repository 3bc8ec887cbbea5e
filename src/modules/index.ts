/**
 * Every module of the service, in dependency order: a module may need the services of the modules above
 * it, never below. This list is the only place a domain is registered (docs/architecture.md); read it to
 * know every capability the service has.
 */
import { accountsModule } from './accounts/accounts.module';
import { analyticsModule } from './analytics/analytics.module';
import { communicationsModule } from './communications/communications.module';
import { crmModule } from './crm/crm.module';
import { intelligenceModule } from './intelligence/intelligence.module';
import { jobsModule } from './jobs/jobs.module';
import { liveModule } from './live/live.module';
import type { SharedDeps } from './module';
import { rentalModule } from './rental/rental.module';
import { salesModule } from './sales/sales.module';
import { searchModule } from './search/search.module';
import { webhooksModule } from './webhooks/webhooks.module';
import { workflowsModule } from './workflows/workflows.module';

export const modules = [
  accountsModule,
  jobsModule,
  crmModule,
  rentalModule,
  salesModule,
  communicationsModule,
  intelligenceModule,
  webhooksModule,
  analyticsModule,
  workflowsModule,
  searchModule,
  liveModule,
] as const;

type Provided<M> = M extends { services(...args: never[]): infer S } ? S : never;
type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The services object the composition root builds: the shared infrastructure plus every module's services. */
export type Services = Omit<SharedDeps, 'config'> & Intersect<Provided<(typeof modules)[number]>>;
