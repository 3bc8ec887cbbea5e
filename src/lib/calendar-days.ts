import { ValidateBy } from 'class-validator';
import { AppError, FieldError } from './errors';
import { clock } from './clock';

/**
 * Calendar days of rentals, holds and availability (docs/rental.md, "How days are counted"): plain dates
 * (YYYY-MM-DD, no time, no timezone), ranges inclusive at both ends. A rental from its pickup date to
 * its return date occupies, and is billed for, every day from the one through the other: same-day = 1 day.
 */
export const DAY_MS = 24 * 3600 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` through `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;
}

export function addDays(day: string, n: number): string {
  return new Date(toMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Today in UTC: only where there is no organization (a record's days are its organization's, db/organization-day.ts). */
export function today(): string {
  return clock.now().toISOString().slice(0, 10);
}

/** The local date (YYYY-MM-DD) of `now` in an IANA timezone; a RangeError for an unknown one. */
export function localDate(timezone: string, now: Date = clock.now()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The timezone when Intl knows it, else UTC (none set, or an unknown name). */
export function knownTimezone(timezone: string | null | undefined): string {
  if (!timezone) return 'UTC';
  try {
    localDate(timezone);
    return timezone;
  } catch {
    return 'UTC';
  }
}

/** Today in an organization's timezone (UTC when it has none or an unknown one). */
export function todayIn(timezone: string | null | undefined): string {
  return localDate(knownTimezone(timezone));
}

function toMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/**
 * The one calendar-date rule: YYYY-MM-DD naming a day that exists (no 2026-02-30), from year 1 on (JavaScript
 * knows a year 0, PostgreSQL does not: 0000-01-01 was a 500 at the database).
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value) || value < '0001-01-01') return false;
  const ms = toMs(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

const dayMessage = (field: string) => `${field} must be a real date in the form YYYY-MM-DD`;

/** A real calendar date, or a field error naming `field`. */
export function checkDay(value: string, field: string, errors: FieldError[]): boolean {
  if (isCalendarDay(value)) return true;
  errors.push({ field, message: dayMessage(field) });
  return false;
}

/** class-validator rule of every date input field: the same rule as checkDay, reported as a 400 before any service runs. */
export function IsCalendarDay(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDay',
    validator: { validate: isCalendarDay, defaultMessage: (args) => dayMessage(args?.property ?? 'date') },
  });
}

export interface DayRange {
  startDate: string;
  endDate: string;
}

/**
 * A checked range: both real dates, end not before start, at most `maxDays` long. Absent ends default
 * to `defaults` (availability: the organization's today and 30 days). Every problem is reported at once as a 400.
 */
export function dayRange(
  input: Partial<DayRange>,
  maxDays: number,
  defaults?: { days: number; today: string },
  names = { start: 'startDate', end: 'endDate' },
): DayRange {
  const errors: FieldError[] = [];
  const defaultDays = defaults?.days;
  const startDate = input.startDate ?? defaults?.today;
  if (!startDate) errors.push({ field: names.start, message: `${names.start} is required` });
  const startOk = startDate !== undefined && checkDay(startDate, names.start, errors);
  const endDate = input.endDate ?? (defaultDays && startOk ? addDays(startDate, defaultDays - 1) : undefined);
  if (!endDate && !defaultDays) errors.push({ field: names.end, message: `${names.end} is required` });
  const endOk = endDate !== undefined && checkDay(endDate, names.end, errors);
  if (startOk && endOk) {
    const days = daysInclusive(startDate, endDate);
    if (days < 1) errors.push({ field: names.end, message: `${names.end} must not be before ${names.start}` });
    else if (days > maxDays) errors.push({ field: names.end, message: `the range may cover at most ${maxDays} days` });
  }
  if (errors.length || !startOk || !endOk) throw AppError.validation(errors); // a start or end that is not ok has pushed its error
  return { startDate, endDate };
}
