/** Due dates (docs/ai.md, "Due dates"): chrono-node wrapped for the phrasings STACK.md saw it miss. */
import { localMoment } from '../src/ai/local/calendar';
import { anchoredDueDate } from '../src/ai/local/anchored-due-date';
import { dueDateOf } from '../src/ai/local/due-date';

const monday = localMoment('2026-11-23T15:00:00Z', 'America/Chicago');
const due = (phrase: string) => dueDateOf(phrase, monday)?.day ?? null;

it.each([
  ['send it by Thursday', '2026-11-26'],
  ['follow up next week', '2026-11-30'],
  ['by end of day Wednesday', '2026-11-25'],
  ['call them tomorrow', '2026-11-24'],
  ['before Monday', '2026-11-29'],
  ['get it back before the delivery on the 28th', '2026-11-27'],
  ['by the 28th', '2026-11-28'],
  ['by end of day', '2026-11-23'],
  ['by the end of the week', '2026-11-27'],
  ['by the end of next week', '2026-12-04'],
  ['ASAP', '2026-11-23'],
  ['this afternoon', '2026-11-23'],
  ['Wednesday by 7am', '2026-11-25'],
  ['first thing Monday', '2026-11-30'],
  ['in two weeks', '2026-12-07'],
])('%s -> %s', (phrase, expected) => {
  expect(due(phrase)).toBe(expected);
});

it.each([
  'for three weeks starting June 15',
  'through January 8',
  'it is 45 days late',
  'for the week of January 4',
  'pricing on a second unit',
  'safe to use for now',
])('no due date in "%s"', (phrase) => {
  expect(due(phrase)).toBeNull();
});

it("resolves against the reference instant's day in the organization's timezone, not UTC", () => {
  // 03:30 UTC on March 10 is still the evening of March 9 in Los Angeles.
  const la = localMoment('2026-03-10T03:30:00Z', 'America/Los_Angeles');
  expect(la.day).toBe('2026-03-09');
  expect(dueDateOf('tomorrow', la)?.day).toBe('2026-03-10');
  const sydney = localMoment('2026-08-06T20:30:00Z', 'Australia/Sydney');
  expect(dueDateOf('today', sydney)?.day).toBe('2026-08-07');
});

it('takes "before the delivery" from an earlier sentence that names the delivery', () => {
  const earlier = ["Riverside's delivery is on the 28th."];
  expect(anchoredDueDate('get their certificate before the delivery', earlier, monday)?.day).toBe('2026-11-27');
  expect(anchoredDueDate('collect the deposit before the holidays', earlier, monday)).toBeNull();
});

it('takes "before it expires" / "before he starts" from the date after that verb in an earlier sentence', () => {
  const permit = ['The yard permit expires on December 4.'];
  expect(anchoredDueDate('renew the permit before it expires', permit, monday)?.day).toBe('2026-12-03');
  const hire = ['Our new driver starts next Monday.'];
  expect(anchoredDueDate('order his boots before he starts', hire, monday)?.day).toBe('2026-11-29');
  expect(anchoredDueDate('order his boots before he leaves', hire, monday)).toBeNull();
});

it('rejects a name that is not an IANA timezone', () => {
  expect(() => localMoment('2026-11-23T15:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
});
