import Decimal from 'decimal.js';

/**
 * Money is exact decimal (decimal.js), never floating point: stored numeric(12,2), carried in GraphQL and
 * REST as a string with two decimals ("125.00"), in the organization's currency.
 */
export const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
export const MONEY_MESSAGE = 'must be a decimal amount with at most 2 decimals, e.g. "125.00"';

export function formatMoney(value: Decimal.Value): string {
  return new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP);
}
