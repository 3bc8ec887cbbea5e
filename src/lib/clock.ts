/**
 * The service's notion of "now". Production reads the system clock; tests move it forward
 * (`clock.advance(ms)`) to exercise session expiry and rate-limit windows without sleeping.
 */
let offsetMs = 0;

export const clock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  nowMs(): number {
    return Date.now() + offsetMs;
  },
  advance(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};

/** The instant `days` days before now: the cut-off of a retention rule. */
export function daysAgo(days: number): Date {
  return new Date(clock.nowMs() - days * 24 * 3600 * 1000);
}
