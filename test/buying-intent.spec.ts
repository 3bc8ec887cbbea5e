/** The local buying-intent rules (src/ai/local/buying-intent.ts; docs/ai.md, "Buying intent"), on short texts. */
import { detectBuyingIntent } from '../src/ai/local/buying-intent';

const catalog = [
  { id: 'lift19', name: 'Scissor Lift 19ft' },
  { id: 'lift26', name: 'Scissor Lift 26ft' },
  { id: 'excavator', name: 'Mini Excavator' },
];
const at = new Date('2026-11-20T14:00:00Z');
// A rental fleet (id, then name), which the texts below name otherwise (docs/ai.md, "Buying intent").
const fleet =
  `lift19 Scissor Lift 19ft|lift26 Scissor Lift 26ft|boom45 Boom Lift 45ft|boom60 Boom Lift 60ft|mini Mini Excavator
ex330 Excavator 330|skid Skid Steer Loader|gen25 Generator 25kW|gen60 Generator 60kW|comp Air Compressor 185 CFM
light Light Tower|heater Ground Heater|toilet Portable Toilet`
    .split(/[|\n]/)
    .map((entry) => ({ id: entry.split(' ')[0], name: entry.slice(entry.indexOf(' ') + 1) }));
const itemsOf = (text: string) =>
  detectBuyingIntent(text, fleet, at).items.map((i) => [i.itemId, i.quantity] as [string, number]);

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

  it('takes the range as the period when a lone day is said beside it', () => {
    // 2026-11-20 is a Friday: "next week" alone would be the 27th; the range is Monday the 23rd to Friday the 27th.
    const r = detectBuyingIntent(
      'We need a 60-footer for next week Monday through Friday, plus a genny x2.',
      fleet,
      at,
    );
    expect(r).toMatchObject({ startDate: '2026-11-23', endDate: '2026-11-27' });
    expect(r.items[0]).toMatchObject({ itemId: 'boom60', quantity: 1 });
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

  // [what it shows, text, the items asked for with their counts], on texts in no split.
  const cases: [string, string, [string, number][]][] = [
    [
      'slang, a size alone, a misspelling',
      'Can you send a 60-footer and the little digger Monday? Also need a bobcat.',
      [
        ['boom60', 1],
        ['mini', 1],
        ['skid', 1],
      ],
    ],
    [
      'a number only that item has, the last word of the name, a size in words',
      'Is the 330 free next week? And how much for a compresor and two gennys, the sixty?',
      [
        ['ex330', 1],
        ['comp', 1],
        ['gen60', 2],
      ],
    ],
    [
      "the name's own number is a size",
      'Any chance of a 45 boom and three porta johns for the fair?',
      [
        ['boom45', 1],
        ['toilet', 3],
      ],
    ],
    ['cherry picker; put us down for', 'Put us down for a cherry picker, the 60ft one, next Tuesday.', [['boom60', 1]]],
    [
      'tower lights, trackhoe; we will take',
      "We'll take two tower lights and a trackhoe.",
      [
        ['light', 2],
        ['ex330', 1],
      ],
    ],
    ['grab it is a pickup', 'Done with the compressor, you can grab it.', []],
    [
      'a count after the item',
      'We need ground heaters x2 and lighting towers x3 for the pour.',
      [
        ['heater', 2],
        ['light', 3],
      ],
    ],
    [
      'a name said twice is two items',
      'We need two 26ft scissor lifts and a 19ft scissor lift.',
      [
        ['lift26', 2],
        ['lift19', 1],
      ],
    ],
    ['another word before the last word of the name', 'Do you have a scaffolding tower?', []],
    ['a size in tons is no catalog number', 'We need an excavator, a 25 ton one.', [['ex330', 1]]],
    ['a number before another word is no catalog number', 'Could we book a 25 minute call?', []],
    ['a unit before the last word of the name', 'We need a 185 cfm compressor.', [['comp', 1]]],
    ['a date is no catalog number', 'Can you deliver the 60 on the 25th?', []],
    [
      '"also ..." after an ask',
      '- GC needs a 60kW generator x1\n- also light towers x2',
      [
        ['gen60', 1],
        ['light', 2],
      ],
    ],
    [
      'the lines under an asking line that ends with a colon',
      'Could you quote the following:\n- 2 x light towers\n- 1 generator 25kW\nThanks, Ana\nReturn list:\n- skid steer',
      [
        ['light', 2],
        ['gen25', 1],
      ],
    ],
    [
      '"keep it" for the item just named',
      'I have the 330 out at Miller Road.\nCan we keep it another week?',
      [['ex330', 1]],
    ],
    ['"needed it" is no ask', 'Thanks for the skid steer. We really needed it.', []],
    ['thanks', 'The genny at the chapel is running fine, he just wanted to say thanks.', []],
    ['their own machines', 'They bring their own excavators, no rental needed.', []],
    ['not working', 'The heater you delivered yesterday is not heating, please check.', []],
  ];
  it.each(cases)('items named otherwise, counts, requests: %s', (_, text, want) => expect(itemsOf(text)).toEqual(want));
});
