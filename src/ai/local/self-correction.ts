import { MONTH_NAME, WEEKDAY_NAME } from './calendar';

/**
 * A speaker who corrects himself (docs/ai.md, "Self-corrections"): "take the days off the 4471, no sorry, 4417",
 * "on Friday, no, Thursday", "the 17th, uh, no, the 16th", "get the Kubota, no, the Takeuchi, ready", "by Thursday,
 * no wait, they said Wednesday", "two dumpsters, no, sorry, two dump trailers", "Sunday night no actually Saturday".
 * The words he takes back are dropped when what follows the "no" starts like them: the same word, or a number, a
 * weekday or a month for another one.
 * A "no" that answers ("Did it come back? No, not yet") has nothing before it of the same kind and stays.
 */
const TAKE_BACK = '(?:sorry|wait|actually|I mean|scratch that)';
const CORRECTION = new RegExp(
  `(?:,\\s+(?:(?:uh|um|er),\\s+)?no(?:,?\\s+${TAKE_BACK})?,|\\s+no,?\\s+${TAKE_BACK},?)\\s+(?:(?:he|she|they|I)\\s+(?:said|meant|mean)\\s+)?`,
  'gi',
);
const NUMBER = /^(?:#?\d[\d,./-]*(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)$/i;
const SHAPES = [WEEKDAY_NAME, MONTH_NAME, NUMBER];

const alike = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase() || SHAPES.some((shape) => shape.test(a) && shape.test(b));

/** The text with each taken-back phrase (at most four words before the "no") removed. */
export function withoutSelfCorrections(text: string): string {
  let out = text;
  for (let m = CORRECTION.exec(out); m; m = CORRECTION.exec(out)) {
    const end = m.index + m[0].length;
    const next = /^[#\w'-]+/.exec(out.slice(end))?.[0];
    const taken = next
      ? [...out.slice(0, m.index).matchAll(/[#\w'-]+/g)]
          .slice(-4)
          .reverse()
          .find((w) => alike(w[0], next))
      : undefined;
    if (taken?.index === undefined) continue;
    out = out.slice(0, taken.index) + out.slice(end);
    CORRECTION.lastIndex = taken.index;
  }
  CORRECTION.lastIndex = 0;
  return out;
}
