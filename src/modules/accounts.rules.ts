import type { RootRules } from '../graphql/rules';
import { apiKeyRules } from './api-keys/api-key.rules';
import { settingsRules } from './organizations/settings.rules';
import { teamRules } from './users/team.rules';

/** Shield rules of ACCOUNT_RESOLVERS (auth and admin rules stay in their own files). */
export const ACCOUNT_RULES: RootRules[] = [settingsRules, teamRules, apiKeyRules];
