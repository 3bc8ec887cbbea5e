import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isPublic, refusedWhileImpersonating } from '../../../graphql/rules';

export const teamRules: RootRules = {
  Query: { invitations: isAdmin },
  Mutation: {
    inviteUser: refusedWhileImpersonating(isAdmin, 'access'),
    revokeInvitation: refusedWhileImpersonating(isAdmin, 'access'),
    acceptInvitation: isPublic,
    updateMember: refusedWhileImpersonating(isAdmin, 'access'),
    removeUser: refusedWhileImpersonating(isAdmin, 'access'),
  },
};
