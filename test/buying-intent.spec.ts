/** The local buying-intent rules (src/ai/local/buying-intent.ts; docs/ai.md, "Buying intent"), on short texts. */
import { detectBuyingIntent } from '../src/ai/local/buying-intent';

const catalog = [
  { id: 'lift19', name: 'Scissor Lift 19ft' },
  { id: 'lift26', name: 'Scissor Lift 26ft' },
  { id: 'excavator', name: 'Mini Excavator' },
];
const at = new Date('2026-11-20T14:00:00Z');
// A rental fleet as customers name it otherwise (docs/ai.md, "Buying intent").
const fleet = [
  { id: 'lift19', name: 'Scissor Lift 19ft' },
  { id: 'lift26', name: 'Scissor Lift 26ft' },
  { id: 'boom45', name: 'Boom Lift 45ft' },
  { id: 'boom60', name: 'Boom Lift 60ft' },
  { id: 'mini', name: 'Mini Excavator' },
  { id: 'ex330', name: 'Excavator 330' },
  { id: 'skid', name: 'Skid Steer Loader' },
  { id: 'gen25', name: 'Generator 25kW' },
  { id: 'gen60', name: 'Generator 60kW' },
  { id: 'comp', name: 'Air Compressor 185 CFM' },
  { id: 'light', name: 'Light Tower' },
  { id: 'heater', name: 'Ground Heater' },
  { id: 'toilet', name: 'Portable Toilet' },
];
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

  it('items named otherwise: slang, a size alone, the last word of the name, a misspelling', () => {
    expect(itemsOf('Can you send a 60-footer and the little digger Monday? Also need a bobcat.')).toEqual([
      ['boom60', 1],
      ['mini', 1],
      ['skid', 1],
    ]);
    expect(itemsOf('Is the 330 free next week? And how much for a compresor and two gennys, the sixty?')).toEqual([
      ['ex330', 1],
      ['comp', 1],
      ['gen60', 2],
    ]);
    expect(itemsOf('Any chance of a 45 boom and three porta johns for the fair?')).toEqual([
      ['boom45', 1],
      ['toilet', 3],
    ]);
  });

  it('more slang and ways of asking: cherry picker, tower lights, trackhoe; put us down for, we will take', () => {
    expect(itemsOf('Put us down for a cherry picker, the 60ft one, next Tuesday.')).toEqual([['boom60', 1]]);
    expect(itemsOf("We'll take two tower lights and a trackhoe.")).toEqual([
      ['light', 2],
      ['ex330', 1],
    ]);
    expect(itemsOf('Done with the compressor, you can grab it.')).toEqual([]);
  });

  it('a count after the item; a name said twice is two items, each with its own count', () => {
    expect(itemsOf('We need ground heaters x2 and lighting towers x3 for the pour.')).toEqual([
      ['heater', 2],
      ['light', 3],
    ]);
    expect(itemsOf('We need two 26ft scissor lifts and a 19ft scissor lift.')).toEqual([
      ['lift26', 2],
      ['lift19', 1],
    ]);
  });

  it('another thing than the item: another word before its last word, a size in tons, a date', () => {
    expect(itemsOf('Do you have a scaffolding tower?')).toEqual([]);
    expect(itemsOf('We need an excavator, a 25 ton one.')).toEqual([['ex330', 1]]);
    expect(itemsOf('Can you deliver the 60 on the 25th?')).toEqual([]);
  });

  it('a request goes on: "also ..." after an ask, "keep it" for the item just named', () => {
    expect(itemsOf('- GC needs a 60kW generator x1\n- also light towers x2')).toEqual([
      ['gen60', 1],
      ['light', 2],
    ]);
    expect(itemsOf('I have the 330 out at Miller Road.\nCan we keep it another week?')).toEqual([['ex330', 1]]);
    expect(itemsOf('Thanks for the skid steer. We really needed it.')).toEqual([]);
  });

  it('no request: thanks, their own machines, equipment not working', () => {
    for (const text of [
      'The genny at the chapel is running fine, he just wanted to say thanks.',
      'They bring their own excavators, no rental needed.',
      'The heater you delivered yesterday is not heating, please check.',
    ])
      expect(itemsOf(text)).toEqual([]);
  });
});
