import { defineModule } from '../module';
import { AvailabilityResolver } from './inventory/availability.resolver';
import { InventoryItem } from './inventory/inventory-item.entity';
import { InventoryResolver } from './inventory/inventory.resolver';
import { inventoryRoutes } from './inventory/inventory.routes';
import { inventoryRules } from './inventory/inventory.rules';
import { MaintenanceHold } from './inventory/maintenance-hold.entity';
import { MaintenanceResolver } from './inventory/maintenance.resolver';
import { Invoice } from './orders/invoice.entity';
import { InvoiceResolver } from './orders/invoice.resolver';
import { Payment } from './orders/payment.entity';
import { RentalOrderLine } from './orders/rental-order-line.entity';
import { RentalOrder } from './orders/rental-order.entity';
import { RentalOrderResolver } from './orders/rental-order.resolver';
import { rentalRoutes } from './orders/rental-order.routes';
import { RentalSettings } from './orders/rental-settings.entity';
import { RentalSettingsResolver } from './orders/rental-settings.resolver';
import { rentalRules } from './orders/rentals.rules';
import { createRentalServices } from './rental.services';

/** Rental operations (docs/rental.md). The spec's "transactions" are rental orders in code; the wire keeps /api/transactions. */
export const rentalModule = defineModule({
  name: 'rental',
  summary:
    "Equipment catalog with maintenance holds, day-by-day availability and cheapest-cover quotes; rental orders (the spec's transactions) without double booking, invoices and payments",
  entities: [InventoryItem, MaintenanceHold, RentalSettings, RentalOrder, RentalOrderLine, Invoice, Payment],
  resolvers: [
    InventoryResolver,
    MaintenanceResolver,
    AvailabilityResolver,
    InvoiceResolver,
    RentalOrderResolver,
    RentalSettingsResolver,
  ],
  rules: [inventoryRules, rentalRules],
  routes: [...inventoryRoutes, ...rentalRoutes],
  needs: [],
  services: createRentalServices,
  conflicts: {
    inventory_items_organization_id_item_number_unique: 'An inventory item with this item number already exists',
    rental_settings_organization_id_unique: 'The rental settings were changed at the same time; try again',
  },
});
