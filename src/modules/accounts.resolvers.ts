import { ApiKeyResolver } from './api-keys/api-key.resolver';
import { PasswordResolver } from './auth/password.resolver';
import { OrganizationSettingsResolver } from './organizations/settings.resolver';
import { TeamResolver } from './users/team.resolver';

/** Resolvers of accounts and administration beyond the foundation's (registered in graphql/schema.ts). */
export const ACCOUNT_RESOLVERS = [OrganizationSettingsResolver, TeamResolver, PasswordResolver, ApiKeyResolver] as const;
