/**
 * What the GraphQL layer learns about a request that leaves an audit entry (one made while a super admin
 * impersonates; src/modules/accounts/audit/audit-hook.ts): the root fields it ran and the record they named
 * (an `id` argument, else the id of what the first root field returned). The hook puts one on the request; the
 * context carries it; the root-field middleware (src/graphql/audit-note.ts) fills it in.
 */
export interface AuditNote {
  operations: string[];
  /** A mutation ran (the request wrote), whichever way its document arrived. */
  mutation?: boolean;
  recordId?: string;
}
