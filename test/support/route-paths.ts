import type { CompiledRoute } from '../../rest-adapter/compile';
import type { TestApp } from './test-app';

/** A placeholder id: valid in shape, found nowhere. */
export const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** The table behind the path segment that precedes a path parameter (anything else gets EXAMPLE_ID). */
export const TABLE_OF_SEGMENT: Record<string, string> = {
  'api-keys': 'api_keys',
  companies: 'companies',
  contacts: 'contacts',
  customers: 'customers',
  'customer-intelligence': 'customers',
  inventory: 'inventory_items',
  'maintenance-holds': 'maintenance_holds',
  units: 'inventory_units',
  'inspection-checklists': 'inspection_checklists',
  charges: 'rental_order_charges',
  'inventory-units': 'inventory_units',
  invoices: 'invoices',
  leads: 'leads',
  transactions: 'rental_orders',
  pipelines: 'pipelines',
  'pipeline-stages': 'pipeline_stages',
  opportunities: 'opportunities',
  'opportunity-proposals': 'opportunity_proposals',
  tasks: 'tasks',
  users: 'users',
  invitations: 'invitations',
  webhooks: 'webhook_subscriptions',
  events: 'outbox_events',
  workflows: 'workflows',
  organizations: 'organizations',
  activities: 'activities',
  'voice-memos': 'voice_memos',
  'email-subscriptions': 'email_sync_subscriptions',
  notifications: 'notifications',
};

/** One id of the organization's rows in each table of TABLE_OF_SEGMENT (the first by id). */
export async function idOfTables(t: TestApp, organizationId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const table of new Set(Object.values(TABLE_OF_SEGMENT))) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    const [row] = await t.sql<{ id: string }>(`select id from "${table}" where ${column} = $1 order by id limit 1`, [
      organizationId,
    ]);
    if (row) ids.set(table, row.id);
  }
  return ids;
}

/** The row's path with each parameter replaced by a real id of the organization where one is known. */
export function pathWithIds(route: CompiledRoute, ids: Map<string, string>): string {
  return route.row.path.replace(
    /([^/]+)\/:(\w+)/g,
    (_m, segment: string) => `${segment}/${ids.get(TABLE_OF_SEGMENT[segment] ?? '') ?? EXAMPLE_ID}`,
  );
}
