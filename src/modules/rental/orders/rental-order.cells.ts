/**
 * The export columns of the rental orders' list (`GET /api/transactions/export`) that are not plain fields, in SQL
 * for the exports' lines (RouteRow `exportCells`), each as JSON.stringify writes what GraphQL answers for it (members
 * in the selection's order: rental-order.routes.ts). Nothing here is priced again: a line's amounts, its breakdown,
 * discounts and minimum are what the quote engine gave when the line was priced, stored in its row.
 */
import {
  jsonArray,
  jsonbEnum,
  jsonbObject,
  jsonbObjectArray,
  jsonbScalar,
  jsonInteger,
  jsonObject,
  jsonString,
} from '../../../db/json-sql';
import type { ExportCell } from '../../../http/route-row';
import { PricingRuleKind } from '../inventory/pricing-rules';
import { QuotePeriod } from '../inventory/quote.types';
import { overdueSql } from './overdue';
import { MAX_LINES } from './rental-order.types';

/** A stored price's `rule { id name kind }` (PricingRuleRef). */
const rule = (price: string, nonNull: boolean) =>
  jsonbObject(
    `${price}->'rule'`,
    (v) =>
      jsonObject([
        ['id', jsonbScalar(`${v}->'id'`, 'String', true), true],
        ['name', jsonbScalar(`${v}->'name'`, 'String', true), true],
        ['kind', jsonbEnum(`${v}->'kind'`, PricingRuleKind, true), true],
      ]),
    nonNull,
  );

/** A stored member read by a non-null String or Int field. */
const text = (v: string, key: string) => jsonbScalar(`${v}->'${key}'`, 'String', true);
const int = (v: string, key: string) => jsonbScalar(`${v}->'${key}'`, 'Int', true);

/** `breakdown { period count days rate amount rule { id name kind } }` (QuoteLineItem). */
const period = (v: string) =>
  jsonObject([
    ['period', jsonbEnum(`${v}->'period'`, QuotePeriod, true), true],
    ['count', int(v, 'count'), true],
    ['days', int(v, 'days'), true],
    ['rate', text(v, 'rate'), true],
    ['amount', text(v, 'amount'), true],
    ['rule', rule(v, false), true],
  ]);

/** `discounts { rule { id name kind } percent amount }` (PriceDiscount). */
const discount = (v: string) =>
  jsonObject([
    ['rule', rule(v, true), true],
    ['percent', text(v, 'percent'), true],
    ['amount', text(v, 'amount'), true],
  ]);

/** `minimum { days rule { id name kind } }` (PriceMinimum). */
const minimum = (v: string) =>
  jsonObject([
    ['days', int(v, 'days'), true],
    ['rule', rule(v, true), true],
  ]);

/** A line (TransactionLine) over its row `l`. */
const LINE = jsonObject([
  ['id', jsonString('l.id'), true],
  ['itemId', jsonString('l.item_id'), true],
  ['itemNumber', jsonString('l.item_number'), true],
  ['itemName', jsonString('l.item_name'), true],
  ['position', jsonInteger('l.position'), true],
  ['quantity', jsonInteger('l.quantity'), true],
  ['quantityOut', jsonInteger('l.quantity_out'), true],
  ['quantityReturned', jsonInteger('l.quantity_returned'), true],
  ['days', jsonInteger('l.days'), true],
  ['billedDays', jsonInteger('l.billed_days'), true],
  ['breakdown', jsonbObjectArray('l.breakdown', period, 'b'), true],
  ['discounts', jsonbObjectArray('l.discounts', discount, 'd'), true],
  ['minimum', jsonbObject('l.minimum', minimum, false), true],
  ['unitPrice', jsonString('l.unit_price'), true],
  ['amount', jsonString('l.amount'), true],
  ['taxRate', jsonString('l.tax_rate'), false],
]);

/**
 * RentalOrder.lines: the order's first MAX_LINES lines by position, then id (the loader's order and cap), each
 * written once (`offset 0`: a lateral the planner keeps). Row-level security keeps them, as every row here, to the
 * caller's organization (the loaders' tenant filter); an organization condition of its own here had the planner,
 * on a table without statistics, scan the organization's index for every order.
 */
const LINES = jsonArray(
  'x.j',
  `(select * from rental_order_lines l where l.order_id = r.id order by l.position, l.id limit ${MAX_LINES}) l cross join lateral (select ${LINE} as j offset 0) x`,
  'l.position, l.id',
);

/** RentalOrder.customer `{ id name email }`: its name and email its contact's (none: null, the list's error). */
const CUSTOMER = `(select ${jsonObject([
  ['id', jsonString('cu.id'), true],
  ['name', jsonString('c.name'), true],
  ['email', jsonString('c.email'), false],
])} from customers cu join contacts c on c.id = cu.contact_id where cu.id = r.customer_id)`;

export const RENTAL_ORDER_CELLS: Record<string, ExportCell> = {
  customer: CUSTOMER,
  // the getters' formatMoney of exact decimals: numeric(12,2) columns, their difference rounded to 2 places
  depositHeld: 'round(r.deposit_collected - r.deposit_refunded - r.deposit_retained, 2)',
  depositDue: 'round(greatest(0, r.deposit - r.deposit_collected), 2)',
  overdue: overdueSql(),
  lines: LINES,
};
