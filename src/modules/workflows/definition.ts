import type { EventKind } from '../../events/event-kinds';
import type { FieldError } from '../../lib/errors';
import { urlSyntaxProblem } from '../../events/url-guard';
import { DATE_TRIGGER_KINDS, type DateTriggerKind, SCHEDULE } from './time-triggers';
import { checkRecordTarget, contactIdField, type RecordKind } from './record-targets';
import { type FieldType, triggerRecord, WORKFLOW_EVENT_KINDS } from './trigger-fields';
import { pathType } from './relations';

/** A definition's parts (docs/workflows.md, "Definitions"): stored as JSON in a workflow version. */
export const CONDITION_OPS = [
  'equals',
  'not_equals',
  'in',
  'contains',
  'greater_than',
  'less_than',
  'empty',
  'not_empty',
  'changed_to',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export interface Condition {
  field: string;
  op: ConditionOp;
  value?: unknown;
}
export interface ConditionGroup {
  all?: ConditionNode[];
  any?: ConditionNode[];
}
export type ConditionNode = Condition | ConditionGroup;

export type Assignee =
  { rule: 'owner' } | { rule: 'user'; userId: string } | { rule: 'round_robin'; userIds: string[] };
export const PRIORITIES = ['low', 'medium', 'high'] as const;

export interface CreateTaskAction {
  type: 'create_task';
  title: string;
  description?: string;
  assignee: Assignee;
  /** Due this many hours after the event (rounded to the organization's day); absent: no due date. */
  dueInHours?: number;
  priority?: (typeof PRIORITIES)[number];
}
export interface NotifyUserAction {
  type: 'notify_user';
  to: Assignee;
  title: string;
  body?: string;
}
/** Sets the owner of a record the trigger names (docs/workflows.md, "Definitions", action `assign_owner`). */
export interface AssignOwnerAction {
  type: 'assign_owner';
  record: RecordKind;
  owner: Assignee;
}
/** Sets one field of UPDATABLE_FIELDS on a record the trigger names (docs/workflows.md, "Definitions", action `update_field`). */
export interface UpdateFieldAction {
  type: 'update_field';
  record: 'lead' | 'opportunity';
  field: string;
  value: unknown;
}
/** Does `then` when `if` holds on the trigger's record, else `else` (docs/workflows.md, "Definitions", action `branch`). */
export interface BranchAction {
  type: 'branch';
  if: ConditionGroup;
  then: Action[];
  else?: Action[];
}
/** A note on the timeline of the contact the trigger names (docs/workflows.md, "Definitions", action `log_activity`). */
export interface LogActivityAction {
  type: 'log_activity';
  subject: string;
  body?: string;
}
/**
 * Suspends the run for `hours` or `days`, then re-checks its conditions on the record as it is then (docs/workflows.md,
 * "Definitions", action `wait`); at the top level or in a branch.
 */
export interface WaitAction {
  type: 'wait';
  hours?: number;
  days?: number;
}
/** POSTs the trigger's record, signed with the workflow's secret, to `url` (docs/workflows.md, action `call_webhook`). */
export interface CallWebhookAction {
  type: 'call_webhook';
  url: string;
}
/** Who a workflow's email or SMS goes to: the trigger's contact, the record's owner, or a named member. */
export type Recipient = { rule: 'contact' } | { rule: 'owner' } | { rule: 'user'; userId: string };
/** An email from a template (docs/workflows.md, action `send_email`). */
export interface SendEmailAction {
  type: 'send_email';
  to: Recipient;
  subject: string;
  text: string;
}
/** An SMS from a template to the trigger's contact or a member's mobile number (docs/workflows.md, action `send_sms`). */
export interface SendSmsAction {
  type: 'send_sms';
  to: Recipient;
  text: string;
}
export type Action =
  | SendEmailAction
  | SendSmsAction
  | CallWebhookAction
  | CreateTaskAction
  | NotifyUserAction
  | AssignOwnerAction
  | UpdateFieldAction
  | LogActivityAction
  | WaitAction
  | BranchAction;
export const ACTION_TYPES = [
  'create_task',
  'notify_user',
  'assign_owner',
  'update_field',
  'log_activity',
  'wait',
  'call_webhook',
  'send_email',
  'send_sms',
  'branch',
] as const;
/** How long a wait may be: at most a year (in hours or days). */
export const WAIT_LIMITS = { hours: 24 * 365, days: 365 };

/** Where an action names a user: its assignee rule's key (none for update_field). */
export function assigneeKey(type: unknown): 'assignee' | 'to' | 'owner' | null {
  if (type === 'create_task') return 'assignee';
  if (type === 'notify_user' || type === 'send_email' || type === 'send_sms') return 'to';
  return type === 'assign_owner' ? 'owner' : null;
}

/** What starts a run: an event of the outbox, a date of a record (offset in days), or a daily schedule. */
export type Trigger =
  | { event: EventKind }
  | { date: DateTriggerKind; offsetDays: number }
  | { schedule: { atHour: number; weekdays?: number[] } };

/** The key a trigger is stored and dispatched by: the event kind, the date trigger's kind, or `schedule`. */
export function triggerKey(t: Trigger): string {
  return 'event' in t ? t.event : 'date' in t ? t.date : SCHEDULE;
}

export interface WorkflowDefinition {
  trigger: Trigger;
  conditions?: ConditionGroup;
  actions: Action[];
}

export const LIMITS = {
  actions: 20,
  conditions: 50,
  depth: 4,
  branchDepth: 3,
  text: 500,
  teamSize: 50,
  emailText: 10_000,
  smsText: 1600,
};
/** `{{field}}`, or `{{scope.field}}` in messages (MESSAGE_MERGE_FIELDS). */
const MERGE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)?)\s*\}\}/g;

