import { allow } from 'graphql-shield';
import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

export const authRules: RootRules = {
  Query: { me: isAuthenticated },
  Mutation: {
    register: allow,
    login: allow,
    logout: isAuthenticated,
    requestPasswordReset: allow,
    resetPassword: allow,
    changePassword: refusedWhileImpersonating(isAuthenticated, 'access'),
  },
};
