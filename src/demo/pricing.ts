import { ref } from '@mikro-orm/core';
import { PricingRule } from '../modules/rental/inventory/pricing-rule.entity';
import { PricingRuleKind } from '../modules/rental/inventory/pricing-rules';
import { at, dayOf, DemoContext, place } from './demo-context';

/**
 * The yard's pricing rules (docs/rental.md, "Pricing rules"), set up when it opened, so every order of the demo is
 * priced with them as POST /api/transactions would: Saturday and Sunday days at half the daily rate for every item,
 * and the earthmoving fleet's peak season from a month before the reference day to two months after it at 1.2 times
 * the rates. The quotes of the coming weeks show both.
 */
export function seedPricingRules(ctx: DemoContext): void {
  const when = at(ctx, dayOf(ctx, -400), 9);
  const rules: [string, Partial<PricingRule>][] = [
    ['Weekend half-rate', { kind: PricingRuleKind.weekend, multiplier: '0.500' }],
    [
      'Earthmoving peak season',
      {
        kind: PricingRuleKind.season,
        category: 'Earthmoving',
        startDate: dayOf(ctx, -30),
        endDate: dayOf(ctx, 60),
        multiplier: '1.200',
      },
    ],
  ];
  rules.forEach(([name, fields], n) => {
    const rule = new PricingRule();
    Object.assign(rule, { organization: ref(ctx.org), name, ...fields });
    ctx.data.pricingRules.push(place(ctx, rule, 'pricing-rule', n, when).toData());
  });
}