/** The merge fields of send_email and send_sms besides the record's own (`{{field}}` or `{{record.field}}`). */
export const MESSAGE_MERGE_FIELDS = {
  contact: ['name', 'firstName', 'email', 'phone', 'city'],
  owner: ['name', 'firstName', 'lastName', 'email'],
  organization: ['name'],
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a definition's shape and every name in it against its trigger's record (TRIGGER_FIELDS): unknown fields,
 * operators and types are reported together, each with its path (`actions[0].assignee.userId`). The ids it names
 * are checked against the organization's records by the service (userIdsOf).
 */
export function checkDefinition(input: { trigger: unknown; conditions?: unknown; actions: unknown }): {
  errors: FieldError[];
  definition: WorkflowDefinition;
} {
  const errors: FieldError[] = [];
  const err = (field: string, message: string): void => void errors.push({ field, message });
  const trigger = checkTrigger(input.trigger, err);
  const record = trigger ? triggerRecord(triggerKey(trigger)) : null;
  const fields = record?.fields ?? {};
  const known = record !== null;
  const event = trigger ? triggerKey(trigger) : 'trigger';
  let count = 0;
  const group = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node)) return err(path, 'must be an object with all or any');
    const keys = Object.keys(node);
    if (keys.length !== 1 || !['all', 'any'].includes(keys[0])) return err(path, 'must have exactly one of all or any');
    const list = node[keys[0]];
    if (!Array.isArray(list) || list.length === 0) return err(`${path}.${keys[0]}`, 'must be a non-empty list');
    list.forEach((c, i) => {
      const at = `${path}.${keys[0]}[${i}]`;
      if (++count > LIMITS.conditions) return;
      if (isObject(c) && ('all' in c || 'any' in c)) {
        if (depth >= LIMITS.depth) return err(at, `groups nest ${LIMITS.depth} deep at most`);
        return group(c, at, depth + 1);
      }
      condition(c, at);
    });
  };
  const condition = (c: unknown, at: string): void => {
    if (!isObject(c)) return err(at, 'must be a condition {field, op, value} or a group');
    for (const k of Object.keys(c)) if (!['field', 'op', 'value'].includes(k)) err(`${at}.${k}`, 'unknown field');
    const related = typeof c.field === 'string' && c.field.includes('.') ? pathType(fields, c.field) : null;
    const type = related ? ('type' in related ? related.type : undefined) : fields[c.field as string];
    if (known && related && 'problem' in related) err(`${at}.field`, related.problem);
    else if (known && !type)
      err(`${at}.field`, `unknown field of ${event}: one of ${Object.keys(fields).join(', ')}, or a relation path`);
    if (!CONDITION_OPS.includes(c.op as ConditionOp))
      return err(`${at}.op`, `must be one of ${CONDITION_OPS.join(', ')}`);
    if (type) checkOperand(c.op as ConditionOp, type, c.value, `${at}.value`, err);
  };
  if (input.conditions !== undefined && input.conditions !== null) group(input.conditions, 'conditions', 1);
  let actionCount = 0;
  const actionList = (list: unknown, path: string, depth: number): void => {
    if (!Array.isArray(list) || list.length === 0) return err(path, 'at least one action');
    list.forEach((a, i) => {
      if (++actionCount > LIMITS.actions) return;
      if (isObject(a) && a.type === 'branch') return branch(a, `${path}[${i}]`, depth);
      checkAction(a, `${path}[${i}]`, { key: event, fields: known ? fields : null }, err);
    });
  };
  const branch = (a: Json, at: string, depth: number): void => {
    for (const k of Object.keys(a)) if (!['type', 'if', 'then', 'else'].includes(k)) err(`${at}.${k}`, 'unknown field');
    if (depth >= LIMITS.branchDepth) return err(at, `branches nest ${LIMITS.branchDepth} deep at most`);
    group(a.if, `${at}.if`, 1);
    actionList(a.then, `${at}.then`, depth + 1);
    if (a.else !== undefined) actionList(a.else, `${at}.else`, depth + 1);
  };
  actionList(input.actions, 'actions', 0);
  if (count > LIMITS.conditions) err('conditions', `${LIMITS.conditions} conditions at most (branches' included)`);
  if (actionCount > LIMITS.actions) err('actions', `${LIMITS.actions} actions at most (branches' included)`);
  const actions = Array.isArray(input.actions) ? input.actions : [];
  if (record && !record.owner)
    eachAction(actions, 'actions', (a, at) => {
      const key = assigneeKey(a.type);
      const who = key ? a[key] : null;
      if (isObject(who) && who.rule === 'owner') err(`${at}.${key}.rule`, 'a schedule has no record owner');
    });
  return {
    errors,
    definition: {
      trigger: trigger ?? { event: 'lead.created' },
      ...(isObject(input.conditions) ? { conditions: input.conditions as ConditionGroup } : {}),
      actions: actions as Action[],
    },
  };
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

