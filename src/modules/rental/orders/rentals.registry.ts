/** The rental orders module's entities, resolvers, rules and services, registered through inventory.registry.ts. */
import type { RootRules } from '../../../graphql/rules';
import { RentalOrder } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { RentalSettings } from './rental-settings.entity';
import { Invoice } from './invoice.entity';
import { Payment } from './payment.entity';
import { InvoiceResolver } from './invoice.resolver';
import { InvoiceService } from './invoice.service';
import { PaymentService } from './payment.service';
import { RentalOrderResolver } from './rental-order.resolver';
import { RentalSettingsResolver } from './rental-settings.resolver';
import { rentalRules } from './rentals.rules';
import { RentalOrderService } from './rental-order.service';
import { RentalSettingsService } from './rental-settings.service';

export const RENTAL_ENTITIES = [RentalSettings, RentalOrder, RentalOrderLine, Invoice, Payment];

export const RENTAL_RESOLVERS = [RentalOrderResolver, RentalSettingsResolver, InvoiceResolver] as const;

export const RENTAL_RULES: RootRules[] = [rentalRules];

export function createRentalServices() {
  const rentalSettings = new RentalSettingsService();
  const invoices = new InvoiceService();
  return { rentalSettings, rentalOrders: new RentalOrderService(rentalSettings), invoices, payments: new PaymentService(invoices) };
}
