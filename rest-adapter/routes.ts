import type { RouteRow } from './route.types';
import { adminRoutes } from './routes/admin.routes';
import { authRoutes } from './routes/auth.routes';
import { teamRoutes } from './routes/team.routes';

/**
 * The REST compatibility layer, as one table (kept in one file per domain under routes/). Adding a row
 * documents the route in /api/openapi.json and puts it under the cross-tenant sweep
 * (test/tenancy-sweep.test.ts) at once.
 */
export const routes: RouteRow[] = [...authRoutes, ...teamRoutes, ...adminRoutes];
