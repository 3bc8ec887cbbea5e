import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import type { AuditNote } from './audit-note';
import type { AuthFailure, Principal } from './principal';

declare global {
  namespace Express {
    interface Request {
      requestId: string;
      log: Logger;
      auth: { principal?: Principal; failure?: AuthFailure };
      /** Set when the request leaves an audit entry: what its operation did (http/audit-note.ts). */
      auditNote?: AuditNote;
      /** Wall-clock ms after which the request's work stops (http/deadline.ts). */
      deadline?: number;
      /** Moves the deadline to `ms` from now: for a route whose work is expected to be long (the CSV import). */
      extendDeadline?: (ms: number) => void;
      /** A POST with an Idempotency-Key runs on this transaction (http/idempotency.ts; graphql/context.ts forks it). */
      idempotency?: { em: EntityManager };
      /** Set on /graphql: errors answered outside Apollo take GraphQL's shape and media type (http/error-response.ts). */
      errorShape?: 'graphql';
    }
  }
}
export {};
