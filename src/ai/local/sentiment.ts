import vader from 'vader-sentiment';
import type { SentimentLabel } from '../types';
import { normalizeText } from './normalize';
import { domainValence } from './sentiment-cues';
import { sentencesOf } from './words';

/**
 * Sentiment, local (docs/ai.md, "Sentiment"): VADER per sentence, its compound score turned back into
 * VADER's raw valence sum, the domain cues' valence added, normalised again the way VADER does
 * (x / sqrt(x^2 + 15)); the text's score is the mean over its sentences, a negative sentence counting
 * twice. Label: >= 0.05 positive,
 * <= -0.05 negative, else neutral (VADER's own thresholds).
 */
export interface Sentiment {
  label: SentimentLabel;
  score: number;
  cues: string[];
}

/**
 * Courtesy and trade words VADER reads as praise or blame: "please", "thanks", "make sure", a "credit"
 * note, a "drop-off", "no action needed". In a business message they carry no sentiment, so they are
 * left out of the lexicon score.
 */
const COURTESY =
  /\b(?:please|thanks|thank\s+you|kindly|cheers|regards|best|dear|hi|hello|hey|make\s+sure|sure|no\s+problem|credit(?:\s+note)?|approved?|ok|okay|yes|free|drop[- ]off|drop|no\s+(?:further\s+)?(?:action|changes?)(?:\s+(?:is\s+)?(?:needed|required|planned))?|nothing\s+else\s+needed|no\s+rush|no\s+(?:damage|issues?|problems?|delays?|complaints?)|nothing\s+wrong|(?:'d|would)\s+like|want|needs?|needed|agreement|extend(?:ed|sion)?|festival|holidays?|chance)\b/gi;
/** A transcript's "Olivia:" label. */
const SPEAKER = /^\s*[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?:\s+/;
/** A capitalised word inside a sentence is a name ("Olivia Grant"): no sentiment. */
const NAMES = /(?<=\S\s+)[A-Z][a-z]+\b/g;
/** Complaints weigh more than pleasantries in a mixed message (a negativity bias, as readers have). */
const NEGATIVE_WEIGHT = 2;
const ALPHA = 15;
const THRESHOLD = 0.05;
const toRaw = (compound: number) => {
  const c = Math.max(-0.9999, Math.min(0.9999, compound));
  return c * Math.sqrt(ALPHA / (1 - c * c));
};
const toCompound = (raw: number) => raw / Math.sqrt(raw * raw + ALPHA);

export function analyzeSentiment(text: string): Sentiment {
  const sentences = normalizeText(text)
    .split('\n')
    .map((line) => line.replace(SPEAKER, ''))
    .flatMap((line) => sentencesOf(line))
    .filter((s) => /[a-z]/i.test(s));
  if (sentences.length === 0) return { label: 'neutral', score: 0, cues: [] };
  const cues: string[] = [];
  let total = 0;
  let weights = 0;
  for (const sentence of sentences) {
    const { compound } = vader.SentimentIntensityAnalyzer.polarity_scores(
      sentence.replace(COURTESY, ' ').replace(NAMES, ' '),
    );
    const domain = domainValence(sentence);
    cues.push(...domain.cues);
    const value = toCompound(toRaw(compound) + domain.valence);
    const weight = value < 0 ? NEGATIVE_WEIGHT : 1;
    total += value * weight;
    weights += weight;
  }
  const score = Math.round((total / weights) * 1000) / 1000;
  return { label: labelOf(score), score, cues };
}

export function labelOf(score: number): SentimentLabel {
  return score >= THRESHOLD ? 'positive' : score <= -THRESHOLD ? 'negative' : 'neutral';
}
