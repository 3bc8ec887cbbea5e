import { escapeRegExp } from '../../lib/regexp';
import type { TaskContext } from '../types';

/**
 * Whether the record's customer is the party of a task in a text laid out as items (docs/ai.md, "Title"). A team's
 * notes filed on one customer's record often cover the yard, the shop and other accounts too ("- Ortiz wants two
 * light towers Friday" among "- wash bay pump still leaking, Dan to call the plumber"): the record's customer is the
 * customer of the whole text when a line outside its items names it (a heading, "Meeting w/ Ortiz Builders", or a
 * customer's own signature); otherwise only the items that name it are its work, and the others (training, the gate, a truck's
 * inspection, another account's call) are the team's own or someone else's.
 */

/** A line that opens an item: a bullet, a number ("1.", "2)"), a letter ("a)") or an indent under a label ("Hot:"). */
const ITEM = /^(?:\s*(?:[-•*·–—]|\d{1,2}[.)]|[a-z][.)])\s+|\s+\S)/;

/** Items it takes to read a text as a list of items. */
const MIN_ITEMS = 2;

/**
 * True when `written` is laid out as items, names the record's customer in no line outside its items (a heading, a
 * greeting, a signature), and the item that says `said` (the task's clause or sentence, the first one found) names it
 * neither: the record's customer is then no counterparty of the task.
 */
export function recordOffItem(written: string | undefined, said: string[], context: TaskContext): boolean {
  if (!written || (!context.companyName && !context.contactName)) return false;
  const lines = written.split('\n');
  const items = lines.filter((l) => ITEM.test(l));
  if (items.length < MIN_ITEMS) return false;
  const names = recordNames(context);
  const naming = (line: string) => names.some((n) => new RegExp(`\\b${n}`, 'i').test(line));
  if (lines.some((l) => !ITEM.test(l) && naming(l))) return false;
  const item = itemSaying(items, said);
  return item !== null && !naming(item);
}

/** The words a line names the record's customer by: the company's first word, the contact's first and last names. */
function recordNames(context: TaskContext): string[] {
  const company = context.companyName?.split(/\s+/)[0] ?? '';
  const contact = (context.contactName ?? '').replace(/^(?:mr|mrs|ms|dr)\.?\s+/i, '').split(/\s+/);
  return [company, ...contact]
    .map((w) => w.replace(/[^\w'-]/g, ''))
    .filter((w) => w.length > 2)
    .map(escapeRegExp);
}

/** The item that holds one of `said`, spaces read as one. */
function itemSaying(items: string[], said: string[]): string | null {
  const flat = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  for (const s of said.map(flat).filter((s) => s.length > 3)) {
    const item = items.find((l) => flat(l).includes(s));
    if (item !== undefined) return item;
  }
  return null;
}