function checkTrigger(t: unknown, err: (f: string, m: string) => void): Trigger | null {
  const shape = 'must be {event}, {date, offsetDays} or {schedule: {atHour, weekdays?}}';
  if (!isObject(t)) return (err('trigger', shape), null);
  const only = (keys: string[]) =>
    Object.keys(t).forEach((k) => keys.includes(k) || err(`trigger.${k}`, 'unknown field'));
  if ('event' in t) {
    only(['event']);
    if (!WORKFLOW_EVENT_KINDS.includes(t.event as EventKind))
      return (err('trigger.event', `must be one of: ${WORKFLOW_EVENT_KINDS.join(', ')}`), null);
    return { event: t.event as EventKind };
  }
  if ('date' in t) {
    only(['date', 'offsetDays']);
    if (!DATE_TRIGGER_KINDS.includes(t.date as DateTriggerKind))
      return (err('trigger.date', `must be one of: ${DATE_TRIGGER_KINDS.join(', ')}`), null);
    if (!(Number.isInteger(t.offsetDays) && Math.abs(t.offsetDays as number) <= 365))
      return (err('trigger.offsetDays', 'must be a whole number of days, -365 to 365 (negative: before)'), null);
    return { date: t.date as DateTriggerKind, offsetDays: t.offsetDays as number };
  }
  if ('schedule' in t) {
    only(['schedule']);
    const s = t.schedule;
    if (!isObject(s)) return (err('trigger.schedule', 'must be {atHour, weekdays?}'), null);
    for (const k of Object.keys(s))
      if (!['atHour', 'weekdays'].includes(k)) err(`trigger.schedule.${k}`, 'unknown field');
    if (!(Number.isInteger(s.atHour) && (s.atHour as number) >= 0 && (s.atHour as number) <= 23))
      return (err('trigger.schedule.atHour', "must be an hour, 0-23 (the organization's time)"), null);
    if (
      s.weekdays !== undefined &&
      !(Array.isArray(s.weekdays) && s.weekdays.length > 0 && s.weekdays.every((d) => WEEKDAYS.includes(d as number)))
    )
      return (err('trigger.schedule.weekdays', 'must list days 1 (Monday) to 7 (Sunday)'), null);
    return { schedule: { atHour: s.atHour as number, ...(s.weekdays ? { weekdays: s.weekdays as number[] } : {}) } };
  }
  return (err('trigger', shape), null);
}

