/** Root operations that draw on the auth budget (10 a minute per IP), through GraphQL and REST alike. */
export const AUTH_OPERATIONS = new Set<string>(['login', 'register']);
