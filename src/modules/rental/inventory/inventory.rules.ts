import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Any member reads and writes the catalog, holds, units and quotes (the spec's role `user`: read/write CRM data); inspection checklists and pricing rules are defined by admins. */
export const inventoryRules: RootRules = {
  Query: {
    inventoryItems: isAuthenticated,
    inventoryItem: isAuthenticated,
    maintenanceHolds: isAuthenticated,
    inventoryItemAvailability: isAuthenticated,
    inventoryAvailability: isAuthenticated,
    inventoryUnits: isAuthenticated,
    inventoryUnit: isAuthenticated,
    inspectionChecklists: isAuthenticated,
    inspectionChecklist: isAuthenticated,
    pricingRules: isAuthenticated,
    pricingRule: isAuthenticated,
  },
  Mutation: {
    createInventoryItem: isAuthenticated,
    updateInventoryItem: isAuthenticated,
    retireInventoryItem: isAuthenticated,
    reactivateInventoryItem: isAuthenticated,
    createMaintenanceHold: isAuthenticated,
    updateMaintenanceHold: isAuthenticated,
    deleteMaintenanceHold: isAuthenticated,
    quote: isAuthenticated,
    createInventoryUnit: isAuthenticated,
    updateInventoryUnit: isAuthenticated,
    trackInventoryItemByUnit: isAuthenticated,
    recordUnitService: isAuthenticated,
    createInspectionChecklist: isAdmin,
    updateInspectionChecklist: isAdmin,
    deleteInspectionChecklist: isAdmin,
    createPricingRule: isAdmin,
    updatePricingRule: isAdmin,
    deletePricingRule: isAdmin,
  },
};