function checkOperand(
  op: ConditionOp,
  type: FieldType,
  value: unknown,
  at: string,
  err: (f: string, m: string) => void,
): void {
  if (op === 'empty' || op === 'not_empty') {
    if (value !== undefined) err(at, `${op} takes no value`);
    return;
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > 100)
      return err(at, 'in takes a list of 1-100 values');
    value.forEach((v, i) => checkValue(type, v, `${at}[${i}]`, err));
    return;
  }
  if (op === 'greater_than' || op === 'less_than') {
    if (type !== 'number' && type !== 'date') return err(at, `${op} compares numbers and dates only`);
  }
  if (op === 'contains') {
    if (type !== 'string' && type !== 'list') return err(at, 'contains applies to text and lists only');
    if (typeof value !== 'string' || value.length === 0 || value.length > LIMITS.text)
      err(at, `must be text of 1-${LIMITS.text} characters`);
    return;
  }
  checkValue(type, value, at, err);
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The problems of one value for a field of this type (none: it fits). */
export function checkValueOf(type: FieldType, v: unknown, at: string): FieldError[] {
  const errors: FieldError[] = [];
  checkValue(
    type === 'list' ? 'list' : type,
    type === 'list' && Array.isArray(v) ? v.join(',') : v,
    at,
    (field, message) => errors.push({ field, message }),
  );
  return errors;
}

function checkValue(type: FieldType, v: unknown, at: string, err: (f: string, m: string) => void): void {
  const ok =
    (type === 'number' && typeof v === 'number' && Number.isFinite(v)) ||
    (type === 'boolean' && typeof v === 'boolean') ||
    (type === 'date' && typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v))) ||
    (type === 'id' && typeof v === 'string' && UUID.test(v)) ||
    ((type === 'string' || type === 'list') && typeof v === 'string' && v.length <= LIMITS.text);
  if (!ok) err(at, `must be ${type === 'id' ? 'a UUID' : type === 'list' ? 'a string' : `a ${type}`}`);
}

function checkAction(
  a: unknown,
  at: string,
  trigger: { key: string; fields: Record<string, FieldType> | null },
  err: (f: string, m: string) => void,
) {
  const fields = trigger.fields;
  if (!isObject(a)) return err(at, 'must be an object with a type');
  const allowed: Record<string, string[]> = {
    create_task: ['type', 'title', 'description', 'assignee', 'dueInHours', 'priority'],
    notify_user: ['type', 'to', 'title', 'body'],
    assign_owner: ['type', 'record', 'owner'],
    update_field: ['type', 'record', 'field', 'value'],
    log_activity: ['type', 'subject', 'body'],
    wait: ['type', 'hours', 'days'],
    call_webhook: ['type', 'url'],
    send_email: ['type', 'to', 'subject', 'text'],
    send_sms: ['type', 'to', 'text'],
  };
  if (!ACTION_TYPES.includes(a.type as never)) return err(`${at}.type`, `must be one of ${ACTION_TYPES.join(', ')}`);
  for (const k of Object.keys(a)) if (!allowed[a.type as string].includes(k)) err(`${at}.${k}`, 'unknown field');
  if (a.type === 'assign_owner' || a.type === 'update_field') {
    for (const e of checkRecordTarget(a, at, trigger.key, fields)) err(e.field, e.message);
    if (a.type === 'assign_owner') assignee(a.owner, `${at}.owner`, err);
    return;
  }
  if (a.type === 'wait') return checkWait(a, at, err);
  if (a.type === 'send_email' || a.type === 'send_sms') return checkMessage(a, at, trigger, err);
  if (a.type === 'call_webhook') {
    const problem = typeof a.url === 'string' && a.url.length <= 2000 ? urlSyntaxProblem(a.url) : 'must be a URL';
    if (problem) err(`${at}.url`, problem);
    return;
  }
  if (a.type === 'log_activity') {
    text(a.subject, `${at}.subject`, true, fields, err);
    text(a.body, `${at}.body`, false, fields, err);
    if (fields && !contactIdField(trigger.key, fields)) err(at, `a ${trigger.key} trigger names no contact`);
    return;
  }
  text(a.title, `${at}.title`, true, fields, err);
  if (a.type === 'create_task') {
    text(a.description, `${at}.description`, false, fields, err);
    assignee(a.assignee, `${at}.assignee`, err);
    if (
      a.dueInHours !== undefined &&
      !(Number.isInteger(a.dueInHours) && (a.dueInHours as number) >= 0 && (a.dueInHours as number) <= 24 * 365)
    )
      err(`${at}.dueInHours`, 'must be a whole number of hours, 0-8760');
    if (a.priority !== undefined && !PRIORITIES.includes(a.priority as never))
      err(`${at}.priority`, `must be one of ${PRIORITIES.join(', ')}`);
  } else {
    text(a.body, `${at}.body`, false, fields, err);
    assignee(a.to, `${at}.to`, err);
  }
}

