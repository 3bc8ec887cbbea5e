import type { Role } from '../lib/role';

/** Who is calling, resolved once per request (src/modules/accounts/auth/authenticate.ts) and carried by the context. */
export interface Principal {
  /**
   * The user the request acts as: the logged-in user, the impersonated user while a super admin
   * impersonates, or the creator of the API key for bearer requests.
   */
  userId: string;
  /** The organization every query of this request is scoped to. */
  organizationId: string;
  role: Role;
  email: string;
  /** Digest of the session token, when authenticated by cookie. */
  sessionId?: string;
  /** Set while a super admin impersonates `userId`: the super admin's own user id and email. */
  impersonatorId?: string;
  impersonatorEmail?: string;
  /** Set when authenticated by an `Authorization: Bearer` API key: the key's id (role is the key's). */
  apiKeyId?: string;
}

/** Why a request that carried credentials is not authenticated. */
export type AuthFailure = 'SESSION_EXPIRED' | 'INVALID_SESSION' | 'INVALID_API_KEY';
