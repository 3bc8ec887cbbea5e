import type { Principal } from '../../http/principal';
import { Role } from '../../lib/role';

/** The audit log's actor of every workflow write: the system, not a member (docs/workflows.md). */
export const SYSTEM_ACTOR = { id: '00000000-0000-0000-0000-000000000000', email: 'system:workflows' };

/** The caller a workflow's writes go through the owning modules' services as: the system, in one organization. */
export function systemPrincipal(organizationId: string): Principal {
  return { userId: SYSTEM_ACTOR.id, organizationId, role: Role.admin, email: SYSTEM_ACTOR.email };
}
