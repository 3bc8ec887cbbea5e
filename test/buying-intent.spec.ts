/** The local buying-intent rules (src/ai/local/buying-intent.ts; docs/ai.md, "Buying intent"), on short texts. */
import { detectBuyingIntent } from '../src/ai/local/buying-intent';

const catalog = [
  { id: 'lift19', name: 'Scissor Lift 19ft' },
  { id: 'lift26', name: 'Scissor Lift 26ft' },
  { id: 'excavator', name: 'Mini Excavator' },
];
const at = new Date('2026-11-20T14:00:00Z');

describe('detectBuyingIntent', () => {
  it('finds the items asked for, their counts (a size is not a count) and the period', () => {
    const r = detectBuyingIntent(
      'Hi, we need two 26ft scissor lifts from December 7 to December 13. Can we also get a mini excavator?',
      catalog,
      at,
    );
    expect(r).toMatchObject({
      hasIntent: true,
      items: [
        { itemId: 'lift26', quantity: 2 },
        { itemId: 'excavator', quantity: 1 },
      ],
      startDate: '2026-12-07',
      endDate: '2026-12-13',
    });
    expect(r.evidence).toHaveLength(2);
  });

  it('a change of count in a call: "make it three 26ft scissor lifts"', () => {
    const r = detectBuyingIntent(
      'Dana called: make it three 26ft scissor lifts, and can we also get a mini excavator for the same week?',
      catalog,
      at,
    );
    expect(r.items).toEqual([
      expect.objectContaining({ itemId: 'lift26', quantity: 3 }),
      expect.objectContaining({ itemId: 'excavator', quantity: 1 }),
    ]);
  });

  it('no intent: equipment already out, going back, broken; or not in the catalog', () => {
    for (const text of [
      'The 19ft scissor lift on site is broken again.',
      'We will return the mini excavator on Friday.',
      'We need a telehandler next week.',
      'Thanks for the quick delivery, the crew loved it.',
      'Signed ticket attached.\n\n> On Mar 9, Sam wrote:\n> Can you send us two mini excavators?',
    ])
      expect(detectBuyingIntent(text, catalog, at)).toMatchObject({ hasIntent: false, items: [] });
  });
});
