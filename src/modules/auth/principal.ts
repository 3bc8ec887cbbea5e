import type { Role } from '../users/user.entity';

/** Who is calling, resolved once per request (http/authenticate.ts) and carried by the context. */
export interface Principal {
  userId: string;
  /** The organization every query of this request is scoped to. */
  organizationId: string;
  role: Role;
  email: string;
  /** Digest of the session token, when authenticated by cookie. */
  sessionId?: string;
}

/** Why a request that carried credentials is not authenticated. */
export type AuthFailure = 'SESSION_EXPIRED' | 'INVALID_SESSION';
