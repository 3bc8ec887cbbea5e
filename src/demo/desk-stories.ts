/**
 * What the rental desk has on its hands on the reference day (days relative to it), booked before the year's
 * other orders so they always fit: the orders part books them, the desk part checks them out and in.
 * - returned_damaged: `damage.quantity` of an item came back damaged on the return date: a unit goes to the shop
 *   (`shop`: in_maintenance from that day on), a bulk quantity on a maintenance hold (HOLDS, inventory.ts).
 * - overdue: out, past its return date, not checked in (`GET /api/transactions?status=pending&sortBy=returnDate`).
 * - out: out now; partially_returned: out, `returned` units of the first line back early.
 */
export interface DeskStory {
  key: string;
  lines: [itemNumber: string, quantity: number][];
  pickup: number;
  return: number;
  fate: 'returned_damaged' | 'overdue' | 'out' | 'partially_returned';
  /**
   * `check`: the post-hire check item failed as damage (its category has a checklist); `charge`: the draft damage
   * charge's amount, as the desk priced it at check-in (absent: 0.00, still to be priced).
   */
  damage?: { itemNumber: string; quantity: number; notes: string; check?: string; charge?: string };
  /** The damaged unit is in the shop (status in_maintenance, out of the pool) from this day on. */
  shop?: { from: number; note: string };
  returned?: { day: number; quantity: number };
}

export const DESK_STORIES: readonly DeskStory[] = [
  {
    key: 'boom-lift-leak',
    lines: [['BL-60', 1]],
    pickup: -14,
    return: -4,
    fate: 'returned_damaged',
    damage: {
      itemNumber: 'BL-60',
      quantity: 1,
      notes: 'Hydraulic leak at the lift cylinder; oil on the turntable. Tagged out at check-in.',
      check: 'Hydraulics: no leaks',
      charge: '850.00',
    },
    shop: { from: -3, note: 'In the shop: waiting for a cylinder seal kit' },
  },
  {
    key: 'compactor-cracked',
    lines: [
      ['PC-18', 2],
      ['RM-11', 1],
    ],
    pickup: -10,
    return: -5,
    fate: 'returned_damaged',
    damage: { itemNumber: 'PC-18', quantity: 1, notes: 'Cracked base plate, throttle cable snapped.' },
  },
  {
    key: 'excavator-overdue',
    lines: [
      ['EX-35', 1],
      ['LT-4', 1],
    ],
    pickup: -21,
    return: -3,
    fate: 'overdue',
  },
  { key: 'generator-overdue', lines: [['GN-20', 1]], pickup: -9, return: -1, fate: 'overdue' },
  {
    key: 'telehandler-out',
    lines: [
      ['TH-55', 1],
      ['FN-612', 2],
    ],
    pickup: -6,
    return: 8,
    fate: 'out',
  },
  {
    key: 'scissor-lifts-partial',
    lines: [
      ['SL-19', 4],
      ['GN-6', 1],
    ],
    pickup: -8,
    return: 6,
    fate: 'partially_returned',
    returned: { day: -2, quantity: 2 },
  },
];
