import type { SentimentLabel } from '../types';
import { daysBetween } from '../local/calendar';
import { labelOf } from '../local/sentiment';

/**
 * A contact's sentiment over time (docs/ai.md, "Sentiment"): from (date, score) points of their
 * communications, the average, the recent average (the last `recentDays` before the latest point), the
 * least-squares slope per 30 days and a direction: improving or declining when the slope moves more
 * than 0.1 a month, stable otherwise; fewer than 3 points is insufficient data.
 */
export interface SentimentPoint {
  /** YYYY-MM-DD or an ISO instant (its UTC day is used). */
  date: string;
  score: number;
}

export interface SentimentTrend {
  count: number;
  average: number | null;
  recentAverage: number | null;
  label: SentimentLabel | null;
  slopePer30Days: number | null;
  direction: 'improving' | 'declining' | 'stable' | 'insufficient_data';
  latest: SentimentPoint | null;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function sentimentTrend(points: SentimentPoint[], recentDays = 30): SentimentTrend {
  const sorted = points
    .map((p) => ({ date: p.date.slice(0, 10), score: p.score }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const latest = sorted[sorted.length - 1] ?? null;
  const average = mean(sorted.map((p) => p.score));
  const recent = latest ? sorted.filter((p) => daysBetween(p.date, latest.date) < recentDays).map((p) => p.score) : [];
  const recentAverage = mean(recent);
  if (sorted.length < 3 || !latest) {
    return {
      count: sorted.length,
      average: average === null ? null : round(average),
      recentAverage: recentAverage === null ? null : round(recentAverage),
      label: recentAverage === null ? null : labelOf(recentAverage),
      slopePer30Days: null,
      direction: 'insufficient_data',
      latest,
    };
  }
  const xs = sorted.map((p) => daysBetween(sorted[0].date, p.date));
  const mx = mean(xs) ?? 0;
  const my = average ?? 0;
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : (xs.reduce((s, x, i) => s + (x - mx) * (sorted[i].score - my), 0) / sxx) * 30;
  const direction = slope > 0.1 ? 'improving' : slope < -0.1 ? 'declining' : 'stable';
  return {
    count: sorted.length,
    average: round(my),
    recentAverage: round(recentAverage ?? my),
    label: labelOf(recentAverage ?? my),
    slopePer30Days: round(slope),
    direction,
    latest,
  };
}
