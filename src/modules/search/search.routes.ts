import type { RouteRow } from '../../http/route-row';

export const searchRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/search',
    operation: 'search',
    tag: 'Search',
    summary:
      'One search box (q, kinds, page, limit): contacts, companies, leads, opportunities, inventory items and orders, typo-tolerant, ranked by similarity; each hit has kind, id, title, subtitle and its REST link',
    selection:
      '{ data { kind id title subtitle link score } pagination { currentPage pageSize hasNextPage hasPreviousPage } }',
  },
];
