import type { Parser, ParsingContext } from 'chrono-node';
import { once, onFirstUse } from '../../lib/on-first-use';
import { addDays, dayOf, fridayOf, MONTHS, weekdayOf } from './calendar';
import { TODAY_BY_DAYLIGHT } from './daylight';

/**
 * The date phrasings chrono-node gets wrong or does not know, read before its own parsers (docs/ai.md, "Due
 * dates"): "end of day", "ASAP", "end of the week", "the 28th", "before Monday", a weekday named on that same
 * weekday, hours in words, working days. chrono reads the reference instant's wall clock in the organization's
 * timezone given as UTC, so every component a rule returns is a local calendar component.
 */

const refDay = (context: ParsingContext): string => context.refDate.toISOString().slice(0, 10);
const components = (day: string) => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
  day: Number(day.slice(8, 10)),
});
const lastOfMonth = (day: string) => addDays(dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + 1, 1), -1);

const TODAY_WORDS =
  /\b(?:(?<!(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s)(?:(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|business(?:\s+day)?)|eod|cob|close\s+of\s+business)(?!,?\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|the\s+\d|\d{1,2}\/\d{1,2}\b))|asap|at\s+the\s+earliest|as\s+soon\s+as\s+(?:possible|you\s+(?:can|see\s+this|get\s+this))|right\s+away|immediately|straight\s+away|right\s+now|this\s+morning|later\s+today|(?<!(?:mon|tues|wednes|thurs|fri|satur|sun)day\s|tomorrow\s)first\s+thing(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|next|in\s+the|after))|in\s+(?:an|one|two|three|a\s+couple\s+of|\d+)\s+hours?|in\s+a\s+(?:little\s+)?(?:bit|sec|second|minute|few\s+minutes)|(?:within|inside(?:\s+of)?)\s+(?:the|an)\s+hour|on\s+(?:your|my|the)\s+way\s+back(?!\s+(?:from\s+\S+\s+)?(?:tomorrow|on\s+\w+day|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun)\b)|before\s+you\s+leave|(?<!(?:tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s)(?:before|by|after)\s+lunch(?:time)?(?!\s+(?:tomorrow|(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)))|(?:by\s+)?close\s+of\s+play|(?:before|by)\s+(?:we\s+close|close|closing(?:\s+time)?|the\s+(?:yard|shop|counter|office|branch|depot)\s+closes)|(?:the\s+)?end\s+of\s+(?:my\s+|the\s+|your\s+|his\s+|her\s+)?shift|(?:by|at|before)\s+(?:[01]\d[0-5]\d|2[0-3][0-5]\d\s*(?:hrs?|hours|h))|(?<!(?:from|for|until|till)\s)now(?!\s+on\b))\b/i;

/** "by eleven", "at two o'clock", "by 5." : an hour in words or a bare number, today's (chrono reads neither). */
export const HOUR_WORDS =
  /\b(?:by|at|before|around)\s+(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?:\s+o'clock)?(?=\s*(?:[ap]\.?m\b|[.,;!?]|$|(?:at\s+the\s+)?latest\b))|(?:[1-9]|1[0-2])(?=\s*(?:[.,;!?]|$|(?:at\s+the\s+)?latest\b)))/i;

const HOUR_AFTER_NO_DAY = new RegExp(
  `(?<!(?:day|\\b(?:mon|tues?|wed|weds|thur|thurs|thu|fri|sat|sun)|tomorrow|tmrw|\\d(?:st|nd|rd|th)?),?\\s+)${HOUR_WORDS.source}(?!\\s*(?:[ap]\\.?m\\.?\\s+)?(?:on\\s+)?(?:tomorrow|mon|tue|wed|thu|fri|sat|sun))`,
  'i',
);

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];
export const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()));
export const nextWeekday = (day: string, weekday: number) => addDays(day, (weekday - weekdayOf(day) + 7) % 7 || 7);

/** The `n`th day of the month on or after `today` (the next month's when this month's has passed). */
function nextDayOfMonth(today: string, n: number): string | null {
  if (n < 1 || n > 31) return null;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const thisMonth = dayOf(year, month, n);
  return thisMonth >= today && Number(thisMonth.slice(8, 10)) === n ? thisMonth : dayOf(year, month + 1, n);
}

/** `n` working days after `day` (Saturday and Sunday skipped). */
function addWorkingDays(day: string, n: number): string {
  let out = day;
  for (let left = n; left > 0;) {
    out = addDays(out, 1);
    if (weekdayOf(out) % 6 !== 0) left--;
  }
  return out;
}

