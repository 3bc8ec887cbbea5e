import type { RouteRow } from '../../../http/route-row';

/** Pricing rules (docs/rental.md, "Pricing rules"): admin CRUD; the quote engine prices quotes and orders with them. */
export const pricingRuleRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/pricing-rules',
    operation: 'pricingRules',
    tag: 'Inventory',
    summary: 'Pricing rules (paginated); kind, itemId, customerId, active, search (name, category), sortBy',
  },
  {
    method: 'POST',
    path: '/api/pricing-rules',
    operation: 'createPricingRule',
    body: 'input',
    status: 201,
    tag: 'Inventory',
    summary: 'Define a weekend rate, season, minimum period, rate card or discount (admin); 400 when it clashes',
    example: {
      name: 'Summer season',
      kind: 'season',
      startDate: '2026-06-01',
      endDate: '2026-08-31',
      multiplier: '1.25',
    },
  },
  {
    method: 'GET',
    path: '/api/pricing-rules/:id',
    operation: 'pricingRule',
    tag: 'Inventory',
    summary: 'One pricing rule',
  },
  {
    method: 'PATCH',
    path: '/api/pricing-rules/:id',
    operation: 'updatePricingRule',
    body: 'input',
    tag: 'Inventory',
    summary: 'Change a rule (admin): fields present change, null clears; the kind stays; orders keep their prices',
    example: { multiplier: '1.3', active: true },
  },
  {
    method: 'DELETE',
    path: '/api/pricing-rules/:id',
    operation: 'deletePricingRule',
    tag: 'Inventory',
    summary: 'Remove a rule (admin); orders priced with it keep their prices',
  },
];
