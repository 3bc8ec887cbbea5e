import type { RouteRow } from '../../../http/route-row';

const CHECKLIST = {
  category: 'Excavators',
  phase: 'check_out',
  name: 'Excavator pre-hire',
  items: ['Tracks and rollers', 'Hydraulic hoses', 'Bucket teeth', 'Safety decals'],
};

/** Inspections and service (docs/rental.md, "Inspections and service"): checklists, and a unit's service done. */
export const inspectionRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/inspection-checklists',
    operation: 'inspectionChecklists',
    tag: 'Inventory',
    summary: 'Inspection checklists per category and phase (paginated); category, phase, search, sortBy',
  },
  {
    method: 'POST',
    path: '/api/inspection-checklists',
    operation: 'createInspectionChecklist',
    body: 'input',
    status: 201,
    tag: 'Inventory',
    summary: 'Define the check items of a category at check_out or check_in (admin); 409 when one is defined',
    example: CHECKLIST,
  },
  {
    method: 'GET',
    path: '/api/inspection-checklists/:id',
    operation: 'inspectionChecklist',
    tag: 'Inventory',
    summary: 'One inspection checklist',
  },
  {
    method: 'PATCH',
    path: '/api/inspection-checklists/:id',
    operation: 'updateInspectionChecklist',
    body: 'input',
    tag: 'Inventory',
    summary: 'Rename a checklist or replace its check items (admin)',
    example: { items: ['Tracks and rollers', 'Hydraulic hoses', 'Bucket teeth'] },
  },
  {
    method: 'DELETE',
    path: '/api/inspection-checklists/:id',
    operation: 'deleteInspectionChecklist',
    tag: 'Inventory',
    summary: 'Remove a checklist (admin); check-outs and check-ins of its category no longer need results',
  },
  {
    method: 'POST',
    path: '/api/inventory/:id/units/:unitId/service',
    operation: 'recordUnitService',
    params: { id: 'itemId', unitId: 'id' },
    body: 'input',
    tag: 'Inventory',
    summary: 'Service done: resets the service counters, ends the unit’s open holds, makes it available',
    example: { servicedOn: '2026-07-04', meterReading: '1500.0', notes: '500-hour service' },
  },
];
