import { AppError, FieldError } from '../../lib/errors';
import { checkDay } from '../inventory/rental-days';

/**
 * The list parameters startDate/endDate applied to a DATE property (a transaction's order date, an
 * invoice's issue date), inclusive at both ends. The generic list code reads them as creation times.
 */
export function dayFilter(property: string, args: { startDate?: string; endDate?: string }): Record<string, unknown> {
  if (!args.startDate && !args.endDate) return {};
  const errors: FieldError[] = [];
  if (args.startDate) checkDay(args.startDate, 'startDate', errors);
  if (args.endDate) checkDay(args.endDate, 'endDate', errors);
  if (!errors.length && args.startDate && args.endDate && args.endDate < args.startDate) errors.push({ field: 'endDate', message: 'endDate must not be before startDate' });
  if (errors.length) throw AppError.validation(errors);
  return { [property]: { ...(args.startDate ? { $gte: args.startDate } : {}), ...(args.endDate ? { $lte: args.endDate } : {}) } };
}
