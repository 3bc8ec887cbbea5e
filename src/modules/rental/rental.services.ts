import type { AuthedContext } from '../../graphql/context';
import type { SharedDeps } from '../module';
import { UnitService } from './inventory/unit.service';
import { MoveRecorder } from './orders/desk-support';
import { RentalDeskService } from './orders/rental-desk.service';
import { RentalChangeService } from './orders/rental-change.service';
import { AvailabilityService } from './inventory/availability.service';
import { useUnitSources } from './inventory/availability-sources';
import { InventoryService } from './inventory/inventory.service';
import { MaintenanceService } from './inventory/maintenance.service';
import { QuoteService } from './inventory/quote.service';
import { InvoiceService } from './orders/invoice.service';
import { PaymentService } from './orders/payment.service';
import { RentalOrderService } from './orders/rental-order.service';
import { RentalSettingsService } from './orders/rental-settings.service';
import { LateChargeService } from './orders/late-charges.service';
import { OverdueJob } from './orders/overdue.job';
import { InvoiceOverdueJob } from './orders/invoice-overdue.job';
import { InspectionService } from './inventory/inspection.service';
import { ServicingService } from './inventory/servicing.service';
import { OrderChargeService } from './orders/order-charge.service';
import { PricingRuleService } from './inventory/pricing-rule.service';
import { DepositService } from './orders/billing/deposit.service';
import { BrandingService } from './documents/branding.service';
import { DocumentService } from './documents/document.service';
import { AccountingExportService } from './accounting/accounting-export.service';
import { RentalQuoteService } from './quotes/rental-quote.service';
import { QuoteAcceptanceService } from './quotes/quote-acceptance.service';
import { quoteLinkKey } from './quotes/quote-link';

/** Rental operations (docs/rental.md): the catalog and its availability, rental orders, invoices, payments. */
export function createRentalServices({ events, config, availabilitySources }: SharedDeps) {
  useUnitSources(availabilitySources);
  const moves = new MoveRecorder(events);
  const availability = new AvailabilityService();
  const rentalSettings = new RentalSettingsService();
  const invoices = new InvoiceService(events);
  const desk = new RentalDeskService(moves, rentalSettings);
  const branding = new BrandingService();
  const rentalOrders = new RentalOrderService(rentalSettings, moves);
  const linkKey = quoteLinkKey(config.sessionSecret);
  return {
    inventory: new InventoryService(),
    maintenance: new MaintenanceService(),
    availability,
    quotes: new QuoteService(availability),
    rentalSettings,
    rentalOrders,
    rentalQuotes: new RentalQuoteService(rentalSettings, rentalOrders, { key: linkKey, publicUrl: config.publicUrl }),
    quoteAcceptance: new QuoteAcceptanceService(rentalOrders, events, linkKey),
    desk,
    lateCharges: new LateChargeService(rentalSettings),
    overdue: new OverdueJob(moves, rentalSettings),
    invoiceOverdue: new InvoiceOverdueJob(events),
    deskChanges: new RentalChangeService(moves, desk, rentalSettings),
    units: new UnitService(),
    inspections: new InspectionService(),
    servicing: new ServicingService(),
    charges: new OrderChargeService(),
    pricingRules: new PricingRuleService(),
    invoices,
    payments: new PaymentService(invoices),
    deposits: new DepositService(invoices),
    branding,
    documents: new DocumentService(branding),
    accountingExports: new AccountingExportService(),
  };
}

export type RentalServices = ReturnType<typeof createRentalServices>;
export type RentalContext = AuthedContext<RentalServices>;
