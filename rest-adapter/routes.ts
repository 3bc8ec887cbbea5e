import type { RouteRow } from './route.types';
import { adminRoutes } from '../src/modules/accounts/admin/admin.routes';
import { authRoutes } from '../src/modules/accounts/auth/auth.routes';
import { teamRoutes } from '../src/modules/accounts/users/team.routes';
import { settingsRoutes } from '../src/modules/accounts/organizations/settings.routes';
import { apiKeyRoutes } from '../src/modules/accounts/api-keys/api-key.routes';
import { webhookRoutes } from '../src/modules/webhooks/webhook.routes';
import { crmRoutes } from '../src/modules/crm/crm.routes';
import { inventoryRoutes } from '../src/modules/rental/inventory/inventory.routes';
import { rentalRoutes } from '../src/modules/rental/orders/rental-order.routes';
import { salesRoutes } from '../src/modules/sales/sales.routes';
import { taskRoutes } from '../src/modules/sales/tasks/task.routes';

/**
 * The REST compatibility layer, as one table (kept in one file per domain under routes/). Adding a row
 * documents the route in /api/openapi.json and puts it under the cross-tenant sweep
 * (test/tenancy-sweep.test.ts) at once.
 */
export const routes: RouteRow[] = [...authRoutes, ...teamRoutes, ...adminRoutes, ...settingsRoutes, ...apiKeyRoutes, ...webhookRoutes, ...crmRoutes, ...inventoryRoutes, ...rentalRoutes, ...salesRoutes, ...taskRoutes];
