/**
 * The platform's committed migrations, in order: the history from before modules carried their own, and the
 * tables below the modules (outbox, mail, scheduler, row security). A module lists its own migrations in its
 * definition (`migrations`, files in its folder); src/composition.ts merges both lists by name.
 */
import { Migration20261122043609_foundation } from './Migration20261122043609_foundation';
import { Migration20261122044647_outbox } from './Migration20261122044647_outbox';
import { Migration20261122050000_accounts } from './Migration20261122050000_accounts';
import { Migration20261122050100_webhooks } from './Migration20261122050100_webhooks';
import { Migration20261122050500_crm_core } from './Migration20261122050500_crm_core';
import { Migration20261122060000_inventory } from './Migration20261122060000_inventory';
import { Migration20261122061500_rentals } from './Migration20261122061500_rentals';
import { Migration20261122063000_invoices } from './Migration20261122063000_invoices';
import { Migration20261122070000_sales } from './Migration20261122070000_sales';
import { Migration20261123020000_analytics } from './Migration20261123020000_analytics';
import { Migration20261123040000_scheduler } from './Migration20261123040000_scheduler';
import { Migration20261123100000_communications } from './Migration20261123100000_communications';
import { Migration20261123110000_inbound } from './Migration20261123110000_inbound';
import { Migration20261123150000_ai } from './Migration20261123150000_ai';
import { Migration20261123130000_perf_indexes } from './Migration20261123130000_perf_indexes';
import { Migration20261123200000_rls } from './Migration20261123200000_rls';
import { Migration20261123210000_rls_leakproof } from './Migration20261123210000_rls_leakproof';
import { Migration20261123220000_activity_attachments } from './Migration20261123220000_activity_attachments';
import { Migration20261124000000_credential_lookups } from './Migration20261124000000_credential_lookups';
import { Migration20261125000000_order_line_facts } from './Migration20261125000000_order_line_facts';
import { Migration20261125010000_customer_order_days } from './Migration20261125010000_customer_order_days';
import { Migration20261126000000_principal_changes } from './Migration20261126000000_principal_changes';
import { Migration20261127100000_idempotency_keys } from './Migration20261127100000_idempotency_keys';
import { Migration20261127110000_organization_audit } from './Migration20261127110000_organization_audit';
import { Migration20261230100000_distribution_keys } from './Migration20261230100000_distribution_keys';

export const platformMigrations = [
  { name: 'Migration20261122043609_foundation', class: Migration20261122043609_foundation },
  { name: 'Migration20261122044647_outbox', class: Migration20261122044647_outbox },
  { name: 'Migration20261122050000_accounts', class: Migration20261122050000_accounts },
  { name: 'Migration20261122050100_webhooks', class: Migration20261122050100_webhooks },
  { name: 'Migration20261122050500_crm_core', class: Migration20261122050500_crm_core },
  { name: 'Migration20261122060000_inventory', class: Migration20261122060000_inventory },
  { name: 'Migration20261122061500_rentals', class: Migration20261122061500_rentals },
  { name: 'Migration20261122063000_invoices', class: Migration20261122063000_invoices },
  { name: 'Migration20261122070000_sales', class: Migration20261122070000_sales },
  { name: 'Migration20261123020000_analytics', class: Migration20261123020000_analytics },
  { name: 'Migration20261123040000_scheduler', class: Migration20261123040000_scheduler },
  { name: 'Migration20261123100000_communications', class: Migration20261123100000_communications },
  { name: 'Migration20261123110000_inbound', class: Migration20261123110000_inbound },
  { name: 'Migration20261123130000_perf_indexes', class: Migration20261123130000_perf_indexes },
  { name: 'Migration20261123150000_ai', class: Migration20261123150000_ai },
  { name: 'Migration20261123200000_rls', class: Migration20261123200000_rls },
  { name: 'Migration20261123210000_rls_leakproof', class: Migration20261123210000_rls_leakproof },
  { name: 'Migration20261123220000_activity_attachments', class: Migration20261123220000_activity_attachments },
  { name: 'Migration20261124000000_credential_lookups', class: Migration20261124000000_credential_lookups },
  { name: 'Migration20261125000000_order_line_facts', class: Migration20261125000000_order_line_facts },
  { name: 'Migration20261125010000_customer_order_days', class: Migration20261125010000_customer_order_days },
  { name: 'Migration20261126000000_principal_changes', class: Migration20261126000000_principal_changes },
  { name: 'Migration20261127100000_idempotency_keys', class: Migration20261127100000_idempotency_keys },
  { name: 'Migration20261127110000_organization_audit', class: Migration20261127110000_organization_audit },
  { name: 'Migration20261230100000_distribution_keys', class: Migration20261230100000_distribution_keys },
];
