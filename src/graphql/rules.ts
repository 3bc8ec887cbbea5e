/** The shield rules (docs/architecture.md, tenancy layer 2). A resolver puts one on each root field with `@Guard(rule)` (`./guard.ts`), beside its `@Query` / `@Mutation`. */
import { allow, and, rule } from 'graphql-shield';

export type ShieldRule = Parameters<typeof and>[0];
import { AppError, ErrorCode } from '../lib/errors';
import { Role } from '../lib/role';
import type { GraphQLResolveInfo } from 'graphql';
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

/**
 * Why an operation is refused while a super admin impersonates (docs/accounts.md, "While impersonating";
 * docs/decisions.md). Support may read and fix the organization's data; whatever outlives the support session
 * (who can get in, with what role, with which secret), or speaks for the organization, is its own admins' to do.
 */
export const IMPERSONATION_REASONS = {
  access:
    "it changes who can get into the organization or with what role (API keys, members, invitations, passwords): that is for the organization's own admins",
  secrets:
    "it sets or replaces a secret of the organization (signing secrets, provider credentials): that is for the organization's own admins",
  speaks: "it speaks for the organization to its customers: that is for the organization's own members",
} as const;
export type ImpersonationReason = keyof typeof IMPERSONATION_REASONS;

function impersonationRule(
  name: string,
  reason: ImpersonationReason,
  applies: (args: Record<string, unknown>) => boolean,
) {
  return rule(name, { cache: 'no_cache' })(
    (_parent: unknown, args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) =>
      ctx.principal?.impersonatorId && applies(args)
        ? new AppError(
            ErrorCode.IMPERSONATION_FORBIDDEN,
            `${info.fieldName} is refused while impersonating: ${IMPERSONATION_REASONS[reason]}. End impersonation (POST /api/admin/end-impersonation) to use your own account`,
          )
        : true,
  );
}

const NOT_IMPERSONATING = new Map<ImpersonationReason, ShieldRule>();
let conditional = 0;

/**
 * The one place the impersonation policy is enforced: `base` (isAdmin...), refused with IMPERSONATION_FORBIDDEN
 * (403) while the principal is a super admin acting as someone, or only when `applies(args)` says the request
 * touches the guarded part (settings: the integration credentials). GraphQL and the REST rows (which run the same
 * operations) both meet it; the composed rule keeps `base`'s access level.
 */
export function refusedWhileImpersonating(
  base: ShieldRule,
  reason: ImpersonationReason,
  applies?: (args: Record<string, unknown>) => boolean,
): ShieldRule {
  const access = ACCESS.get(base);
  if (!access) throw new Error('refusedWhileImpersonating: the base rule has no access level');
  let guard = applies ? undefined : NOT_IMPERSONATING.get(reason);
  if (!guard) {
    // graphql-shield wants one instance per rule name: a conditional rule is a rule of its own.
    guard = applies
      ? impersonationRule(`notImpersonating_${reason}_${++conditional}`, reason, applies)
      : impersonationRule(`notImpersonating_${reason}`, reason, () => true);
    if (!applies) NOT_IMPERSONATING.set(reason, guard);
  }
  // The role first: where the impersonated role may not do it anyway, the answer is the role's refusal (FORBIDDEN),
  // the same as the REST adapter's check of the access level before it binds anything.
  const composed = and(base, guard);
  ACCESS.set(composed, access);
  return composed;
}

/** For `refusedWhileImpersonating`: the request's `input` argument has `field` (the guarded part of the input). */
export const inputHas =
  (field: string) =>
  (args: Record<string, unknown>): boolean =>
    (args.input as Record<string, unknown> | undefined)?.[field] !== undefined;

export type RootRules = {
  Query?: Record<string, ShieldRule>;
  Mutation?: Record<string, ShieldRule>;
  /** Checked by graphql-shield on every event, and when the subscription starts (src/graphql/subscription-access.ts). */
  Subscription?: Record<string, ShieldRule>;
};
