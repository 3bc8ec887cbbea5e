/** The type of a field of a trigger's record, as conditions compare it. */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'id' | 'list';

/** A rental order's fields, as its events (order.*) and its return-date trigger carry them. */
export const ORDER_FIELDS: Record<string, FieldType> = {
  id: 'id',
  customerId: 'id',
  status: 'string',
  fulfillment: 'string',
  pickupDate: 'date',
  returnDate: 'date',
  total: 'number',
};

/** An invoice's fields, as its events (invoice.*) and its due-date trigger carry them. */
export const INVOICE_FIELDS: Record<string, FieldType> = {
  id: 'id',
  customerId: 'id',
  orderId: 'id',
  number: 'number',
  status: 'string',
  issueDate: 'date',
  dueDate: 'date',
  total: 'number',
  amountPaid: 'number',
  balanceDue: 'number',
};
