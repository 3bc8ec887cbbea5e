import { escapeRegExp } from '../../lib/regexp';
/**
 * Lead scoring 0-7 (docs/ai.md, "Lead scoring"): the spec's five signals, each worth points from the
 * table below; the sum is capped at 7 and banded 6-7 hot, 4-5 warm, 2-3 cold, 0-1 poor fit.
 *
 * | signal                | points                                                              |
 * |-----------------------|---------------------------------------------------------------------|
 * | business rating       | >= 4.5: 2, >= 4.0: 1, else 0                                          |
 * | review count          | >= 100: 2, >= 25: 1, else 0                                           |
 * | website quality       | quality >= 0.7: 2, >= 0.4: 1 (no quality given: a valid URL: 1), else 0 |
 * | contact completeness  | 3 or 4 of phone, email, address, contact name: 1, else 0              |
 * | business keywords     | 2+ of the organization's target keywords: 2, one: 1, else 0          |
 */
export interface LeadSignals {
  /** Places-directory rating, 0-5. */
  rating?: number | null;
  reviewCount?: number | null;
  website?: string | null;
  /** 0..1 from a website analysis, when one ran. */
  websiteQuality?: number | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  contactName?: string | null;
  /** Business name, categories, description: where target keywords are looked for. */
  businessText?: string | null;
}

export type LeadBand = 'hot' | 'warm' | 'cold' | 'poor_fit';
export type LeadSignal = 'rating' | 'reviews' | 'website' | 'contact' | 'keywords';

export interface LeadScore {
  score: number;
  band: LeadBand;
  signals: Array<{ signal: LeadSignal; points: number; max: number; reason: string }>;
}

export const MAX_LEAD_SCORE = 7;

export function scoreLead(lead: LeadSignals, targetKeywords: string[]): LeadScore {
  const signals = [rating(lead), reviews(lead), website(lead), contact(lead), keywords(lead, targetKeywords)];
  const score = Math.min(
    MAX_LEAD_SCORE,
    signals.reduce((sum, s) => sum + s.points, 0),
  );
  return { score, band: bandOf(score), signals };
}

export function bandOf(score: number): LeadBand {
  return score >= 6 ? 'hot' : score >= 4 ? 'warm' : score >= 2 ? 'cold' : 'poor_fit';
}

function rating({ rating: r }: LeadSignals) {
  const points = r == null ? 0 : r >= 4.5 ? 2 : r >= 4 ? 1 : 0;
  return { signal: 'rating' as const, points, max: 2, reason: r == null ? 'no rating' : `rated ${r}` };
}

function reviews({ reviewCount: n }: LeadSignals) {
  const points = n == null ? 0 : n >= 100 ? 2 : n >= 25 ? 1 : 0;
  return { signal: 'reviews' as const, points, max: 2, reason: n == null ? 'no review count' : `${n} reviews` };
}

function website({ website: url, websiteQuality: q }: LeadSignals) {
  if (q != null) {
    const points = q >= 0.7 ? 2 : q >= 0.4 ? 1 : 0;
    return { signal: 'website' as const, points, max: 2, reason: `website quality ${q}` };
  }
  const valid = !!url && /^(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+/i.test(url.trim());
  return {
    signal: 'website' as const,
    points: valid ? 1 : 0,
    max: 2,
    reason: valid ? 'has a website (not analysed)' : 'no website',
  };
}

function contact(lead: LeadSignals) {
  const fields = (['phone', 'email', 'address', 'contactName'] as const).filter((f) => (lead[f] ?? '').trim() !== '');
  return {
    signal: 'contact' as const,
    points: fields.length >= 3 ? 1 : 0,
    max: 1,
    reason: `${fields.length} of 4 contact fields (${fields.join(', ') || 'none'})`,
  };
}

function keywords({ businessText }: LeadSignals, targets: string[]) {
  if (targets.length === 0) return { signal: 'keywords' as const, points: 0, max: 2, reason: 'no target keywords set' };
  const text = (businessText ?? '').toLowerCase();
  const found = [...new Set(targets.map((k) => k.trim().toLowerCase()).filter(Boolean))].filter((k) =>
    new RegExp(`\\b${escapeRegExp(k)}(?:s|es)?\\b`).test(text),
  );
  return {
    signal: 'keywords' as const,
    points: Math.min(2, found.length),
    max: 2,
    reason: found.length ? `matches ${found.join(', ')}` : 'no target keyword found',
  };
}
