import { Max, Min } from 'class-validator';
import { ArgsType, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { NumberComparison, RangeArgs, ReportRange } from '../shared/report.types';

@ArgsType()
export class TopCustomersArgs extends RangeArgs {
  @Field(() => Int, { defaultValue: 20, description: 'At most this many customers (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 20;
}

@ObjectType({ description: 'A customer ranked by booked revenue (order subtotals) in the range' })
export class TopCustomerRow {
  @Field(() => ID) customerId: string;
  @Field() name: string;
  @Field() revenue: string;
  @Field() previousRevenue: string;
  @Field(() => Int) ordersInRange: number;
  @Field(() => Int) orders: number;
  @Field({ description: 'Σ totals of completed orders (the customer’s lifetime order value)' }) lifetimeValue: string;
  @Field() firstOrderDate: string;
  @Field() lastOrderDate: string;
}

@ObjectType()
export class TopCustomers {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [TopCustomerRow]) rows: TopCustomerRow[];
  @Field(() => Int, { description: 'Customers who booked in the range' }) customersInRange: number;
  @Field({ description: 'Average lifetime value of the customers with a completed order' })
  averageLifetimeValue: string;
}

@ObjectType()
export class NewReturningRow {
  @Field() period: string;
  @Field() label: string;
  @Field(() => Int, { description: 'Customers whose first order ever falls in this bucket' }) newCustomers: number;
  @Field(() => Int, { description: 'Customers who ordered in this bucket and had ordered before it' })
  returningCustomers: number;
}

@ObjectType()
export class NewReturningTotals {
  @Field(() => NumberComparison) newCustomers: NumberComparison;
  @Field(() => NumberComparison) returningCustomers: NumberComparison;
}

@ObjectType()
export class NewReturningReport {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [NewReturningRow]) rows: NewReturningRow[];
  @Field(() => NewReturningTotals) totals: NewReturningTotals;
}

@ArgsType()
export class ChurnArgs {
  @Field(() => Int, {
    defaultValue: 90,
    description: 'A customer is at risk when its last rental day is more than this many days ago (1-3650)',
  })
  @Min(1)
  @Max(3650)
  inactiveDays: number = 90;
  @Field(() => Int, { defaultValue: 100, description: 'At most this many customers, most valuable first (1-500)' })
  @Min(1)
  @Max(500)
  limit: number = 100;
}

@ObjectType()
export class ChurnRow {
  @Field(() => ID) customerId: string;
  @Field() name: string;
  @Field() lastRentalDate: string;
  @Field(() => Int) daysSinceLastRental: number;
  @Field(() => Int) orders: number;
  @Field() lifetimeValue: string;
}

@ObjectType()
export class ChurnRiskReport {
  @Field({ description: 'Local today' }) asOf: string;
  @Field(() => Int) inactiveDays: number;
  @Field(() => [ChurnRow]) rows: ChurnRow[];
  @Field(() => Int) atRiskCustomers: number;
  @Field({ description: 'Σ lifetime value of the customers at risk' }) atRiskLifetimeValue: string;
}

@ObjectType({ description: 'Contacts created in the range from one source, by the furthest status they reached' })
export class FunnelRow {
  @Field({ description: 'The contact’s source; "(none)" when empty' }) source: string;
  @Field(() => Int) contacts: number;
  @Field(() => Int, { description: 'Still unknown' }) unknown: number;
  @Field(() => Int, { description: 'Reached lead or customer' }) leads: number;
  @Field(() => Int, { description: 'Reached customer (directly, or by lead conversion)' }) customers: number;
  @Field(() => Float, { nullable: true, description: 'leads / contacts, percent' }) leadRate: number | null;
  @Field(() => Float, { nullable: true, description: 'customers / leads, percent' }) customerRate: number | null;
  @Field(() => Float, { nullable: true, description: 'customers / contacts, percent' }) conversionRate: number | null;
  @Field(() => Int, { description: 'Contacts of this source created in the previous range' }) previousContacts: number;
  @Field(() => Float, { nullable: true }) previousConversionRate: number | null;
}

@ObjectType()
export class ContactFunnel {
  @Field(() => ReportRange) range: ReportRange;
  @Field(() => [FunnelRow]) rows: FunnelRow[];
  @Field(() => FunnelRow, { description: 'All sources' }) totals: FunnelRow;
}
