import { Migration } from '@mikro-orm/migrations';

/**
 * Live messages from the tables (docs/events.md, "Live events"): every write a subscriber may be waiting for sends
 * a small message on the `crm_live` channel, `{organizationId, topic, data: {id, op, ...}}`, from a trigger, so no
 * code path that writes the row can forget it. NOTIFY is transactional: the message leaves at commit and never for
 * a rolled-back write. It names ids only (far below NOTIFY's 8000 bytes); each instance's listener loads what a
 * subscriber may read under that subscriber's tenancy. `tg_argv`: the topic, then pairs of (data key, column).
 */
export const LIVE_NOTIFY_V1 = `create or replace function crm_live_notify() returns trigger
language plpgsql as $$
declare
  r jsonb := to_jsonb(new);
  data jsonb := jsonb_build_object('id', r->'id', 'op', lower(tg_op));
  i int := 1;
begin
  while i < tg_nargs loop
    data := data || jsonb_build_object(tg_argv[i], r->tg_argv[i + 1]);
    i := i + 2;
  end loop;
  perform pg_notify('crm_live', jsonb_build_object('organizationId', r->'organization_id', 'topic', tg_argv[0], 'data', data)::text);
  return null;
end $$`;

/** An API key that stops working (revoked, expired earlier, another role, deleted) is an access change. */
const KEY_CHANGE = `create or replace function crm_live_key_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('crm_live', jsonb_build_object('organizationId', old.organization_id, 'topic', 'access',
    'data', jsonb_build_object('apiKeyId', old.id))::text);
  return null;
end $$`;

const TRIGGERS: [table: string, events: string, args: string[]][] = [
  ['notifications', 'insert', ['notification', 'recipientId', 'recipient_id']],
  ['activities', 'insert or update', ['activity', 'contactId', 'contact_id']],
  ['tasks', 'insert or update', ['task', 'assigneeId', 'assignee_id']],
  ['rental_orders', 'insert or update', ['order']],
  ['outbox_events', 'insert', ['event', 'kind', 'event']],
];

export class Migration20261211100000_live_triggers extends Migration {
  override async up(): Promise<void> {
    this.addSql(LIVE_NOTIFY_V1);
    this.addSql(KEY_CHANGE);
    for (const [table, events, args] of TRIGGERS)
      this.addSql(`create trigger ${table}_live after ${events} on ${table}
        for each row execute function crm_live_notify(${args.map((a) => `'${a}'`).join(', ')})`);
    this.addSql(`create trigger api_keys_live after update of revoked_at, expires_at, role or delete on api_keys
        for each row execute function crm_live_key_change()`);
  }

  override async down(): Promise<void> {
    for (const [table] of TRIGGERS) this.addSql(`drop trigger if exists ${table}_live on ${table}`);
    this.addSql('drop trigger if exists api_keys_live on api_keys');
    this.addSql('drop function if exists crm_live_notify()');
    this.addSql('drop function if exists crm_live_key_change()');
  }
}
