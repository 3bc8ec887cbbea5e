import type { RootRules } from '../../graphql/rules';
import { isAdmin } from '../../graphql/rules';

/** Workflows act for the whole organization: its admins define, test and read them. */
export const workflowRules: RootRules = {
  Query: { workflows: isAdmin, workflow: isAdmin, workflowRuns: isAdmin, workflowTemplates: isAdmin },
  Mutation: {
    createWorkflow: isAdmin,
    updateWorkflow: isAdmin,
    deleteWorkflow: isAdmin,
    testWorkflow: isAdmin,
    simulateWorkflow: isAdmin,
    enableWorkflowTemplate: isAdmin,
  },
};
