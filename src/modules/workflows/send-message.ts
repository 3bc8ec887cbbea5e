import type { Mailer } from '../../mail/mailer';
import type { OutboundService } from '../communications/outbound/outbound.service';
import { type ActionContext, ActionError } from './action-context';
import { resolveAssignee } from './assignees';
import { render, type SendEmailAction, type SendSmsAction } from './definition';
import { contactOf, opportunityOf } from './log-activity';
import type { RunStep } from './workflow-run.entity';

export interface MessageSenders {
  outbound: Pick<OutboundService, 'sendInTransaction' | 'textMemberInTransaction'>;
  mailer: Pick<Mailer, 'send'>;
}

type Values = Record<string, unknown>;

/**
 * send_email and send_sms (docs/workflows.md, "Definitions"): the template merged with the trigger's record, its
 * contact, the record's owner and the organization, sent in the run's transaction. To the trigger's contact through
 * the communications module's outbound path (OutboundService.sendInTransaction: the mail or SMS outbox and an outbound
 * activity with source `workflow`); to a member (the owner, a named user) by the mailer alone, or an SMS to the
 * member's mobile number through the SMS path (OutboundService.textMemberInTransaction); none: the step fails.
 */
export async function sendMessage(
  a: SendEmailAction | SendSmsAction,
  ctx: ActionContext,
  deps: MessageSenders,
  index: number,
): Promise<RunStep> {
  const texts = a.type === 'send_email' ? [a.subject, a.text] : [a.text];
  const toContact = a.to.rule === 'contact';
  const contactId = toContact || usesScope(texts, 'contact') ? await contactOf(ctx) : null;
  const values = await mergeValues(ctx, texts, contactId);
  const subject = a.type === 'send_email' ? render(a.subject, values) : undefined;
  const text = render(a.text, values);
  const channel = a.type === 'send_email' ? 'email' : 'sms';
  if (contactId && toContact) {
    const opportunityId = await opportunityOf(ctx);
    const input = { channel, contactId, subject, text };
    if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
    const activity = await deps.outbound.sendInTransaction(ctx.tx, ctx.organizationId, contactId, {
      channel,
      subject,
      text,
      opportunityId,
    });
    return { index, type: a.type, input, outcome: 'done', output: { activityId: activity.id } };
  }
  const userId = await resolveAssignee(a.to as { rule: 'owner' } | { rule: 'user'; userId: string }, ctx);
  const [user] = await userRows(ctx, userId);
  if (!user) throw new ActionError(`user ${userId} is not a member of the organization`);
  const address = channel === 'sms' ? user.phone : user.email;
  // a member without a mobile number: the step fails, and the run with it (retried, then failed, its owner told)
  if (!address) throw new ActionError(`the member ${String(user.name)} (${userId}) has no phone number for an SMS`);
  const input = { channel, userId, to: address, subject, text };
  if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
  if (channel === 'sms') {
    await deps.outbound.textMemberInTransaction(ctx.tx, ctx.organizationId, address as string, text);
    return { index, type: a.type, input, outcome: 'done' };
  }
  await deps.mailer.send(ctx.tx, {
    to: user.email as string,
    subject: subject ?? '',
    text,
    kind: 'workflow.email',
    organizationId: ctx.organizationId,
  });
  return { index, type: a.type, input, outcome: 'done' };
}

function usesScope(texts: string[], scope: string): boolean {
  return texts.some((t) => new RegExp(`\\{\\{\\s*${scope}\\.`).test(t));
}

function userRows(ctx: ActionContext, id: string): Promise<Values[]> {
  return ctx.tx.execute(
    `select first_name as "firstName", last_name as "lastName", first_name || ' ' || last_name as name, email, phone
     from users where id = ? and organization_id = ?`,
    [id, ctx.organizationId],
  );
}

/** The values a message's merge fields name: the record's (bare and `record.`), and contact, owner, organization when used. */
async function mergeValues(ctx: ActionContext, texts: string[], contactId: string | null): Promise<Values> {
  const values: Values = { ...ctx.data };
  for (const [k, v] of Object.entries(ctx.data)) values[`record.${k}`] = v;
  const scoped = async (scope: string, read: () => Promise<Values[]>) => {
    if (!usesScope(texts, scope)) return;
    const [row] = await read();
    for (const [k, v] of Object.entries(row ?? {})) values[`${scope}.${k}`] = v;
  };
  await scoped('contact', () =>
    ctx.tx.execute(
      `select name, split_part(name, ' ', 1) as "firstName", email, phone, city from contacts where id = ?`,
      [contactId],
    ),
  );
  await scoped('owner', async () => {
    // a record without an owner leaves its owner's fields empty (as any absent value)
    const id = await resolveAssignee({ rule: 'owner' }, ctx).catch((e: unknown) => {
      if (e instanceof ActionError) return null;
      throw e;
    });
    return id ? userRows(ctx, id) : [];
  });
  await scoped('organization', () =>
    ctx.tx.execute('select name from organizations where id = ?', [ctx.organizationId]),
  );
  return values;
}
