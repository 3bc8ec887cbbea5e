import { AppError, FieldError } from '../../../lib/errors';
import { checkDay, daysInclusive, addDays } from '../../../lib/calendar-days';

/** Bucket size of a time series: ISO weeks start on Monday; quarters on Jan, Apr, Jul, Oct 1st. */
export type Period = 'day' | 'week' | 'month' | 'quarter';

/** How many buckets a report covers when no startDate is given (the bucket of endDate included). */
const DEFAULT_BUCKETS: Record<Period, number> = { day: 30, week: 12, month: 12, quarter: 4 };
/** to_char patterns of the bucket labels: 2026-10-05, 2026-W41, 2026-10, 2026-Q4. */
export const LABELS: Record<Period, string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
};
/** generate_series steps (PostgreSQL has no 'quarter' interval). */
const STEPS: Record<Period, string> = { day: '1 day', week: '1 week', month: '1 month', quarter: '3 months' };
/** The longest range a report takes (ten years and a day of slack per leap year). */
export const MAX_DAYS = 3_660;

/**
 * The range of a report and the previous range of equal length, in local calendar days of the
 * organization's timezone. Every report is computed from one of these: `bindings()` are the named SQL
 * parameters of the one period/range/comparison helper (report-sql.ts).
 */
export interface ReportWindow {
  startDate: string;
  endDate: string;
  previousStartDate: string;
  previousEndDate: string;
  days: number;
  period: Period;
  timezone: string;
  /** The organization's local date now. */
  today: string;
}

export interface WindowArgs {
  startDate?: string;
  endDate?: string;
  period?: Period;
}

/** The first day of the bucket that holds `day`. */
export function bucketStart(day: string, period: Period): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (period === 'week') return addDays(day, -((d.getUTCDay() + 6) % 7));
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'quarter')
    return `${day.slice(0, 4)}-${String(Math.floor(d.getUTCMonth() / 3) * 3 + 1).padStart(2, '0')}-01`;
  return day;
}

/** `day` moved by `n` buckets (months and quarters by calendar month). */
export function shiftBuckets(day: string, period: Period, n: number): string {
  if (period === 'day') return addDays(day, n);
  if (period === 'week') return addDays(day, 7 * n);
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n * (period === 'quarter' ? 3 : 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Resolves a report's arguments: endDate defaults to the local today, startDate to the start of the
 * bucket `DEFAULT_BUCKETS - 1` buckets before endDate's (12 months, 12 weeks, 30 days, 4 quarters).
 * Both ends inclusive; the previous range is the same number of days just before startDate.
 */
export function reportWindow(args: WindowArgs, timezone: string, today: string): ReportWindow {
  const period = args.period ?? 'month';
  const errors: FieldError[] = [];
  const endOk = args.endDate === undefined || checkDay(args.endDate, 'endDate', errors);
  const startOk = args.startDate === undefined || checkDay(args.startDate, 'startDate', errors);
  if (errors.length) throw AppError.validation(errors);
  const endDate = endOk && args.endDate ? args.endDate : today;
  const startDate =
    startOk && args.startDate
      ? args.startDate
      : shiftBuckets(bucketStart(endDate, period), period, 1 - DEFAULT_BUCKETS[period]);
  const days = daysInclusive(startDate, endDate);
  if (days < 1) throw AppError.validation([{ field: 'endDate', message: 'endDate must not be before startDate' }]);
  if (days > MAX_DAYS)
    throw AppError.validation([{ field: 'endDate', message: `the range may cover at most ${MAX_DAYS} days` }]);
  return {
    startDate,
    endDate,
    previousStartDate: addDays(startDate, -days),
    previousEndDate: addDays(startDate, -1),
    days,
    period,
    timezone,
    today,
  };
}

/** The named parameters every report's SQL may use; `org` is always the caller's organization. */
export function windowBindings(org: string, w: ReportWindow): Record<string, string | number> {
  return {
    org,
    tz: w.timezone,
    start: w.startDate,
    end: w.endDate,
    pstart: w.previousStartDate,
    pend: w.previousEndDate,
    today: w.today,
    period: w.period,
    step: STEPS[w.period],
    label: LABELS[w.period],
  };
}
