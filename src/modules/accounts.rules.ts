import type { RootRules } from '../graphql/rules';
import { apiKeyRules } from './accounts/api-keys/api-key.rules';
import { settingsRules } from './accounts/organizations/settings.rules';
import { teamRules } from './accounts/users/team.rules';

/** Shield rules of ACCOUNT_RESOLVERS (auth and admin rules stay in their own files). */
export const ACCOUNT_RULES: RootRules[] = [settingsRules, teamRules, apiKeyRules];
