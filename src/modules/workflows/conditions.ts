import type { Action, Condition, ConditionGroup, ConditionNode } from './definition';

type Data = Record<string, unknown>;

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
/** Numbers, decimal strings ("1250.00") and dates compare as numbers; anything else does not compare. */
function comparable(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return null;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}
const same = (a: unknown, b: unknown) => {
  const x = comparable(a);
  const y = comparable(b);
  return x !== null && y !== null ? x === y : a === b;
};

/** `changed to`: the field has the value now and its `previous…` field (when the event has one) did not. */
function changedTo(c: Condition, data: Data): boolean {
  const previous = `previous${c.field[0].toUpperCase()}${c.field.slice(1)}`;
  return same(data[c.field], c.value) && (!(previous in data) || !same(data[previous], c.value));
}

export function holds(c: Condition, data: Data): boolean {
  const v = data[c.field];
  switch (c.op) {
    case 'equals':
      return same(v, c.value);
    case 'not_equals':
      return !same(v, c.value);
    case 'in':
      return (c.value as unknown[]).some((x) => same(v, x));
    case 'contains':
      return Array.isArray(v)
        ? v.some((x) => String(x).toLowerCase() === String(c.value).toLowerCase())
        : typeof v === 'string' && v.toLowerCase().includes(String(c.value).toLowerCase());
    case 'greater_than':
    case 'less_than': {
      const x = comparable(v);
      const y = comparable(c.value);
      if (x === null || y === null) return false;
      return c.op === 'greater_than' ? x > y : x < y;
    }
    case 'empty':
      return empty(v);
    case 'not_empty':
      return !empty(v);
    case 'changed_to':
      return changedTo(c, data);
  }
}

/** A group holds when all (or any) of its members hold; no conditions at all always holds. */
export function groupHolds(g: ConditionGroup | undefined, data: Data): boolean {
  if (!g) return true;
  const test = (n: ConditionNode) =>
    'all' in n || 'any' in n ? groupHolds(n as ConditionGroup, data) : holds(n as Condition, data);
  return g.all ? g.all.every(test) : (g.any ?? []).some(test);
}

/** The types of the actions a run on this data would do: each branch, then the side its `if` takes (simulate). */
export function actionsTaken(list: Action[], data: Data): string[] {
  return list.flatMap((a) =>
    a.type === 'branch' ? [a.type, ...actionsTaken((groupHolds(a.if, data) ? a.then : a.else) ?? [], data)] : [a.type],
  );
}
