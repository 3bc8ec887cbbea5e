import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isPublic } from '../../../graphql/rules';

export const teamRules: RootRules = {
  Query: { invitations: isAdmin },
  Mutation: {
    inviteUser: isAdmin,
    revokeInvitation: isAdmin,
    acceptInvitation: isPublic,
    updateMember: isAdmin,
    removeUser: isAdmin,
  },
};
