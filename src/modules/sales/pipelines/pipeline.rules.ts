import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Everyone reads pipelines; admins shape them. */
export const pipelineRules: RootRules = {
  Query: { pipelines: isAuthenticated, pipeline: isAuthenticated, salesSettings: isAuthenticated },
  Mutation: {
    createPipeline: isAdmin,
    updatePipeline: isAdmin,
    createPipelineStage: isAdmin,
    updatePipelineStage: isAdmin,
    reorderPipelineStages: isAdmin,
    deletePipelineStage: isAdmin,
    updateSalesSettings: isAdmin,
  },
};
