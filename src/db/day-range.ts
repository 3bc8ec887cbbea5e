import { AppError, FieldError } from '../lib/errors';
import { checkDay } from '../lib/calendar-days';

/**
 * The list parameters startDate/endDate applied to a DATE property, inclusive at both ends: a
 * transaction's order date, an invoice's issue date, a task's due date, an opportunity's expected close
 * date. (listPage's `dateField` applies them to creation timestamps, as whole UTC days.) Every problem is
 * reported at once as a 400.
 */
export function dayRangeFilter(
  property: string,
  args: { startDate?: string; endDate?: string },
): Record<string, unknown> {
  if (!args.startDate && !args.endDate) return {};
  const errors: FieldError[] = [];
  if (args.startDate) checkDay(args.startDate, 'startDate', errors);
  if (args.endDate) checkDay(args.endDate, 'endDate', errors);
  if (!errors.length && args.startDate && args.endDate && args.endDate < args.startDate)
    errors.push({ field: 'endDate', message: 'endDate must not be before startDate' });
  if (errors.length) throw AppError.validation(errors);
  return {
    [property]: {
      ...(args.startDate ? { $gte: args.startDate } : {}),
      ...(args.endDate ? { $lte: args.endDate } : {}),
    },
  };
}
