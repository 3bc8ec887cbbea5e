import { defineModule } from '../module';
import { AvailabilityResolver } from './inventory/availability.resolver';
import { InventoryItem } from './inventory/inventory-item.entity';
import { InventoryResolver } from './inventory/inventory.resolver';
import { inventoryRoutes } from './inventory/inventory.routes';
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
import { InventoryUnit } from './inventory/inventory-unit.entity';
import { InventoryUnitEvent } from './inventory/inventory-unit-event.entity';
import { UnitResolver } from './inventory/unit.resolver';
import { RentalCheckout } from './orders/rental-checkout.entity';
import { RentalReturn } from './orders/rental-return.entity';
import { RentalOrderMove } from './orders/rental-order-move.entity';
import { RentalDeskResolver } from './orders/rental-desk.resolver';
import { createRentalServices } from './rental.services';
import { INVOICE_EVENTS } from './orders/invoice-events';
import { LateChargesResolver } from './orders/late-charges.resolver';
import { InspectionChecklist } from './inventory/inspection-checklist.entity';
import { InspectionResolver } from './inventory/inspection.resolver';
import { ServiceDueJob } from './inventory/servicing.service';
import { ServicingResolver } from './inventory/servicing.resolver';
import { OrderCharge } from './orders/order-charge.entity';
import { OrderChargeResolver } from './orders/order-charge.resolver';
import { UNIT_SOURCES } from './inventory/availability-sources';
import { PricingRule } from './inventory/pricing-rule.entity';
import { PricingRuleResolver } from './inventory/pricing-rule.resolver';
import { pricingRuleRoutes } from './inventory/pricing-rule.routes';
import { DepositResolver } from './orders/billing/deposit.resolver';
import { depositRoutes } from './orders/billing/deposit.routes';
import { DocumentBranding } from './documents/branding.entity';
import {
  AgreementDocumentResolver,
  BrandingResolver,
  InvoiceDocumentResolver,
  QuoteDocumentResolver,
} from './documents/document.resolver';
import { documentRoutes } from './documents/document.routes';
import { AccountingExport, AccountingExportMark } from './accounting/accounting-export.entity';
import { AccountingExportResolver } from './accounting/accounting-export.resolver';
import { accountingRoutes } from './accounting/accounting.routes';
import { RentalQuote } from './quotes/rental-quote.entity';
import { RentalQuoteVersion } from './quotes/rental-quote-version.entity';
import { RentalQuoteLine } from './quotes/rental-quote-line.entity';
import { RentalQuoteResolver, RentalQuoteVersionResolver } from './quotes/rental-quote.resolver';
import { rentalQuoteRoutes } from './quotes/rental-quote.routes';
import { ACCEPTANCE_PATH } from './quotes/rental-quote.service';
import { quoteAcceptanceRouter } from './quotes/quote-acceptance.router';

/** Rental operations (docs/rental.md). The spec's "transactions" are rental orders in code; the wire keeps /api/transactions. */
export const rentalModule = defineModule({
  name: 'rental',
  summary:
    "Equipment catalog with maintenance holds, day-by-day availability and cheapest-cover quotes; rental orders (the spec's transactions) without double booking, invoices and payments",
  entities: [
    InventoryItem,
    InventoryUnit,
    InventoryUnitEvent,
    MaintenanceHold,
    RentalSettings,
    RentalOrder,
    RentalOrderLine,
    RentalCheckout,
    RentalReturn,
    RentalOrderMove,
    InspectionChecklist,
    OrderCharge,
    PricingRule,
    Invoice,
    Payment,
    DocumentBranding,
    AccountingExport,
    AccountingExportMark,
    RentalQuote,
    RentalQuoteVersion,
    RentalQuoteLine,
  ],
  resolvers: [
    InventoryResolver,
    MaintenanceResolver,
    AvailabilityResolver,
    InvoiceResolver,
    RentalOrderResolver,
    RentalDeskResolver,
    LateChargesResolver,
    UnitResolver,
    InspectionResolver,
    ServicingResolver,
    OrderChargeResolver,
    PricingRuleResolver,
    DepositResolver,
    RentalSettingsResolver,
    BrandingResolver,
    InvoiceDocumentResolver,
    AgreementDocumentResolver,
    QuoteDocumentResolver,
    AccountingExportResolver,
    RentalQuoteResolver,
    RentalQuoteVersionResolver,
  ],
  migrations: () => import('./migrations'),
  events: [
    'order.reserved',
    'order.updated',
    'order.checked_out',
    'order.returned',
    'order.extended',
    'order.swapped',
    'order.cancelled',
    'order.overdue',
    'quote.accepted',
    ...INVOICE_EVENTS,
  ],
  availability: UNIT_SOURCES,
  idSegments: {
    inventory: 'inventory_items',
    'maintenance-holds': 'maintenance_holds',
    units: 'inventory_units',
    'inspection-checklists': 'inspection_checklists',
    charges: 'rental_order_charges',
    'inventory-units': 'inventory_units',
    invoices: 'invoices',
    transactions: 'rental_orders',
    'pricing-rules': 'pricing_rules',
    exports: 'accounting_exports',
    'rental-quotes': 'rental_quotes',
  },
  routes: [
    ...inventoryRoutes,
    ...pricingRuleRoutes,
    ...rentalRoutes,
    ...depositRoutes,
    ...documentRoutes,
    ...accountingRoutes,
    ...rentalQuoteRoutes,
  ],
  // the customer's acceptance page: public, the signed link is the credential (docs/rental.md)
  routers: [{ mount: 'api', path: ACCEPTANCE_PATH, create: quoteAcceptanceRouter }],
  needs: [],
  services: createRentalServices,
  schedules: [
    {
      // Overdue orders, their order.overdue and draft late charges (docs/rental.md): hourly, so each organization's
      // day is seen within the hour its local midnight passes; a run changes nothing the previous one did.
      name: 'rental-overdue',
      cron: '5 * * * *',
      run: ({ orm, services }) => services.overdue.runOnce(orm),
    },
    {
      // invoice.overdue, once per invoice (docs/events.md): hourly, so each organization's day is seen within the
      // hour its local midnight passes; the claim makes two instances (or a rerun) announce it once.
      name: 'invoice-overdue',
      cron: '10 * * * *',
      run: ({ orm, services }) => services.invoiceOverdue.runOnce(orm),
    },
    {
      // Day-interval services put on the calendar ahead of time, daily, once per cluster (docs/rental.md).
      name: 'service-due',
      cron: '20 2 * * *',
      run: ({ orm }) => new ServiceDueJob(orm).runOnce(),
    },
  ],
  conflicts: {
    inventory_items_organization_id_item_number_unique: 'An inventory item with this item number already exists',
    inventory_units_organization_id_asset_tag_unique: 'A unit with this asset tag already exists',
    rental_settings_organization_id_unique: 'The rental settings were changed at the same time; try again',
    document_branding_organization_id_unique: 'The branding was changed at the same time; try again',
    accounting_export_marks_invoice_unique: 'Another export took these invoices at the same time; try again',
    accounting_export_marks_payment_unique: 'Another export took these payments at the same time; try again',
    inspection_checklists_organization_id_category_phase_unique: 'This category already has a checklist for this phase',
  },
});
