import type { RouteRow } from './route.types';
import { adminRoutes } from './routes/admin.routes';
import { authRoutes } from './routes/auth.routes';
import { teamRoutes } from './routes/team.routes';
import { settingsRoutes } from './routes/settings.routes';
import { apiKeyRoutes } from './routes/api-keys.routes';
import { webhookRoutes } from './routes/webhooks.routes';
import { crmRoutes } from './routes/crm.routes';
import { inventoryRoutes } from './routes/inventory.routes';
import { rentalRoutes } from './routes/rentals.routes';
import { salesRoutes } from './routes/sales.routes';
import { taskRoutes } from './routes/tasks.routes';

/**
 * The REST compatibility layer, as one table (kept in one file per domain under routes/). Adding a row
 * documents the route in /api/openapi.json and puts it under the cross-tenant sweep
 * (test/tenancy-sweep.test.ts) at once.
 */
export const routes: RouteRow[] = [...authRoutes, ...teamRoutes, ...adminRoutes, ...settingsRoutes, ...apiKeyRoutes, ...webhookRoutes, ...crmRoutes, ...inventoryRoutes, ...rentalRoutes, ...salesRoutes, ...taskRoutes];