/** The phrasings chrono gets wrong or does not know, read before its own parsers. */
const RULES: Parser[] = [
  // "Wednesday at 9.": the hour of a day said just before is chrono's to read with that day.
  { pattern: () => HOUR_AFTER_NO_DAY, extract: (context) => components(refDay(context)) },
  { pattern: () => TODAY_WORDS, extract: (context) => components(refDay(context)) },
  // "before dark", "after the morning runs": today's, by what happens in the day.
  { pattern: () => TODAY_BY_DAYLIGHT, extract: (context) => components(refDay(context)) },
  {
    // "the day after tomorrow": chrono alone reads "tomorrow".
    pattern: () => /\b(?:the\s+)?day\s+after\s+tomorrow\b/i,
    extract: (context) => components(addDays(refDay(context), 2)),
  },
  {
    // "after the weekend", "first thing after the weekend": the Monday after it (chrono reads its Saturday).
    pattern: () => /\b(?:first\s+thing\s+)?after\s+(?:the|this)\s+weekend\b/i,
    extract: (context) => components(nextWeekday(refDay(context), 1)),
  },
  {
    // "within 2 business days", "in three working days": weekends skipped.
    pattern: () =>
      /\b(?:in|within)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:business|working|work)\s+days?\b/i,
    extract: (context, match) => components(addWorkingDays(refDay(context), countOf(match[1]))),
  },
  {
    // "Friday week", "a week Friday", "a week on Monday": that weekday a week after its next one.
    pattern: () =>
      /\b(?:(mon|tues|wednes|thurs|fri|satur|sun)day\s+week\b(?!\s*\d)|a\s+week\s+(?:on\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day\b)/i,
    extract: (context, match) =>
      components(
        addDays(nextWeekday(refDay(context), WEEKDAYS.indexOf((match[1] ?? match[2]).slice(0, 3).toLowerCase())), 7),
      ),
  },
  {
    // "by the start of the week", "beginning of the week": the coming Monday.
    pattern: () => /\b(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+)?week\b/i,
    extract: (context) => components(nextWeekday(refDay(context), 1)),
  },
  {
    // "in the coming days": like "in the next few days", three days on.
    // "in the next days", as non-native writers put "in the next few days".
    pattern: () => /\b(?:(?:in|over)\s+the\s+coming\s+days|in\s+the\s+next\s+days)\b/i,
    extract: (context) => components(addDays(refDay(context), 3)),
  },
  {
    // "by 15.03.", "until 3.4.2027": day.month as non-native writers from Europe put it.
    pattern: () => /(?<=\b(?:by|on|until|till|before|due|latest)\s+(?:the\s+)?)(\d{1,2})\.(\d{1,2})\.(?:(\d{4})\b)?/i,
    extract: (context, match) => {
      const [d, m] = [Number(match[1]), Number(match[2])];
      if (d < 1 || d > 31 || m < 1 || m > 12) return null;
      const today = refDay(context);
      const year = Number(match[3] ?? today.slice(0, 4));
      const day = dayOf(year, m, d);
      return components(match[3] || day >= today ? day : dayOf(year + 1, m, d));
    },
  },
  {
    pattern: () => /\b(?:the\s+)?end\s+of\s+(?:the\s+)?next\s+week\b/i,
    extract: (context) => components(addDays(fridayOf(refDay(context)), 7)),
  },
  {
    pattern: () =>
      /\b(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:working\s+|work\s+)?week|eow|(?:later\s+)?this\s+week|later\s+in\s+the\s+week|within\s+the\s+week|(?<=\b(?:by|before|until|at|for)\s+(?:the\s+)?)week[- ]end)\b/i,
    extract: (context) => components(fridayOf(refDay(context))),
  },
  {
    // "by the end of the month", "month end": its last day.
    pattern: () =>
      /\b(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month|month[- ]end|eom|(?:some\s*time|any\s*time|later)\s+this\s+month|within\s+the\s+month|month's\s+end)\b/i,
    extract: (context) => components(lastOfMonth(refDay(context))),
  },
  {
    // "next month", "early next month", "by the first of next month", "the 1st of the month": its first day.
    pattern: () =>
      /\b(?:(?:early|beginning\s+of)\s+next\s+month|(?<!end\s+of\s+)next\s+month|the\s+(?:1st|first)\s+of\s+(?:next|the)\s+month)\b/i,
    extract: (context) => {
      const day = refDay(context);
      return components(dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + 1, 1));
    },
  },
  {
    // "by the end of the quarter", "quarter end": the quarter's last day.
    pattern: () => /\b(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?quarter|quarter[- ]end|eoq)\b/i,
    extract: (context) => {
      const day = refDay(context);
      const month = Math.ceil(Number(day.slice(5, 7)) / 3) * 3;
      return components(dayOf(Number(day.slice(0, 4)), month + 1, 0));
    },
  },
  {
    // "the first week of April": its first day; "mid next week" its Wednesday; "mid-month" the 15th.
    pattern: () => new RegExp(`\\b(?:the\\s+)?first\\s+week\\s+of\\s+(${MONTHS})[a-z]*\\b`, 'i'),
    extract: (context, match) => {
      const day = refDay(context);
      const month = MONTHS.split('|').indexOf(match[1].slice(0, 3).toLowerCase()) + 1;
      const year = Number(day.slice(0, 4)) + (month < Number(day.slice(5, 7)) ? 1 : 0);
      return components(dayOf(year, month, 1));
    },
  },
  {
    // "by midweek": this week's Wednesday, next week's once it has come.
    pattern: () => /\bmid[- ]?week\b/i,
    extract: (context) => {
      const weekday = weekdayOf(refDay(context));
      return components(addDays(refDay(context), weekday < 3 ? 3 - weekday : 10 - weekday));
    },
  },
  {
    // "first thing in the morning", "by morning" said after noon: the next morning (before noon, this one).
    pattern: () =>
      /(?<!(?:day|tomorrow|tonight),?\s+)\b(?:first\s+thing\s+in\s+the\s+morning|(?:by|in)\s+the\s+morning|by\s+morning)\b/i,
    extract: (context) => components(addDays(refDay(context), context.refDate.getUTCHours() >= 12 ? 1 : 0)),
  },
  {
    pattern: () => /\bmid[- ]next[- ]week\b/i,
    extract: (context) => components(addDays(refDay(context), ((8 - weekdayOf(refDay(context))) % 7 || 7) + 2)),
  },
  {
    pattern: () => /\bmid[- ](?:the\s+)?month\b/i,
    extract: (context) => {
      const day = refDay(context);
      const mid = dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 15);
      return components(mid >= day ? mid : dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + 1, 15));
    },
  },
  {
    // "anytime in the next month", "within a month": the same day a month on.
    pattern: () => /\b(?:(?:with)?in\s+(?:the\s+next|a)\s+month|a\s+month\s+from\s+now)\b/i,
    extract: (context) => {
      const day = refDay(context);
      return components(dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + 1, Number(day.slice(8, 10))));
    },
  },
  {
    // "by year end", "before the end of the year": 31 December.
    pattern: () => /\b(?:(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?year|year[- ]end|eoy)\b/i,
    extract: (context) => components(`${refDay(context).slice(0, 4)}-12-31`),
  },
  {
    // "the week after next": its Monday; "this time next week", "a week from today": seven days on.
    pattern: () => /\b(?:the\s+)?week\s+after\s+next\b/i,
    extract: (context) => components(addDays(refDay(context), ((8 - weekdayOf(refDay(context))) % 7 || 7) + 7)),
  },
  {
    pattern: () => /\b(?:this\s+time\s+next\s+week|a\s+week\s+from\s+(?:today|now))\b/i,
    extract: (context) => components(addDays(refDay(context), 7)),
  },
  {
    // "within the next week", "over the next week": seven days on (not next week's Monday).
    pattern: () => /\b(?:(?:with)?in|over)\s+the\s+next\s+week\b/i,
    extract: (context) => components(addDays(refDay(context), 7)),
  },
  {
    // "next week", "early next week": its Monday (chrono alone says a week from today); "first of the week", "start of
    // the week" too, the coming week's Monday.
    pattern: () => /\b(?:(?:early\s+)?next\s+week|(?:first|start|beginning)\s+of\s+the\s+week)\b/i,
    extract: (context) => components(addDays(refDay(context), (8 - weekdayOf(refDay(context))) % 7 || 7)),
  },
  {
    // "in a fortnight", "within a fortnight": fourteen days on.
    pattern: () => /\b(?:in|within)\s+a\s+fortnight\b/i,
    extract: (context) => components(addDays(refDay(context), 14)),
  },
  {
    // "two weeks from Monday", "a week from Friday": that many weeks after the next such day.
    pattern: () =>
      /\b(a|one|two|three|four|\d)\s+weeks?\s+from\s+(?:this\s+|next\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day\b/i,
    extract: (context, match) =>
      components(
        addDays(
          nextWeekday(refDay(context), WEEKDAYS.indexOf(match[2].slice(0, 3).toLowerCase())),
          7 * (/^(?:a|one)$/i.test(match[1]) ? 1 : countOf(match[1])),
        ),
      ),
  },
  {
    // "the next business day", "next working day": weekends skipped.
    pattern: () => /\b(?:the\s+)?next\s+(?:business|working|work)\s+day\b/i,
    extract: (context) => components(addWorkingDays(refDay(context), 1)),
  },
  {
    // "by Thanksgiving": the fourth Thursday of November (this year's, or next year's once it has passed).
    pattern: () => /(?<=\b(?:by|before|until|till|for|on|over|prior\s+to|ahead\s+of)\s+)thanksgiving\b/i,
    extract: (context) => {
      const today = refDay(context);
      const year = Number(today.slice(0, 4));
      const of = (y: number) => addDays(dayOf(y, 11, 1), ((4 - weekdayOf(dayOf(y, 11, 1)) + 7) % 7) + 21);
      return components(of(year) >= today ? of(year) : of(year + 1));
    },
  },
  {
    // "before Christmas", "by Christmas Eve", "by New Year's", "before Halloween": chrono knows no holidays.
    pattern: () =>
      /(?<=\b(?:by|before|until|till|for|on|after|over|prior\s+to|ahead\s+of|around)\s+)(christmas|xmas|new\s+year'?s|hallowe'?en)(\s+eve|\s+day)?\b/i,
    extract: (context, match) => {
      const today = refDay(context);
      const newYear = /^new/i.test(match[1]);
      const eve = /eve/i.test(match[2] ?? '');
      const year = Number(today.slice(0, 4));
      const day = /^hallo/i.test(match[1])
        ? `${year}-10-31`
        : newYear
          ? eve
            ? `${year}-12-31`
            : dayOf(year + 1, 1, 1)
          : `${year}-12-${eve ? 24 : 25}`;
      return components(day >= today ? day : `${year + 1}${day.slice(4)}`);
    },
  },
  {
    // "by mid-March", "mid April": the 15th of that month.
    pattern: () => new RegExp(`\\bmid[- ]?(${MONTHS})[a-z]*\\b`, 'i'),
    extract: (context, match) => {
      const day = refDay(context);
      const month = MONTHS.split('|').indexOf(match[1].slice(0, 3).toLowerCase()) + 1;
      const year = Number(day.slice(0, 4)) + (month < Number(day.slice(5, 7)) ? 1 : 0);
      return components(dayOf(year, month, 15));
    },
  },
  {
    // "by end of Q1", "Q3 end": the quarter's last day (next year's once it has passed).
    pattern: () => /\b(?:(?:the\s+)?end\s+of\s+q([1-4])|q([1-4])[- ]end)\b/i,
    extract: (context, match) => {
      const day = refDay(context);
      const quarter = Number(match[1] ?? match[2]);
      const year = Number(day.slice(0, 4));
      const end = dayOf(year, quarter * 3 + 1, 0);
      return components(end >= day ? end : dayOf(year + 1, quarter * 3 + 1, 0));
    },
  },
  {
    // "the 28th": the next 28th on or after the reference day (chrono alone finds nothing).
    pattern: () => new RegExp(`\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?(?:${MONTHS}))`, 'i'),
    extract: (context, match) => {
      const day = nextDayOfMonth(refDay(context), Number(match[1]));
      return day ? components(day) : null;
    },
  },
  {
    // "by 25th", "paid on 2nd itself", "close the month on 25th": a day of the month in digits with no "the", after a
    // preposition of time, as clipped or non-native writers put it ("on 5th floor", "for 2nd time" are no days).
    pattern: () =>
      /(?<=\b(?:by|on|before|until|till|due|latest|from|after)\s+)(\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:[.,;!?)]|$|(?:itself|so|and|or|at|latest|morning|afternoon|evening|noon|please|if|because|as|then|since|we|i)\b))/i,
    extract: (context, match) => {
      const day = nextDayOfMonth(refDay(context), Number(match[1]));
      return day ? components(day) : null;
    },
  },
  {
    // "by the first", "on the fifteenth", "the first of the month": a day of the month in words, after a
    // preposition of time or before "of the month" ("the first one" is no date).
    pattern: () =>
      new RegExp(
        `(?:(?<=\\b(?:by|on|before|until|till|due|is|was|it's)\\s+)the\\s+(${ORDINAL_WORDS.join('|')})(?=\\s*(?:[.,;!?)]|$|at\\b|latest\\b|or\\b|and\\b))|\\b(?:the\\s+)?(${ORDINAL_WORDS.join('|')})\\s+of\\s+(?:the|this)\\s+month\\b)`,
        'i',
      ),
    extract: (context, match) => {
      const day = nextDayOfMonth(refDay(context), ORDINAL_WORDS.indexOf((match[1] ?? match[2]).toLowerCase()) + 1);
      return day ? components(day) : null;
    },
  },
];

/** chrono's casual parser with RULES first, made on the first date read (chrono-node loads then). */
export const parser = once(() => {
  const casual = onFirstUse('chrono-node')().casual.clone();
  casual.parsers.unshift(...RULES);
  return casual;
});
