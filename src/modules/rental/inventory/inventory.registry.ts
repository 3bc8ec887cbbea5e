/**
 * Rental operations (docs/rental.md): the inventory module's and the rental orders module's entities,
 * resolvers, rules and services, registered in the shared files with one line each.
 */
import type { RootRules } from '../../../graphql/rules';
import { InventoryItem } from './inventory-item.entity';
import { MaintenanceHold } from './maintenance-hold.entity';
import { InventoryResolver } from './inventory.resolver';
import { MaintenanceResolver } from './maintenance.resolver';
import { AvailabilityResolver } from './availability.resolver';
import { inventoryRules } from './inventory.rules';
import { InventoryService } from './inventory.service';
import { MaintenanceService } from './maintenance.service';
import { AvailabilityService } from './availability.service';
import { QuoteService } from './quote.service';
import { createRentalServices, RENTAL_ENTITIES, RENTAL_RESOLVERS, RENTAL_RULES } from '../orders/rentals.registry';

export const INVENTORY_ENTITIES = [InventoryItem, MaintenanceHold, ...RENTAL_ENTITIES];

export const INVENTORY_RESOLVERS = [InventoryResolver, MaintenanceResolver, AvailabilityResolver, ...RENTAL_RESOLVERS] as const;

export const INVENTORY_RULES: RootRules[] = [inventoryRules, ...RENTAL_RULES];

export function createInventoryServices() {
  const availability = new AvailabilityService();
  return {
    inventory: new InventoryService(),
    maintenance: new MaintenanceService(),
    availability,
    quotes: new QuoteService(availability),
    ...createRentalServices(),
  };
}
