/** The shield rules (docs/architecture.md, tenancy layer 2). Modules assign them to their root fields in `<domain>.rules.ts`. */
import { allow, and, rule } from 'graphql-shield';

export type ShieldRule = Parameters<typeof and>[0];
import { AppError, ErrorCode } from '../lib/errors';
import { Role } from '../lib/role';
import type { Context } from './context';
import type { AuthFailure, Principal } from '../http/principal';

/** Access levels as the spec names them. */
export type Access = 'none' | 'session' | 'admin' | 'super_admin';

const ROLES_OF: Record<Exclude<Access, 'none'>, Role[]> = {
  session: [Role.user, Role.admin, Role.super_admin],
  admin: [Role.admin, Role.super_admin],
  super_admin: [Role.super_admin],
};

/**
 * The one access check, used by the shield rules and, before it binds parameters, by the REST adapter:
 * not logged in is 401 (SESSION_EXPIRED when the session timed out), logged in without the role is 403.
 */
export function accessError(
  access: Access,
  principal: Principal | undefined,
  failure: AuthFailure | undefined,
): AppError | undefined {
  if (access === 'none') return undefined;
  if (!principal) {
    if (failure === 'SESSION_EXPIRED')
      return new AppError(ErrorCode.SESSION_EXPIRED, 'Your session has expired; log in again');
    return AppError.unauthenticated(
      failure === 'INVALID_SESSION' ? 'Invalid session; log in again' : 'Authentication required',
    );
  }
  return ROLES_OF[access].includes(principal.role) ? undefined : AppError.forbidden(`This requires the ${access} role`);
}

function requires(access: Exclude<Access, 'none'>) {
  return rule(access, { cache: 'contextual' })(
    (_parent: unknown, _args: unknown, ctx: Context) => accessError(access, ctx.principal, ctx.authFailure) ?? true,
  );
}

export const isAuthenticated = requires('session');
export const isAdmin = requires('admin');
export const isSuperAdmin = requires('super_admin');
export const isPublic = allow;

/** The access level of each rule: the OpenAPI document and the tenancy sweep read it. */
export const ACCESS = new Map<ShieldRule, Access>([
  [isPublic, 'none'],
  [isAuthenticated, 'session'],
  [isAdmin, 'admin'],
  [isSuperAdmin, 'super_admin'],
]);

export type RootRules = { Query?: Record<string, ShieldRule>; Mutation?: Record<string, ShieldRule> };
