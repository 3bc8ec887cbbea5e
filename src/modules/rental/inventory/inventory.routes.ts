import type { RouteRow } from '../../../../rest-adapter/route.types';

const ITEM = { name: 'Mini excavator 1.8 t', itemNumber: 'EX-018', category: 'Excavators', dailyRate: '185.00', weeklyRate: '740.00', monthlyRate: '2200.00', quantityOwned: 3, specifications: { weight: '1.8 t', fuel: 'diesel' }, imageUrl: 'https://example.com/ex-018.jpg' };
const HOLD = { quantity: 1, startDate: '2026-07-01', endDate: '2026-07-03', reason: 'Hydraulic service' };

/** Rental operations, parts 1-3 (docs/rental.md). Dates are YYYY-MM-DD; ranges include both ends. */
export const inventoryRoutes: RouteRow[] = [
  { method: 'GET', path: '/api/inventory', operation: 'inventoryItems', tag: 'Inventory', summary: 'The equipment catalog (paginated); search (name, item number), category, status, sortBy' },
  { method: 'POST', path: '/api/inventory', operation: 'createInventoryItem', body: 'input', status: 201, tag: 'Inventory', summary: 'Add an item to the catalog; 409 if the item number is taken', example: ITEM },
  { method: 'GET', path: '/api/inventory/:id', operation: 'inventoryItem', tag: 'Inventory', summary: 'One catalog item' },
  { method: 'PUT', path: '/api/inventory/:id', operation: 'updateInventoryItem', body: 'input', tag: 'Inventory', summary: 'Update an item (fields present are changed; null clears an optional one)', example: { dailyRate: '190.00', quantityOwned: 4 } },
  { method: 'PATCH', path: '/api/inventory/:id', operation: 'updateInventoryItem', body: 'input', tag: 'Inventory', summary: 'Update an item (fields present are changed; null clears an optional one)', example: { category: 'Compact excavators' } },
  { method: 'POST', path: '/api/inventory/:id/retire', operation: 'retireInventoryItem', tag: 'Inventory', summary: 'Retire an item: kept on record, never available' },
  { method: 'POST', path: '/api/inventory/:id/reactivate', operation: 'reactivateInventoryItem', tag: 'Inventory', summary: 'Put a retired item back in the catalog' },
  { method: 'GET', path: '/api/inventory/:id/maintenance-holds', operation: 'maintenanceHolds', params: { id: 'itemId' }, tag: 'Inventory', summary: "An item's maintenance holds (paginated)" },
  { method: 'POST', path: '/api/inventory/:id/maintenance-holds', operation: 'createMaintenanceHold', params: { id: 'itemId' }, body: 'input', status: 201, tag: 'Inventory', summary: 'Take units out of service for a range of days (endDate absent: open-ended)', example: HOLD },
  { method: 'PATCH', path: '/api/inventory/:id/maintenance-holds/:holdId', operation: 'updateMaintenanceHold', params: { id: 'itemId', holdId: 'id' }, body: 'input', tag: 'Inventory', summary: 'Change a hold, e.g. end it', example: { endDate: '2026-07-02' } },
  { method: 'DELETE', path: '/api/inventory/:id/maintenance-holds/:holdId', operation: 'deleteMaintenanceHold', params: { id: 'itemId', holdId: 'id' }, tag: 'Inventory', summary: 'Remove a hold' },
  { method: 'GET', path: '/api/inventory/:id/availability', operation: 'inventoryItemAvailability', tag: 'Inventory', summary: 'Units available on each day of startDate..endDate (default: 30 days from today)' },
  { method: 'GET', path: '/api/inventory-availability', operation: 'inventoryAvailability', tag: 'Inventory', summary: 'Availability of the active catalog per day of startDate..endDate; category, search, page, limit' },
  { method: 'POST', path: '/api/quotes', operation: 'quote', body: 'input', tag: 'Inventory', summary: 'Price a rental: cheapest cover of months (30 d), weeks (7 d) and days, itemized; nothing is stored', example: { itemId: '00000000-0000-4000-8000-000000000000', quantity: 2, startDate: '2026-07-01', endDate: '2026-07-08' } },
];
