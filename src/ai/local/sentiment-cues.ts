/**
 * Equipment-rental phrases a general sentiment lexicon misses (docs/ai.md, "Sentiment"). VADER scores
 * "The generator won't start and we have a pour tomorrow, this is urgent" as mildly positive: it knows
 * no breakdowns. Each cue adds a valence on VADER's scale (-4..4) to its sentence; a cue right after
 * "no", "not" or "without" ("no damage") does not count.
 */
export const SENTIMENT_CUES: Array<[RegExp, number]> = [
  [
    /\b(?:won't|wouldn't|doesn't|didn't|will\s+not|does\s+not|did\s+not|can't|cannot)\s+(?:start|run|work|move|turn\s+on|lift|charge)\b/i,
    -2.5,
  ],
  [/\b(?:not|isn't|aren't|stopped)\s+working\b/i, -2.5],
  [
    /\b(?:broke\s+down|broken|breakdown|broken\s+down|dead\s+battery|flat\s+tyre|flat\s+tire|tripped\s+the\s+breaker|overheat(?:ing|ed)?)\b/i,
    -2,
  ],
  [/\b(?:grinding|squealing|knocking|strange|weird|loud)\s+noise\b/i, -2],
  [/\b(?:leak(?:ing|s|ed)?|came\s+off|stuck|seized|bent|cracked|missing\s+\w+|flooded)\b/i, -1.5],
  [/\b(?:damaged|damage\s+charge|dent(?:ed)?)\b/i, -1.2],
  [
    /\b(?:delivered|arrived|showed\s+up)\s+(?:a\s+day\s+|\w+\s+hours?\s+)?late\b|\blate\s+delivery\b|\bno[- ]show\b|\bnever\s+(?:showed|arrived|came)\b/i,
    -2.5,
  ],
  [
    /\b(?:overcharged|double[- ]charged|charged\s+(?:us\s+)?full\s+price|billing\s+(?:error|mistake)|wrong\s+invoice|incorrect\s+(?:invoice|charge))\b/i,
    -2,
  ],
  [/\b(?:still\s+waiting|haven't\s+heard\s+back|no\s+one\s+(?:called|showed))\b/i, -2],
  [
    /\b(?:lost\s+(?:half\s+)?a\s+day|cost\s+us|second\s+time\s+this|unacceptable|unhappy|not\s+happy|complain(?:t|ed|ing)?)\b/i,
    -2.5,
  ],
  [
    /\b(?:remove|reverse|waive|dispute|refund)\s+(?:the|this|that|a|our)\s+(?:\w+\s+)?(?:charge|fee|day|invoice)\b/i,
    -2,
  ],
  [
    /\b(?:urgent(?:ly)?(?!\s+(?:rental\s+)?(?:enquir|inquir|request|matter|question|call))|emergency|asap|critical)\b/i,
    -1,
  ],
  [
    /\b(?:no\s+(?:issues|problems)|all\s+good|went\s+smoothly|on\s+time|rent\s+from\s+you\s+again|highly\s+recommend|really\s+appreciate)\b/i,
    2,
  ],
];

const NEGATED = /\b(?:no|not|without|never)\s+(?:\w+\s+)?$/i;

/** The sentence's domain valence and the phrases that gave it. */
export function domainValence(sentence: string): { valence: number; cues: string[] } {
  let valence = 0;
  const cues: string[] = [];
  for (const [pattern, weight] of SENTIMENT_CUES) {
    const m = pattern.exec(sentence);
    if (!m) continue;
    if (weight < 0 && NEGATED.test(sentence.slice(0, m.index))) continue;
    valence += weight;
    cues.push(m[0]);
  }
  return { valence, cues };
}
