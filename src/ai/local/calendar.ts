/**
 * Calendar days in the organization's timezone. A due date is a plain day (YYYY-MM-DD); the day a text
 * was written is the reference instant's day in the organization's IANA timezone, not in UTC.
 */
const DAY_MS = 24 * 3600 * 1000;

export interface LocalMoment {
  /** YYYY-MM-DD in the timezone. */
  day: string;
  hour: number;
  minute: number;
  /** 0 = Sunday .. 6 = Saturday. */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // Throws RangeError for a name that is not an IANA timezone: a caller's mistake, not a text's.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function localMoment(instant: Date | string, timeZone: string): LocalMoment {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return { day, hour: Number(parts.hour), minute: Number(parts.minute), weekday: weekdayOf(day) };
}

export function dayOf(year: number, month: number, date: number): string {
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Friday of the working week `day` is in (Saturday and Sunday look ahead to the coming Friday). */
export function fridayOf(day: string): string {
  return addDays(day, (5 - weekdayOf(day) + 7) % 7);
}

/** Month names by their first three letters, for patterns ("mid-March", "first week of June"). */
export const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';
/** A weekday's name, whole or shortened ("Thursday", "Thurs", "Weds"). */
export const WEEKDAY_NAME = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*$/i;
/** A month's name, whole or shortened ("Sept", "March"). */
export const MONTH_NAME = new RegExp(`^(?:${MONTHS})[a-z]*$`, 'i');
