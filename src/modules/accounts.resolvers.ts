import { ApiKeyResolver } from './accounts/api-keys/api-key.resolver';
import { PasswordResolver } from './accounts/auth/password.resolver';
import { OrganizationSettingsResolver } from './accounts/organizations/settings.resolver';
import { TeamResolver } from './accounts/users/team.resolver';

/** Resolvers of accounts and administration beyond the foundation's (registered in graphql/schema.ts). */
export const ACCOUNT_RESOLVERS = [OrganizationSettingsResolver, TeamResolver, PasswordResolver, ApiKeyResolver] as const;
