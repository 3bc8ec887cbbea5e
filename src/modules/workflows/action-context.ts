import type { EntityManager } from '@mikro-orm/postgresql';

/** What an action sees: the run's transaction and trigger. `dryRun`: resolve everything, write nothing. */
export interface ActionContext {
  tx: EntityManager;
  organizationId: string;
  workflowId: string;
  runId: string;
  /** The trigger's key: an event kind, a date trigger's kind, or schedule. */
  event: string;
  data: Record<string, unknown>;
  /** When the event happened (ISO): due offsets count from it. */
  at: string;
  dryRun: boolean;
}

/** An action that cannot be done with the data it has (no owner, a user who left): the run fails with it. */
export class ActionError extends Error {}
