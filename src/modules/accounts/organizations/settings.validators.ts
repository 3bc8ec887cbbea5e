import { ValidateBy, ValidationOptions } from 'class-validator';

export const E164 = /^\+[1-9]\d{1,14}$/;
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

let zones: Set<string> | undefined;
/** IANA zone names as the runtime knows them (Intl), plus UTC, which Intl lists only as an alias. */
export function isIanaTimezone(value: unknown): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return typeof value === 'string' && zones.has(value);
}

export function IsIanaTimezone(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIanaTimezone',
      validator: {
        validate: isIanaTimezone,
        defaultMessage: () => 'timezone must be an IANA time zone name such as America/Chicago',
      },
    },
    options,
  );
}

/** "HH:MM" strings compare correctly as text. */
export function hoursInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || !HH_MM.test(start) || !HH_MM.test(end) || start < end;
}

/** On businessHoursEnd: when both ends are given in the same input, the start must come first. */
export function IsAfterStart(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAfterStart',
      validator: {
        validate: (end, args) =>
          hoursInOrder((args?.object as { businessHoursStart?: string }).businessHoursStart, end as string),
        defaultMessage: () => 'businessHoursEnd must be later than businessHoursStart',
      },
    },
    options,
  );
}
