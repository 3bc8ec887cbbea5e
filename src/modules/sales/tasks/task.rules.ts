import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

/** The spec: any authenticated user may POST /api/tasks. */
export const taskRules: RootRules = {
  Query: { tasks: isAuthenticated, task: isAuthenticated },
  Mutation: {
    createTask: isAuthenticated,
    updateTask: isAuthenticated,
    completeTask: isAuthenticated,
    deleteTask: isAuthenticated,
  },
};