function checkMessage(
  a: Json,
  at: string,
  trigger: { key: string; fields: Record<string, FieldType> | null },
  err: (f: string, m: string) => void,
) {
  const email = a.type === 'send_email';
  const to = a.to;
  const rules = ['contact', 'owner', 'user'];
  if (!isObject(to) || !rules.includes(to.rule as string)) err(`${at}.to.rule`, `must be one of ${rules.join(', ')}`);
  else {
    for (const k of Object.keys(to))
      if (!(k === 'rule' || (to.rule === 'user' && k === 'userId'))) err(`${at}.to.${k}`, 'unknown field');
    if (to.rule === 'user' && !(typeof to.userId === 'string' && UUID.test(to.userId)))
      err(`${at}.to.userId`, 'must be a UUID');
  }
  const fields = trigger.fields;
  const hasContact = !fields || contactIdField(trigger.key, fields) !== null;
  const hasOwner = !fields || triggerRecord(trigger.key)?.owner != null;
  if (isObject(to) && to.rule === 'contact' && !hasContact)
    err(`${at}.to`, `a ${trigger.key} trigger names no contact`);
  const texts: [string, number][] = email
    ? [
        ['subject', LIMITS.text],
        ['text', LIMITS.emailText],
      ]
    : [['text', LIMITS.smsText]];
  for (const [key, max] of texts) {
    const v = a[key];
    if (typeof v !== 'string' || v.trim() === '' || v.length > max) {
      err(`${at}.${key}`, `must be text of 1-${max} characters`);
      continue;
    }
    for (const m of v.matchAll(MERGE)) {
      const problem = mergeProblem(m[1], fields, hasContact, hasOwner, trigger.key);
      if (problem) err(`${at}.${key}`, problem);
    }
  }
}

/** Why a message's merge field cannot be filled (undefined: it can). */
function mergeProblem(
  name: string,
  fields: Record<string, FieldType> | null,
  hasContact: boolean,
  hasOwner: boolean,
  key: string,
): string | undefined {
  const [scope, field] = name.includes('.') ? name.split('.') : ['record', name];
  const unknown = `unknown merge field {{${name}}}`;
  if (scope === 'record') return fields && !fields[field] ? unknown : undefined;
  const known = (MESSAGE_MERGE_FIELDS as Record<string, readonly string[]>)[scope];
  if (!known?.includes(field))
    return `${unknown}: record.<field>, ${Object.entries(MESSAGE_MERGE_FIELDS)
      .map(([s, f]) => `${s}.${f.join('|')}`)
      .join(', ')}`;
  if (scope === 'contact' && !hasContact) return `${unknown}: a ${key} trigger names no contact`;
  if (scope === 'owner' && !hasOwner) return `${unknown}: a ${key} trigger has no record owner`;
  return undefined;
}

function checkWait(a: Json, at: string, err: (f: string, m: string) => void) {
  const units = (['hours', 'days'] as const).filter((u) => a[u] !== undefined);
  if (units.length !== 1) return err(at, 'a wait has exactly one of hours or days');
  const [unit] = units;
  const n = a[unit];
  if (!(Number.isInteger(n) && (n as number) >= 1 && (n as number) <= WAIT_LIMITS[unit]))
    err(`${at}.${unit}`, `must be a whole number of ${unit}, 1-${WAIT_LIMITS[unit]}`);
}

/** When a wait that starts at `from` ends. */
export function waitEnds(a: WaitAction, from: Date): Date {
  return new Date(from.getTime() + ((a.hours ?? 0) + (a.days ?? 0) * 24) * 3600_000);
}

