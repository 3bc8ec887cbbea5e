/**
 * Root operations that draw on the auth budget (10 a minute per IP), through GraphQL and REST alike: the
 * ones that take a password or a mailed token, or send a mail to any address (`updateProfile` takes the current
 * password for a new email).
 */
export const AUTH_OPERATIONS = new Set<string>([
  'login',
  'register',
  'acceptInvitation',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'updateProfile',
]);
