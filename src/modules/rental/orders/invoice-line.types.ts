import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

/** What an invoice line bills: the rental of an order line, or a charge of the order (order-charge.entity.ts). */
export enum InvoiceLineKind {
  rental = 'rental',
  damage = 'damage',
  late = 'late',
  other = 'other',
}
registerEnumType(InvoiceLineKind, { name: 'InvoiceLineKind' });

/** One line of an invoice (invoice-lines.ts): quantity x unitPrice = amount; the amounts add up to the subtotal. */
@ObjectType('InvoiceLine')
export class InvoiceLine {
  @Field(() => InvoiceLineKind) kind: InvoiceLineKind;
  @Field(() => String, { nullable: true, description: 'The inventory item number of a rental line' })
  itemNumber: string | null;
  @Field() description: string;
  @Field(() => Int) quantity: number;
  @Field({ description: 'Exact decimal string' }) unitPrice: string;
  @Field({ description: 'quantity x unitPrice, exact decimal string' }) amount: string;
  @Field({ description: 'Taxed at the order’s rate' }) taxable: boolean;
}
