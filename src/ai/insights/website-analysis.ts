import { escapeRegExp } from '../../lib/regexp';
import { onFirstUse } from '../../lib/on-first-use';

const compromise = onFirstUse('compromise');
const nlp = (text: string) => compromise()(text);

/**
 * What a rental business wants to know from a company's website (docs/crm.md, "Website analysis"): the
 * services it offers, the equipment it mentions, the areas it serves, and a quality 0-1 that feeds the lead
 * score's website signal (docs/ai.md). A pure function of the page: no network, no model.
 *
 * | quality part                                  | weight |
 * |-----------------------------------------------|--------|
 * | served over https                             | 0.15   |
 * | a title                                       | 0.10   |
 * | a meta description                            | 0.10   |
 * | a viewport (mobile-ready)                     | 0.10   |
 * | words of text: 300+ / 100+                    | 0.15 / 0.08 |
 * | a phone number                                | 0.15   |
 * | an email address or a contact page            | 0.05   |
 * | services or equipment named                   | 0.20   |
 */
export interface SiteAnalysis {
  title: string | null;
  summary: string | null;
  services: string[];
  equipment: string[];
  serviceAreas: string[];
  quality: number;
  words: number;
}

/** Equipment a rental yard rents out, singular; matched as words, plural or not. */
const EQUIPMENT = [
  'mini excavator',
  'excavator',
  'backhoe',
  'skid steer',
  'track loader',
  'wheel loader',
  'loader',
  'bulldozer',
  'dozer',
  'trencher',
  'boom lift',
  'scissor lift',
  'aerial lift',
  'man lift',
  'telehandler',
  'forklift',
  'crane',
  'generator',
  'light tower',
  'air compressor',
  'compressor',
  'plate compactor',
  'compactor',
  'roller',
  'concrete mixer',
  'pressure washer',
  'dump truck',
  'dump trailer',
  'water pump',
  'pump',
  'welder',
  'heater',
  'dehumidifier',
  'chiller',
  'portable toilet',
  'tent',
  'stump grinder',
  'auger',
  'jackhammer',
  'breaker',
];

/** What a business does, as a prospect of a rental yard. */
const SERVICES = [
  'equipment rental',
  'rental',
  'delivery',
  'excavation',
  'demolition',
  'paving',
  'landscaping',
  'grading',
  'hauling',
  'site preparation',
  'concrete',
  'roofing',
  'construction',
  'remodeling',
  'trenching',
  'drilling',
  'snow removal',
  'plumbing',
  'electrical',
  'hvac',
  'event',
  'tree service',
  'fencing',
  'repair',
  'maintenance',
  'installation',
  'septic',
  'utility',
  'pipeline',
  'road work',
  'foundation',
];

const matcher = (word: string) => new RegExp(`\\b${escapeRegExp(word).replace(/ /g, '[\\s-]+')}(?:s|es)?\\b`, 'i');
const EQUIPMENT_RE = EQUIPMENT.map((w) => [w, matcher(w)] as const);
const SERVICES_RE = SERVICES.map((w) => [w, matcher(w)] as const);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decode(text: string): string {
  return text
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      const lower = e.toLowerCase();
      if (ENTITIES[lower]) return ENTITIES[lower];
      const code = lower.startsWith('#x')
        ? parseInt(lower.slice(2), 16)
        : lower.startsWith('#')
          ? Number(lower.slice(1))
          : NaN;
      return Number.isInteger(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's visible text: scripts, styles, comments and tags removed. */
export function visibleText(html: string): string {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  );
}

function meta(html: string, name: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!new RegExp(`(?:name|property)\\s*=\\s*["']?${escapeRegExp(name)}["'\\s>/]`, 'i').test(tag)) continue;
    const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content ? decode(content[1] ?? content[2] ?? content[3] ?? '') : '';
    return value || null;
  }
  return null;
}

/** "Serving Austin, Round Rock and Travis County", "Service areas: ...", "We serve ...": the list after the phrase. */
const SERVING =
  /\b(?:proudly serving|serving|we serve|servicing|service areas?|areas? (?:we )?serve[sd]?)\b:?\s+([^.!?;\n]{2,240})/gi;
const LEADING = /^(?:and|or|the greater|greater|all of|all|the|in)\s+/i;

/** Names listed after a "serving" phrase: capitalised words or postal codes, "area" and "region" dropped. */
function servedIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(SERVING))
    for (const part of m[1].split(/,|\band\b|&|\//i)) {
      let name = part.trim();
      while (LEADING.test(name)) name = name.replace(LEADING, '');
      name = name.replace(/\s+(?:areas?|regions?|and surrounding.*)$/i, '').trim();
      if (/^(?:\p{Lu}[\p{L}'-]*)(?:\s+\p{Lu}[\p{L}'-]*){0,3}$|^\d{5}$/u.test(name)) found.push(name);
    }
  return found;
}

/**
 * Where the company works: the places listed after "serving"-like phrases, then the places compromise finds
 * in the text ("Texas", "Travis County"), without punctuation around them or repeats (ignoring case); 20 at most.
 */
function placesIn(text: string): string[] {
  const seen = new Map<string, string>();
  const candidates = [...servedIn(text), ...(nlp(text).places().out('array') as string[])];
  for (const raw of candidates) {
    const place = raw
      .replace(/[^\p{L}\p{N}]+$/u, '')
      .replace(/^[^\p{L}\p{N}]+/u, '')
      .trim();
    if (place.length >= 2 && place.length <= 60 && !seen.has(place.toLowerCase())) seen.set(place.toLowerCase(), place);
  }
  return [...seen.values()].slice(0, 20);
}

export function analyzeWebsite(html: string, url: string): SiteAnalysis {
  const text = visibleText(html).slice(0, 200_000);
  const title = (() => {
    const m = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
    return m ? decode(m[1]).slice(0, 200) || null : null;
  })();
  const description = meta(html, 'description') ?? meta(html, 'og:description');
  const words = text ? text.split(/\s+/).length : 0;
  const services = SERVICES_RE.filter(([, re]) => re.test(text)).map(([w]) => w);
  const equipment = EQUIPMENT_RE.filter(([, re]) => re.test(text)).map(([w]) => w);
  const sentences = nlp(text.slice(0, 5000)).sentences().out('array') as string[];
  const summary = (description ?? sentences.slice(0, 2).join(' ')).slice(0, 300) || null;
  const parts = [
    /^https:/i.test(url) ? 0.15 : 0,
    title ? 0.1 : 0,
    description ? 0.1 : 0,
    meta(html, 'viewport') ? 0.1 : 0,
    words >= 300 ? 0.15 : words >= 100 ? 0.08 : 0,
    /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/.test(text) || /href\s*=\s*["']?tel:/i.test(html) ? 0.15 : 0,
    /[\w.+-]+@[\w-]+\.[\w.-]+/.test(text) || /href\s*=\s*["']?mailto:|\bcontact us\b/i.test(html) ? 0.05 : 0,
    services.length + equipment.length > 0 ? 0.2 : 0,
  ];
  return {
    title,
    summary,
    services,
    equipment,
    serviceAreas: placesIn(text),
    quality:
      Math.round(
        Math.min(
          1,
          parts.reduce((a, b) => a + b, 0),
        ) * 100,
      ) / 100,
    words,
  };
}
