/**
 * Times of today said by what happens in the day rather than by the clock (docs/ai.md, "Local provider rules"):
 * "before dark", "by sundown", "before it gets dark", "after the morning runs", "once the morning deliveries are
 * done". chrono-node reads none of them; each is today's unless a day is said with it ("Friday, before dark",
 * "before dark tomorrow"), which chrono reads as that day.
 */

/** A day named just before or just after: the phrase is then that day's hour, not today's. */
const DAY_BEFORE =
  '(?<!(?:day|tomorrow|tmrw|\\b(?:mon|tues?|wed|weds|thu|thur|thurs|fri|sat|sun)|\\d(?:st|nd|rd|th)?),?\\s)';
const DAY_AFTER = '(?!,?\\s+(?:on\\s+)?(?:tomorrow|tmrw|mon|tue|wed|thu|fri|sat|sun|the\\s+\\d|next\\b))';

/** Nightfall: "before dark", "by nightfall", "before it gets dark", "before the sun goes down". */
const NIGHTFALL =
  '(?:before|by|until|till)\\s+(?:dark|dusk|sundown|sunset|nightfall|it\\s+gets\\s+dark|the\\s+sun\\s+(?:goes\\s+down|sets))';
/** The day's first rounds done: "after the morning runs", "once my morning deliveries are done", "after the first run". */
const ROUNDS_DONE =
  '(?:after|once|when)\\s+(?:the|my|our|his|her)\\s+(?:morning|first|early)\\s+(?:runs?|deliver(?:y|ies)|drops?|rounds?|route)(?:\\s+(?:are|is)\\s+(?:done|finished|over))?';

/** The phrases, as one pattern for chrono's custom parsers (its extract gives the reference day). */
export const TODAY_BY_DAYLIGHT = new RegExp(`\\b${DAY_BEFORE}(?:${NIGHTFALL}|${ROUNDS_DONE})\\b${DAY_AFTER}`, 'i');

/** "before dark tomorrow": text ending in nightfall's words, before the day they belong to (not the day before it). */
export const NIGHTFALL_BEFORE = new RegExp(`\\b${NIGHTFALL}\\s*,?\\s*$`, 'i');