function text(
  v: unknown,
  at: string,
  required: boolean,
  fields: Record<string, FieldType> | null,
  err: (f: string, m: string) => void,
) {
  if (v === undefined && !required) return;
  if (typeof v !== 'string' || v.trim() === '' || v.length > LIMITS.text)
    return err(at, `must be text of 1-${LIMITS.text} characters`);
  for (const m of v.matchAll(MERGE)) if (fields && !fields[m[1]]) err(at, `unknown merge field {{${m[1]}}}`);
}

function assignee(v: unknown, at: string, err: (f: string, m: string) => void) {
  if (!isObject(v)) return err(at, 'must be {rule: owner} | {rule: user, userId} | {rule: round_robin, userIds}');
  const keys: Record<string, string[]> = {
    owner: ['rule'],
    user: ['rule', 'userId'],
    round_robin: ['rule', 'userIds'],
  };
  if (!keys[v.rule as string]) return err(`${at}.rule`, 'must be one of owner, user, round_robin');
  for (const k of Object.keys(v)) if (!keys[v.rule as string].includes(k)) err(`${at}.${k}`, 'unknown field');
  if (v.rule === 'user' && !(typeof v.userId === 'string' && UUID.test(v.userId)))
    err(`${at}.userId`, 'must be a UUID');
  if (v.rule === 'round_robin') {
    const ids = v.userIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > LIMITS.teamSize)
      return err(`${at}.userIds`, `must list 1-${LIMITS.teamSize} users`);
    ids.forEach((id, i) => {
      if (!(typeof id === 'string' && UUID.test(id))) err(`${at}.userIds[${i}]`, 'must be a UUID');
    });
  }
}

/** Each action of a list and of its branches (to LIMITS.branchDepth), with its path (`actions[0].then[1]`). */
export function eachAction(list: unknown[], path: string, fn: (a: Json, at: string) => void, depth = 0): void {
  list.forEach((a, i) => {
    if (!isObject(a)) return;
    fn(a, `${path}[${i}]`);
    if (a.type !== 'branch' || depth >= LIMITS.branchDepth) return;
    for (const side of ['then', 'else'])
      if (Array.isArray(a[side])) eachAction(a[side] as unknown[], `${path}[${i}].${side}`, fn, depth + 1);
  });
}

/** Every user id a definition names (each must be a member of the organization), with its path. */
export function userIdsOf(d: WorkflowDefinition): { field: string; id: string }[] {
  const out: { field: string; id: string }[] = [];
  eachAction(d.actions, 'actions', (a, path) => {
    const key = assigneeKey(a.type);
    if (!key) return;
    const who = a[key] as Assignee;
    const at = `${path}.${key}`;
    if (who.rule === 'user') out.push({ field: `${at}.userId`, id: who.userId });
    if (who.rule === 'round_robin') who.userIds.forEach((id, j) => out.push({ field: `${at}.userIds[${j}]`, id }));
  });
  return out;
}

/** Every call_webhook URL of a definition, with its path (each is checked to be public when saved). */
export function webhookUrlsOf(d: WorkflowDefinition): { field: string; url: string }[] {
  const out: { field: string; url: string }[] = [];
  eachAction(d.actions, 'actions', (a, path) => {
    if (a.type === 'call_webhook') out.push({ field: `${path}.url`, url: a.url as string });
  });
  return out;
}

/** `{{field}}` merge fields filled from the event's data (absent: empty). */
export function render(template: string, data: Record<string, unknown>): string {
  return template.replace(MERGE, (_m, name: string) => {
    const v = data[name];
    return v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v);
  });
}

/** The relation paths a definition's conditions and branch conditions name (`company.industry`). */
export function relationPaths(d: WorkflowDefinition): string[] {
  const out = new Set<string>();
  const walk = (n: ConditionNode | undefined): void => {
    if (!n) return;
    if ('all' in n || 'any' in n)
      return [...((n as ConditionGroup).all ?? []), ...((n as ConditionGroup).any ?? [])].forEach(walk);
    const field = (n as { field?: unknown }).field;
    if (typeof field === 'string' && field.includes('.')) out.add(field);
  };
  walk(d.conditions);
  const actions = (list: unknown[] | undefined): void =>
    (list ?? []).forEach((a) => {
      const b = a as { type?: string; if?: ConditionGroup; then?: unknown[]; else?: unknown[] };
      if (b.type !== 'branch') return;
      walk(b.if);
      actions(b.then);
      actions(b.else);
    });
  actions(d.actions);
  return [...out];
}
