import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

/** What an invoice line bills: the rental of an order line, the order's waiver or a fee, or a charge of the order (order-charge.entity.ts). */
export enum InvoiceLineKind {
  rental = 'rental',
  waiver = 'waiver',
  delivery = 'delivery',
  pickup = 'pickup',
  damage = 'damage',
  late = 'late',
  fuel = 'fuel',
  cleaning = 'cleaning',
  other = 'other',
}
registerEnumType(InvoiceLineKind, { name: 'InvoiceLineKind' });

/** One line of an invoice (invoice-lines.ts): quantity x unitPrice = amount; the amounts add up to total - tax. */
@ObjectType('InvoiceLine')
export class InvoiceLine {
  @Field(() => InvoiceLineKind) kind: InvoiceLineKind;
  @Field(() => String, { nullable: true, description: 'The inventory item number of a rental line' })
  itemNumber: string | null;
  @Field() description: string;
  @Field(() => Int) quantity: number;
  @Field({ description: 'Exact decimal string' }) unitPrice: string;
  @Field({ description: 'quantity x unitPrice, exact decimal string' }) amount: string;
  @Field({ description: 'Whether the line is taxed (rental lines of an order that is not tax-exempt)' })
  taxable: boolean;
  @Field({ description: 'The line’s tax rate in percent (0 when not taxed)' }) taxRate: string;
}
