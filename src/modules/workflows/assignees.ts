import { type ActionContext, ActionError } from './action-context';
import { User } from '../accounts/users/user.entity';
import type { Assignee } from './definition';
import { triggerRecord } from './trigger-fields';

/**
 * The user an assignee rule names for this run: the record's owner, a named member, or the next of a round robin;
 * one who is not a member of the organization (left, or another's) fails the action.
 */
export async function resolveAssignee(who: Assignee, ctx: ActionContext): Promise<string> {
  let id: string | null;
  if (who.rule === 'owner') {
    const lookup = triggerRecord(ctx.event)?.owner;
    if (!lookup) throw new ActionError(`a ${ctx.event} trigger has no record owner`);
    const key = ctx.data[lookup.field];
    const rows: { owner_id: string | null }[] = typeof key === 'string' ? await ctx.tx.execute(lookup.sql, [key]) : [];
    id = rows[0]?.owner_id ?? null;
    if (!id) throw new ActionError(`the ${ctx.event} record has no owner`);
  } else if (who.rule === 'user') {
    id = who.userId;
  } else {
    id = who.userIds[await nextTurn(ctx, who.userIds.length)];
  }
  // Under the organization's filter: a user who left (or of another organization) is not found.
  const user = await ctx.tx.findOne(User, { id }, { fields: ['id'] });
  if (!user) throw new ActionError(`user ${id} is not a member of the organization`);
  return id;
}

/** Round robin: the workflow's cursor moves on once per assignment (dry runs only read it). */
async function nextTurn(ctx: ActionContext, size: number): Promise<number> {
  const rows: { n: number }[] = ctx.dryRun
    ? await ctx.tx.execute('select round_robin_cursor as n from workflows where id = ?', [ctx.workflowId])
    : await ctx.tx.execute(
        'update workflows set round_robin_cursor = round_robin_cursor + 1 where id = ? returning round_robin_cursor - 1 as n',
        [ctx.workflowId],
      );
  return Number(rows[0]?.n ?? 0) % size;
}
