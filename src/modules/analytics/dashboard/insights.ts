import Decimal from 'decimal.js';
import type { ChurnRiskReport } from '../customers/customer.types';
import type { UtilisationReport } from '../fleet/fleet.types';
import type { ReceivablesAgeing } from '../revenue/revenue.types';
import type { WinRateReport } from '../sales/sales.types';
import type { ReportWindow } from '../shared/report-window';
import type { MoneyComparison, NumberComparison } from '../shared/report.types';
import type { Insight } from './dashboard.types';

export interface InsightInputs {
  categories: UtilisationReport;
  booked: MoneyComparison;
  ageing: ReceivablesAgeing;
  churn: ChurnRiskReport;
  winRate: WinRateReport;
  tasksOverdue: NumberComparison;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A category must move at least this many points to be worth a statement. */
const MOVE_POINTS = 5;

const lastDayOfMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** "in October 2026", "in Q4 2026", "in 2026", or "from 2026-10-01 to 2026-10-15". */
export function describeRange(w: Pick<ReportWindow, 'startDate' | 'endDate'>): string {
  const { startDate: s, endDate: e } = w;
  const month = Number(s.slice(5, 7));
  if (s.endsWith('-01') && e === lastDayOfMonth(s)) return `in ${MONTHS[month - 1]} ${s.slice(0, 4)}`;
  if (
    s.endsWith('-01') &&
    month % 3 === 1 &&
    e === lastDayOfMonth(`${s.slice(0, 5)}${String(month + 2).padStart(2, '0')}-01`)
  )
    return `in Q${(month + 2) / 3} ${s.slice(0, 4)}`;
  if (s.endsWith('-01-01') && e === `${s.slice(0, 4)}-12-31`) return `in ${s.slice(0, 4)}`;
  return `from ${s} to ${e}`;
}

const percent = (v: number | null) => `${Math.round(v ?? 0)}%`;
const money = (v: string) =>
  new Decimal(v).toNumber().toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function trend(
  current: number | string,
  previous: number | string,
  show: (v: never) => string,
): { phrase: string; tone: string } {
  const d = new Decimal(current).minus(previous);
  if (d.isZero()) return { phrase: `unchanged from the previous period`, tone: 'neutral' };
  return {
    phrase: `${d.isPositive() ? 'up' : 'down'} from ${show(previous as never)}`,
    tone: d.isPositive() ? 'positive' : 'negative',
  };
}

/**
 * Plain-language statements computed from the reports' numbers, each with the figures behind it. Only
 * what moved or needs attention is said: category utilisation that moved by MOVE_POINTS or more (the three
 * largest moves) or the busiest category, booked revenue, overdue receivables, churn risk, win rate, overdue tasks.
 */
export function insightsFrom(w: ReportWindow, n: InsightInputs): Insight[] {
  const when = describeRange(w);
  const out: Insight[] = [];
  const cats = n.categories.rows.flatMap((r) =>
    r.utilisation !== null && r.previousUtilisation !== null
      ? [{ ...r, now: r.utilisation, before: r.previousUtilisation, move: Math.abs(r.utilisationChange ?? 0) }]
      : [],
  );
  const moved = cats
    .filter((r) => r.move >= MOVE_POINTS)
    .sort((a, b) => b.move - a.move)
    .slice(0, 3);
  for (const r of moved.length ? moved : cats.slice(0, 1)) {
    const t = trend(r.now, r.before, percent);
    out.push({
      key: `utilisation:${r.key}`,
      tone: t.tone,
      text: `${r.label} ${/s$/i.test(r.label) ? 'were' : 'was'} ${percent(r.utilisation)} utilised ${when}, ${t.phrase}.`,
      figures: [
        { label: 'utilisation %', value: String(r.utilisation) },
        { label: 'previous utilisation %', value: String(r.previousUtilisation) },
        { label: 'unit-days rented', value: String(r.rentedUnitDays) },
        { label: 'unit-days available', value: String(r.availableUnitDays) },
      ],
    });
  }
  const booked = n.booked;
  if (booked.current !== '0.00' || booked.previous !== '0.00') {
    const t = trend(booked.current, booked.previous, money);
    out.push({
      key: 'revenue:booked',
      tone: t.tone,
      text: `Booked revenue was ${money(booked.current)} ${when}, ${t.phrase}${booked.changePercent !== null ? ` (${booked.changePercent > 0 ? '+' : ''}${booked.changePercent}%)` : ''}.`,
      figures: [
        { label: 'booked', value: booked.current },
        { label: 'previous booked', value: booked.previous },
        { label: 'change %', value: String(booked.changePercent ?? '') },
      ],
    });
  }
  const late = n.ageing.rows.filter((r) => r.bucket !== 'current' && r.invoices > 0);
  if (late.length) {
    const count = late.reduce((s, r) => s + r.invoices, 0);
    const worst = late[late.length - 1];
    out.push({
      key: 'receivables:overdue',
      tone: 'negative',
      text: `${plural(count, 'invoice')} ${count === 1 ? 'is' : 'are'} overdue for ${money(n.ageing.overdue)} as of ${n.ageing.asOf}; the oldest ${worst.bucket === '90+' ? 'more than 90' : worst.bucket} days.`,
      figures: [
        { label: 'overdue', value: n.ageing.overdue },
        { label: 'overdue invoices', value: String(count) },
        ...late.map((r) => ({ label: `${r.bucket} days`, value: r.amount })),
      ],
    });
  }
  if (n.churn.atRiskCustomers > 0) {
    out.push({
      key: 'customers:churn-risk',
      tone: 'negative',
      text: `${plural(n.churn.atRiskCustomers, 'customer')} worth ${money(n.churn.atRiskLifetimeValue)} in lifetime orders ${n.churn.atRiskCustomers === 1 ? 'has' : 'have'} not rented for more than ${n.churn.inactiveDays} days.`,
      figures: [
        { label: 'customers at risk', value: String(n.churn.atRiskCustomers) },
        { label: 'lifetime value at risk', value: n.churn.atRiskLifetimeValue },
        { label: 'inactive days', value: String(n.churn.inactiveDays) },
      ],
    });
  }
  const win = n.winRate.totals.winRate;
  if (win.current !== null) {
    const t =
      win.previous === null
        ? { phrase: 'with nothing closed in the previous period', tone: 'neutral' }
        : trend(win.current, win.previous, percent);
    out.push({
      key: 'sales:win-rate',
      tone: t.tone,
      text: `The win rate was ${percent(win.current)} ${when} (${plural(n.winRate.totals.won.current ?? 0, 'deal')} won), ${t.phrase}.`,
      figures: [
        { label: 'win rate %', value: String(win.current) },
        { label: 'previous win rate %', value: String(win.previous ?? '') },
        { label: 'won', value: String(n.winRate.totals.won.current) },
        { label: 'lost', value: String(n.winRate.totals.lost.current) },
      ],
    });
  }
  const overdue = n.tasksOverdue;
  const lateTasks = overdue.current ?? 0;
  if (lateTasks > 0) {
    const t = trend(lateTasks, overdue.previous ?? 0, String);
    out.push({
      key: 'tasks:overdue',
      tone: t.tone === 'positive' ? 'negative' : t.tone === 'negative' ? 'positive' : 'neutral',
      text: `${plural(lateTasks, 'task')} ${lateTasks === 1 ? 'was' : 'were'} overdue on ${w.endDate}, ${t.phrase}.`,
      figures: [
        { label: 'overdue tasks', value: String(overdue.current) },
        { label: 'previous overdue tasks', value: String(overdue.previous) },
      ],
    });
  }
  return out;
}
