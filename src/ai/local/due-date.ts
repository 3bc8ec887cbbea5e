import type { ParsedResult, Parser, ParsingContext } from 'chrono-node';
import { once, onFirstUse } from '../../lib/on-first-use';
import { addDays, dayOf, daysBetween, fridayOf, LocalMoment, MONTHS, WEEKDAY_NAME, weekdayOf } from './calendar';
import { NIGHTFALL_BEFORE, TODAY_BY_DAYLIGHT } from './daylight';
import { EXTENDED_TO } from './rental-end';
import { hasFiniteVerb, infinitive, tagsOf, verbForms } from './words';

const lastOfMonth = (day: string) => addDays(dayOf(Number(day.slice(0, 4)), Number(day.slice(5, 7)) + 1, 1), -1);

/**
 * Due dates from date phrases (docs/ai.md, "Due dates"). chrono-node parses the phrases against the
 * reference instant's wall clock in the organization's timezone (given to chrono as UTC, so every
 * component it returns is already a local calendar component); the rules here wrap it for the phrasings
 * it gets wrong or does not know: "end of day", "ASAP", "end of the week", "the 28th", "before Monday",
 * a weekday named on that same weekday, and dates that are not deadlines ("starting June 15").
 */
export interface DateMention {
  day: string;
  /** The words of the text that gave it. */
  phrase: string;
  /** Introduced by by / before / due / no later than: preferred over a bare date. */
  deadline: boolean;
  /** Only a time of day ("at 2pm"): the reference day. */
  timeOnly?: boolean;
  /** Said before the action ("tomorrow I'm gonna swing by and check ..."): every action after it shares it. */
  leading?: boolean;
}

const refDay = (context: ParsingContext): string => context.refDate.toISOString().slice(0, 10);
const components = (day: string) => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
  day: Number(day.slice(8, 10)),
});

const TODAY_WORDS =
  /\b(?:(?<!(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s)(?:(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|business(?:\s+day)?)|eod|cob|close\s+of\s+business)(?!,?\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|the\s+\d|\d{1,2}\/\d{1,2}\b))|asap|at\s+the\s+earliest|as\s+soon\s+as\s+(?:possible|you\s+(?:can|see\s+this|get\s+this))|right\s+away|immediately|straight\s+away|right\s+now|this\s+morning|later\s+today|(?<!(?:mon|tues|wednes|thurs|fri|satur|sun)day\s|tomorrow\s)first\s+thing(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|tomorrow|next|in\s+the|after))|in\s+(?:an|one|two|three|a\s+couple\s+of|\d+)\s+hours?|in\s+a\s+(?:little\s+)?(?:bit|sec|second|minute|few\s+minutes)|(?:within|inside(?:\s+of)?)\s+(?:the|an)\s+hour|on\s+(?:your|my|the)\s+way\s+back(?!\s+(?:from\s+\S+\s+)?(?:tomorrow|on\s+\w+day|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun)\b)|before\s+you\s+leave|(?<!(?:tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s)(?:before|by|after)\s+lunch(?:time)?(?!\s+(?:tomorrow|(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)))|(?:by\s+)?close\s+of\s+play|(?:before|by)\s+(?:we\s+close|close|closing(?:\s+time)?|the\s+(?:yard|shop|counter|office|branch|depot)\s+closes)|(?:the\s+)?end\s+of\s+(?:my\s+|the\s+|your\s+|his\s+|her\s+)?shift|(?:by|at|before)\s+(?:[01]\d[0-5]\d|2[0-3][0-5]\d\s*(?:hrs?|hours|h))|(?<!(?:from|for|until|till)\s)now(?!\s+on\b))\b/i;

/** "by eleven", "at two o'clock", "by 5." : an hour in words or a bare number, today's (chrono reads neither). */
const HOUR_WORDS =
  /\b(?:by|at|before|around)\s+(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?:\s+o'clock)?(?=\s*(?:[ap]\.?m\b|[.,;!?]|$|(?:at\s+the\s+)?latest\b))|(?:[1-9]|1[0-2])(?=\s*(?:[.,;!?]|$|(?:at\s+the\s+)?latest\b)))/i;

const HOUR_AFTER_NO_DAY = new RegExp(
  `(?<!(?:day|\\b(?:mon|tues?|wed|weds|thur|thurs|thu|fri|sat|sun)|tomorrow|tmrw|\\d(?:st|nd|rd|th)?),?\\s+)${HOUR_WORDS.source}(?!\\s*(?:[ap]\\.?m\\.?\\s+)?(?:on\\s+)?(?:tomorrow|mon|tue|wed|thu|fri|sat|sun))`,
  'i',
);

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
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
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()));
const nextWeekday = (day: string, weekday: number) => addDays(day, (weekday - weekdayOf(day) + 7) % 7 || 7);

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
const parser = once(() => {
  const casual = onFirstUse('chrono-node')().casual.clone();
  casual.parsers.unshift(...RULES);
  return casual;
});

/** Words just before a date that make it something other than a deadline: a rental period, a past day. */
export const NOT_DEADLINE =
  /\b(?:starting|start|starts|from|beginning|begins|since|instead\s+of|through|thru|until|till|til|week\s+of|last|ended|ends|ending|dated)\s+(?:on\s+)?(?:the\s+)?$/i;
/**
 * "schedule the delivery for the first of April", "the holiday party on the 18th", "the fall festival which is on the
 * 31st": an event's own date (a relative clause's "which is on" gives any noun's).
 */
const DOES_THE_WORK =
  /\b(?:do|doing|carry\s+out|perform|complete|finish|run|hold)\s+(?:the\s+|their\s+|our\s+|all\s+(?:the\s+)?)?(?:\w+\s+)?\w+\s*$/i;
export const EVENT_DATE =
  /\b(?:(?:delivery|pickup|pick-up)\s+(?:slot|window|date)s?|deliver(?:y|ies)|pick-?ups?|bookings?|reservations?|lighting|part(?:y|ies)|appointments?|visits?|meetings?|events?|weddings?|inspections?|demos?|shows?|festivals?|galas?|pours?|walk-?throughs?|walk\s+throughs?|(?:site|job)\s+walks?|trainings?|audits?|shutdowns?|installations?|orientations?|kick-?offs?|open\s+house|auctions?|markets?|fairs?|concerts?|ceremon(?:y|ies)|conferences?)\s+(?:(?:which|that)\s+)?(?:is\s+|are\s+)?(?:for|on)\s+(?:the\s+)?$|\b(?:which|that)(?:\s+is|\s+are|'s)\s+on\s+(?:the\s+)?$/i;
/**
 * "Luis will schedule the delivery for the first of April": booking the event for a day is due that day, as "book
 * the vac truck for Friday" is (a period, "from the 3rd to the 10th", "for the week after next", stays the event's).
 */
const SCHEDULED_FOR =
  /\b(?:schedul(?:e|es|ing)|book(?:s|ing)?|set(?:ting)?\s+up|line\s+up)\s+(?:the|their|our|a|an|his|her)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+for\s+(?:the\s+)?$/i;
/** "take the trash pump to the Dunn pour on Friday": a thing taken to the event, on its day. */
const TAKEN_TO =
  /\bto\s+(?:the|their|our|his|her)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+\s+(?:is\s+)?(?:for|on)\s+(?:the\s+)?$/i;
/**
 * "the Dunn walkthrough got moved to Tuesday", "our pour got pushed to thurs", "Harmon wants the Thursday pickup moved
 * to Friday": an event's new day, told (a passive or a want, not "push the delivery to Friday", which asks for it).
 */
const MOVED_TO =
  /\b(?:(?:got|gets|was|were|is|are|'s|'re|been|being)\s+(?:just\s+|now\s+|all\s+)?|(?:wants?|wanted|asked\s+for|asking\s+for|would\s+like)\s+(?:\S+\s+){1,5}?)(?:moved|pushed|bumped|rescheduled|switched|changed|shifted|postponed|delayed)\s+(?:back\s+|out\s+|up\s+)?(?:to|till|until|til|for)\s+(?:the\s+|next\s+)?$/i;
const DEADLINE =
  /\b(?:by|before|prior\s+to|ahead\s+of|due:?|no\s+later\s+than|deadline:?)\s+(?:the\s+)?(?:(?:end\s+of\s+(?:(?:the\s+)?(?:day|business(?:\s+day)?)\s+)?|(?:cob|eod|close\s+of\s+(?:business|play))\s+)(?:on\s+)?)?$/i;
/**
 * "I must prepare the offer until 20.04.", "please decide until Monday": as writers of German, Polish or
 * Spanish put "by" (their "bis", "do", "hasta"), when the nearest verb before it is an action done once, not a
 * state that lasts ("keep it until Friday", "delayed till Thursday", "closed until Monday").
 */
const UNTIL = /\b(?:until|till|til)\s+(?:the\s+)?$/i;
const ONCE_VERB =
  /^(?:prepare|send|decide|finish|confirm|pay|call|answer|make|do|fix|repair|check|return|submit|sign|give|tell|write|quote|order|book|deliver|approve|complete|correct|update|bring|reply|inform|pick|clean|change|organi[sz]e|transfer|wire|arrange|find|ask|offer|hold)$/i;
const LASTING_VERB =
  /^(?:keep|rent|stay|extend|leave|park|store|delay|delayed|close|closed|open|wait|need|use|have|run|work|last|remain|be|is|are|rented|kept|held|booked|reserved|out)$/i;
function untilAsBy(before: string): boolean {
  if (!UNTIL.test(before)) return false;
  const words = before
    .replace(UNTIL, '')
    .split(/[^A-Za-z']+/)
    .filter(Boolean)
    .slice(-8)
    .reverse();
  for (const word of words) {
    if (ONCE_VERB.test(word)) return true;
    if (LASTING_VERB.test(word)) return false;
  }
  return false;
}
/** "before X ... on the 10th", "before it goes out Monday": the deadline is the day before that date. */
const BEFORE_EVENT = /\b(?:before|prior\s+to|ahead\s+of)\b[^,.;!?]{0,60}$/i;
/** "before close of business Thursday", "on or before March 5": that day itself. */
const THAT_DAY =
  /\b(?:on\s+or\s+before|before\s+(?:the\s+)?(?:close\s+of\s+business|cob|eod|end\s+of\s+(?:the\s+)?(?:day|business(?:\s+day)?))(?:\s+on)?)\s+(?:the\s+)?$/i;
const ENDS = /\b(?:end|eod|eow|noon|tonight|morning|afternoon|evening|asap)\b/i;

/** "45 days", "for three weeks", "a second", "about a second": a length of time, not a day ("in two weeks" is a day). */
const DURATION =
  /^(?:(?:for|about|around|roughly|approximately|another)\s+)*(?:(?:a\s+)?(?:half|full|whole)[\s-]+days?|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few|several|\d+)\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?))$/i;

/** What follows a fraction ("5/8 chains", "3/4-inch", "1/2 ton"): a unit or a noun, not a time or a preposition. */
const FRACTION_AFTER =
  /^(?:\s*(?:"|''|-?\s*(?:inch|in\b|ton|tonne|yd|yard|ft|foot|feet|mile|mi\b|cu|hp|gal))|\s+(?!(?:at|by|and|or|to|through|thru|until|till|before|after|morning|afternoon|evening|noon|is|was|will|if|for|on|[ap]\.?m\b)\b)[a-z])/i;

/** What follows a house number ("from 22 birch", "at 1200 Main St"): a street's name, not a unit of time or a day. */
const STREET_AFTER =
  /^\s+(?!(?:am|pm|a\.m|p\.m|o'?clock|h|hrs?|hours?|mins?|minutes?|days?|weeks?|months?|st|nd|rd|th|of|and|or|to|through|until|till|before|after|at|by|on|for|in|is|was|will|if|so|then|sharp|latest|morning|afternoon|evening|night|noon|tomorrow|today|tonight|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b)[a-z]/i;

/** "gen 12 before Thursday", "truck 4 by 3 today": a unit's number, no hour (the digits hidden, the length kept). */
const UNIT_NUMBER =
  /\b((?:gen|genny|generator|truck|unit|boom|lift|bay|gate|forklift|fl|trailer|tower|heater|pump|loader|roller|no\.?|#)\s*-?\s*)(\d{1,4})\b(?!\s*(?:am|pm|a\.m|p\.m|o'clock|:\d|h\b|hrs?\b))/gi;
const withoutUnitNumbers = (text: string) =>
  text.replace(UNIT_NUMBER, (_all: string, unit: string, digits: string) => unit + digits.replace(/\d/g, 'x'));

/**
 * Verbs whose past tense still points ahead ("Ray asked for the boom Friday", "we moved the pickup to Tuesday",
 * "they booked it for Monday"): the day is the one asked for or set, not the one it was said on.
 */
const AHEAD_VERBS =
  /^(?:ask|say|tell|request|want|need|promise|agree|mention|confirm|book|reserve|schedule|reschedule|order|move|push|change|plan|set|arrange|expect|hope|call|email|text|quote)$/i;

/** A weekday chrono reads without a date of the month ("Friday", "on thurs"). */
const bareWeekday = (result: ParsedResult) => result.start.isCertain('weekday') && !result.start.isCertain('day');
/** "Friday", "thurs": a weekday's name alone. */
/** "the 3rd", "on the 12th": a day of the month alone. */
const DATE_NAME = new RegExp(`^(?:(?:${MONTHS})[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}\\/\\d{1,2})$`, 'i');
const MONTH_DAY = /^(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$/i;
/** Text ending in a deadline's word: "by", "before", "until", "due", "for", "on or before" (the day follows). */
const DEADLINE_WORD = /\b(?:by|before|until|till|til|due|for|on\s+or\s+before)\s+(?:the\s+|this\s+|next\s+)?$/i;
/** The last part of `before`: after its last punctuation or "and" / "but" / "so" / "then". */
const lastPart = (before: string) => before.split(/[.,;:!?\n]|\b(?:and|but|so|then)\b/i).pop() ?? '';
/** The reference moment as the instant chrono reads from. */
const instantOf = (ref: LocalMoment) =>
  new Date(`${ref.day}T${String(ref.hour).padStart(2, '0')}:${String(ref.minute).padStart(2, '0')}:00Z`);

const PAST_FORMS = '[a-z]+ed|paid|sent|brought|took|got|came|went|left|dropped|made|gave|had|saw|bought|found|broke';

/**
 * "but we returned the saw thurs", "a receipt for the deposit I paid monday": a weekday chrono reads forward,
 * when every verb before it in its part of the sentence is a simple past (compromise's reading: "wants the grinder
 * gone monday" and "have a tile saw ready for pickup sat" have a present too), is the day it happened, not a
 * deadline; not after by / before / until.
 */
function pastWeekday(result: ParsedResult, before: string): boolean {
  // "Vega paid the August invoice on the 3rd", "the quote I sent on the 12th": a day of the month alone, as a weekday.
  // "rain killed today": what happened today, told in the past.
  if (!MONTH_DAY.test(result.text) && !bareWeekday(result) && !/^today$/i.test(result.text)) return false;
  if (DEADLINE_WORD.test(before)) return false;
  const part = lastPart(before);
  const verbs = verbForms(part);
  const past = (v?: { form: string; infinitive: string }) =>
    !!v && v.form === 'simple-past' && !AHEAD_VERBS.test(v.infinitive);
  // "a receipt for the deposit I paid monday": the last verb a past with its subject pronoun before it.
  const told = new RegExp(`\\b(?:i|we|they|he|she|you)\\s+(?:${PAST_FORMS})\\b[^,;]*$`, 'i').exec(part);
  // "the boom that went to Dunn Tuesday", "the check Harmon mailed Monday": a relative word or a name its subject.
  const related = new RegExp(`\\b(?:that|which|who|[A-Z][a-z]+)\\s+(?:${PAST_FORMS})\\b[^,;]*$`).exec(part);
  if (related) {
    // "the skid steer that came back Friday", "the saw that came back": compromise may read the whole as a noun
    // phrase or "saw" as the verb; the told verb's own tag then.
    const word = /\s+(\S+)/.exec(related[0].trim())?.[1] ?? '';
    if (tagsOf(word)[0]?.tags.has('PastTense') && !AHEAD_VERBS.test(infinitive(word))) return true;
  }
  return verbs.length > 0 && (verbs.every(past) || (!!told && past(verbs[verbs.length - 1])));
}

/**
 * "tell him the boom will be there Thursday", "check whether Harmon still wants the heaters Monday", "let Tom know
 * Vega is picking up the trencher Friday", "find out what time Dunn needs the lift on Wednesday": a bare day inside
 * what is told, asked or checked (a clause with a finite verb of its own after a verb of saying or asking, read by
 * compromise) is that clause's day, not when the telling is due; "tell Jake to have the trailer back Saturday" (an
 * infinitive) and "make sure it's there Friday" (the state to bring about) stay dated.
 */
const REPORTING =
  /(?:\b(?:tell|remind)\s+\w+|\blet\s+(?:\w+\s+){1,2}?know|\b(?:ask|check|see|find\s+out|confirm)\b[^.;!?]*?\b(?:if|whether)|\bwhat\s+(?:time|day))\s+(?:that\s+)?/i;
const NO_PLAN =
  /^(?:i|we)\s*(?:can't|cannot|can\s+not|won't|don't|couldn't|'re\s+not|are\s+not|'m\s+not|am\s+not|(?:'re|are|'m|am)\s+(?:closed|booked|full|out|off|away|shut))\b/i;
function reportedDay(before: string): boolean {
  // "check if we have one free and call him back today": a date after "and" is the next action's.
  const part = before.split(/[.;:!?\n]|\b(?:and|but|so|then)\b/i).pop() ?? '';
  const said = REPORTING.exec(part);
  if (!said) return false;
  const told = part.slice(said.index + said[0].length);
  // "I tell her I send the quote in two days": what the team tells of its own plan is that plan, dated; "tell Ortiz
  // we can't do the 14th", "let Vega know we're closed on the 24th" tell of no plan.
  if (/^(?:i|we)\b/i.test(told) && !NO_PLAN.test(told)) return false;
  // "remind Ortiz their payment is due on the 15th": their deadline, told.
  if (/^(?:their|his|her|the)\s+(?:[\w'-]+\s+){0,3}?(?:is|are|'s)\s+due\b/i.test(told)) return hasFiniteVerb(told);
  return !/\b(?:by|before|until|till|due|prior\s+to|ahead\s+of|no\s+later\s+than)\b/i.test(told) && hasFiniteVerb(told);
}

/**
 * "call Dunn about the Tuesday delivery", "the Monday crew left the gate open", "print the load list for Friday's
^ * pour", "draft a Saturday schedule": a weekday that names which thing is meant (after a determiner or as a possessive, before a noun compromise
 * reads as one) is that thing's day, not a deadline; "before Thursday's haul" stays one, and "the Friday morning" is
 * a part of that day.
 */
function namingDay(result: ParsedResult, before: string, after: string): boolean {
  // "credit you for today's downtime": today's or tomorrow's thing, as a possessive only.
  const relative = /^(?:today|tomorrow|tonight)$/i.test(result.text);
  // "print the dec 12 delivery ticket", "the 12/12 pickup": a day of the month naming the thing, after a determiner.
  const dated = DATE_NAME.test(result.text);
  if (!relative && !dated && !WEEKDAY_NAME.test(result.text)) return false;
  if (DEADLINE.test(before) || BEFORE_EVENT.test(before)) return false;
  const owned = /^'s\s+([a-z][\w-]*)/i.exec(after);
  if (relative && !owned) return false;
  if (dated && owned) return false;
  const named = /\b(?:the|their|our|your|his|her|its|a|an)\s+$/i.test(before) ? /^\s+([a-z][\w-]*)/i.exec(after) : null;
  const next = owned ?? named;
  if (!next || /^(?:morning|afternoon|evening|night|noon|after|before|at|by|or|and)$/i.test(next[1])) return false;
  // compromise reads "Friday's pour" as a noun after a possessive, "the Tuesday delivery" after a determiner.
  const tags = (owned ? tagsOf(`${result.text}'s ${next[1]}`)[1] : tagsOf(`the ${result.text} ${next[1]}`).pop())?.tags;
  return !!tags && tags.has('Noun') && !tags.has('Pronoun') && !tags.has('Date') && !tags.has('Value');
}

/**
 * "Call Summit, they're open Saturdays now", "the inspector comes out Wednesdays now": "now" ending a statement of how
 * things are (a simple present with a subject of its own, compromise's reading) is "these days", not a time to act;
 * "I'll dispatch a driver now", "need tech NOW", "we need it now" stay today's.
 */
function nowadays(result: ParsedResult, before: string): boolean {
  if (!/^now$/i.test(result.text) || /\b(?:right|just)\s+$/i.test(before)) return false;
  const part = lastPart(before).trim();
  const verbs = verbForms(part);
  const last = verbs[verbs.length - 1];
  if (!last || last.form !== 'simple-present' || /^(?:need|want|require)$/i.test(last.infinitive)) return false;
  const words = tagsOf(part);
  const verb = words.findIndex((w) => w.tags.has('Verb'));
  return verb > 0 && words.slice(0, verb).some((w) => w.tags.has('Noun') || w.tags.has('Pronoun'));
}

/**
 * "Kessler said on Monday that the invoice was wrong", "Frank called Monday asking about a second boom", "Ray told
 * me Monday the pump's leaking": a day right after a past verb of saying, followed by what was said, is the day it
 * was said, not a deadline ("Ray asked for the boom Friday" has the thing asked for between, and stays dated).
 */
const SAID_ON =
  /\b(?:said|told|called|rang|asked|mentioned|emailed|texted|wrote|phoned)(?:\s+(?:me|us|him|her|them|you))?\s+(?:on\s+)?$/i;
const WHAT_WAS_SAID = /^\s*,?\s*(?:that|asking|saying|about|wanting|complaining|to\s+(?:say|ask))\b/i;
function saidOnDay(result: ParsedResult, before: string, after: string): boolean {
  if (!bareWeekday(result)) return false;
  const lead = /^(?:on)\s+/i.exec(result.text)?.[0] ?? '';
  if (!SAID_ON.test(before + lead)) return false;
  if (WHAT_WAS_SAID.test(after)) return true;
  // "told me Monday the pump's leaking": a clause of its own, with a subject and a finite verb.
  const told = /^\s+((?:the|his|her|their|its|it|they|he|she|we)\b[^.,;!?]*)/i.exec(after);
  return !!told && hasFiniteVerb(told[1]);
}

/**
 * "send Dunn the rental agreement for the lift they're taking Monday", "call the shop about the part that was supposed
 * to come Monday", "call Ortiz, they need the roller for a job Friday": a weekday ending what someone else does (a
 * third person or a relative word, with a finite verb of its own in compromise's reading, after the task's own verb)
 * is their day, not the task's; not a want or need of it ("he wants it Monday"), nor after "and" / "then" (the next
 * action's).
 */
const SOMEONE_ELSE = /\b(?:they|he|she|that|which|who)\b(?:'re|'s|'ll)?(?![^,;]*\b(?:and|then)\b)[^;]*$/i;
const FOR_THE_ORDER =
  /\bfor\s+(?:the|their|our|your|his|her)\s+(?:[\w'-]+\s+){0,3}?(?:order|job|delivery|event|rental|pickup|booking|install|party|show|wedding)\s+(?:that's|that\s+is|which\s+is|that\s+goes\s+out)\s+(?:on\s+)?$/i;
function someoneElsesDay(result: ParsedResult, before: string): boolean {
  if (!bareWeekday(result) || DEADLINE_WORD.test(before)) return false;
  const part = before.split(/[.;:!?\n]/).pop() ?? '';
  const other = SOMEONE_ELSE.exec(part);
  if (!other || !verbForms(part.slice(0, other.index)).length) return false;
  const told = part.slice(other.index);
  // "before they go out on Friday", "once they're back Monday": the task's deadline, told by someone else's step.
  if (BEFORE_EVENT.test(before) || /\b(?:before|by|until|till|ahead\s+of|prior\s+to|when|once|after)\b/i.test(told))
    return false;
  // "fuel up the two light towers for the Dobbs order that's Friday": the day of the order the work is for.
  if (FOR_THE_ORDER.test(part)) return false;
  const verbs = verbForms(told);
  const last = verbs[verbs.length - 1];
  return (
    !!last &&
    last.form !== 'imperative' &&
    !/^(?:need|want|require|expect|ask|promise|agree)$/i.test(last.infinitive) &&
    hasFiniteVerb(told)
  );
}

/**
 * A day the task's own words give to something other than the task: the day of a condition ("If Ortiz calls Friday,
 * tell them the lift is ready", "if it rains Thursday, call Kessler"), a day that recurs ("every Friday walk the
 * yard", "on Mondays"), a day that is the topic ("talk to Jake about Thursday", "ask them about Friday instead") and
 * an absence ("I'm off Friday, get the quote out", "Dan's out Thursday"); none of them is when the task is due.
 * "if you could send it Friday" is a request, "check if we have one free and call him back Friday" dates the next
 * action, "by" / "before" keep a deadline, and an absence's day the task takes
 * up ("Sam's out Thursday, take the delivery that day") stays.
 */
const CONDITION =
  /\b(?:if|unless|in\s+case)\b(?!\s+(?:you|u)\s+(?:could|can|would|don't\s+mind)\b)(?:(?!\b(?:and|then|so)\b)[^,;])*$/i;
const ABSENT =
  /\b(?:[Ii]'m|[Ii]\s+am|[Ii]'ll\s+be|[Ii]\s+will\s+be|he's|she's|they're|[A-Z][a-z]+'s|[A-Z][a-z]+\s+is)\s+(?:off|out|away|gone|on\s+(?:vacation|leave|holiday)|at\s+[^,;.]*?\s+all\s+day)\s+(?:on\s+)?$/;
/** "if it's not here by", and what is not heard: "If I haven't heard by Tues", "If no call back by Fri", "If nothing by Wed". */
const MISSED_BY =
  /\b(?:if|unless)\s+(?:(?:it|they|he|she|i|we|the\s+\w+)(?:'s|'re|'ve|\s+is|\s+are|\s+has|\s+have|\s+do|\s+does)?\s*(?:not|n't|never|still\s+not)|no|nothing|nobody|no\s+one)\b[^,;.!?]*\b(?:by|before)\s+(?:the\s+)?(?:noon\s+|(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\s+)?(?:on\s+)?$/i;
function othersDay(result: ParsedResult, before: string, after: string): boolean {
  if (!result.start.isCertain('weekday') && !MONTH_DAY.test(result.text)) return false;
  // "call Nora if it's not here by noon Thursday", "If I haven't heard by Tues I'm putting the account on hold": the
  // deadline of what is waited for, the action only if it fails.
  if (MISSED_BY.test(before)) return true;
  if (DEADLINE.test(before) || BEFORE_EVENT.test(before)) return false;
  if (
    /\b(?:every|each)\s+(?:other\s+)?$/i.test(before) ||
    /(?:mon|tues|wednes|thurs|fri|satur|sun)days$/i.test(result.text)
  )
    return true;
  if (/\babout\s+$/i.test(before)) return true;
  const part = before.split(/[.;:!?\n]/).pop() ?? '';
  // "Sam's out Thursday, um, take the Kessler delivery that day": the absence's day, which the task takes up.
  const takenUp = /^[^.;!?\n]*\b(?:that\s+day|that\s+morning|then)\b/i.test(after);
  // An absence read alone (an earlier clause a later "that day" or "before then" points to) keeps its day.
  const taskFollows = /^[^.;!?\n]*[a-z]{2,}/i.test(after);
  return CONDITION.test(part) || (ABSENT.test(before) && taskFollows && !takenUp);
}

/**
 * "send Vega the revised contract, and Thursday swing by Harmon's yard": a day right after "and" that opens the next
 * action (an imperative verb after it, compromise's reading) is that action's, not the one before; "and Friday at
 * the latest" has no verb after it and stays the task's.
 */
function nextActionsDay(result: ParsedResult, before: string, after: string): boolean {
  if (!/(?:,\s*|\s)and\s+(?:then\s+)?(?:on\s+)?$/i.test(before + (/^on\s+/i.exec(result.text)?.[0] ?? '')))
    return false;
  const next = /^\s*,?\s*([a-z]+)\b/i.exec(after)?.[1];
  if (!next || /^(?:at|by|or|and|morning|afternoon|evening|night|first|is|works|too|as)$/i.test(next)) return false;
  const tags = tagsOf(`${next} it`)[0]?.tags;
  return !!tags && tags.has('Verb') && (tags.has('Imperative') || tags.has('Infinitive') || tags.has('PresentTense'));
}

/**
 * "Thursday's no good for Vega, so ask them about Friday", "Monday doesn't work for Dunn": a weekday that is the
 * subject of its clause (a verb right after it) is a day talked about, not when the task is due; a day read as an
 * event's or that "then" points back to still counts, and so does "Friday's the deadline".
 */
const DAY_TALKED_OF = /^\s*(?:'s|is|was|isn't|wasn't|won't|doesn't|does|works|would|could|might|should)\b/i;
function dayAsSubject(result: ParsedResult, before: string, after: string): boolean {
  if (!bareWeekday(result) || !WEEKDAY_NAME.test(result.text)) return false;
  // "Friday's the deadline", "Monday is the latest we can do": still a deadline.
  if (/^[^.,;!?\n]*\b(?:deadline|latest|due|cutoff|cut-off|last\s+day)\b/i.test(after)) return false;
  return /(?:^|[.,;:!?\n]|\b(?:so|and|but|okay|um|uh))\s*$/i.test(before) && DAY_TALKED_OF.test(after);
}

const PRICED_FOR =
  /\b(?:quote|quotes|quoting|price|prices|pricing|rate|rates|estimate)\b(?:(?!\b(?:by|before|and|then)\b)[^.,;!?])*\bfor\s+(?:the\s+|this\s+|next\s+)?$/i;

/** A time of the day, no day of its own: "first thing", "at 7", "8am", "in the morning". */
const TIME_OF_DAY =
  /^(?:first\s+thing|(?:in\s+the\s+|that\s+)?(?:morning|afternoon|evening|noon)|(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|a|p)?)$/i;

/** A memo's opening words before the day it is: "ok Jake here, ", "this is Dan, ", "Sam, ", "hey it's Maria, ". */
const RECORDED_ON =
  /^\W*(?:(?:ok(?:ay)?|hey|hi|yeah|so|alright)[\s,]+)*(?:(?:this\s+is|it's)\s+)?[A-Z][a-z]+(?:\s+here)?\s*,\s*$/i;
const weekdaySaid = (result: ParsedResult) => result.start.get('weekday');

/** Every date phrase of `text` that can be a due date, in order of appearance. */
export function dateMentions(text: string, ref: LocalMoment, events = false): DateMention[] {
  const instant = instantOf(ref);
  const mentions: DateMention[] = [];
  // Where the last day read as a period's or an event's ends: "from the 14th, first thing" is that day's first thing.
  let periodEnd = -1;
  // Every day of the month said so far, a period's or an event's too.
  const daysSaid: string[] = [];
  for (const result of parser().parse(withoutUnitNumbers(text), { instant, timezone: 0 }, { forwardDate: true })) {
    // "today or first thing tomorrow at the latest": the later bound is the deadline, the days before it in its clause
    // are not.
    const latest =
      /\bor\s+(?:first\s+thing\s+)?$/i.test(text.slice(0, result.index)) &&
      /^\s*at\s+the\s+latest\b/i.test(text.slice(result.index + result.text.length));
    let from = result.index;
    if (latest) {
      const part = lastPart(text.slice(0, result.index));
      for (let k = mentions.length - 1; k >= 0 && part.includes(mentions[k].phrase); k--)
        from = Math.min(from, text.lastIndexOf(mentions.pop()?.phrase ?? '', result.index));
    }
    const before = text.slice(0, result.index);
    const after = text.slice(result.index + result.text.length);
    if (result.start.isCertain('day'))
      daysSaid.push(dayOf(result.start.get('year') ?? 0, result.start.get('month') ?? 1, result.start.get('day') ?? 1));
    // "starts next Monday" is a period's start, but "before the project starts next Monday" a deadline.
    const until = untilAsBy(before);
    // "arrange the delivery on Monday": chrono may read "on Monday" as the date; the event noun is then read with its
    // "on", unless the task is doing the event's work itself ("do the inspections on Friday" is due Friday).
    const lead = /^(?:on|for)\s+/i.exec(result.text)?.[0] ?? '';
    const eventOn = !!lead && EVENT_DATE.test(before + lead) && !DOES_THE_WORK.test(before);
    const eventDay =
      (EVENT_DATE.test(before) || eventOn) &&
      !TAKEN_TO.test(before + lead) &&
      !(SCHEDULED_FOR.test(before + lead) && !/\b(?:weeks?|months?)\b/i.test(result.text));
    if (
      ((NOT_DEADLINE.test(before + lead) ||
        eventDay ||
        MOVED_TO.test(before + lead) ||
        EXTENDED_TO.test(before + lead)) &&
        !BEFORE_EVENT.test(before) &&
        !events &&
        !until) ||
      /^\s*(?:ago|onwards|of)\b/i.test(after) ||
      DURATION.test(result.text)
    ) {
      if (!DURATION.test(result.text)) periodEnd = result.index + result.text.length;
      continue;
    }
    const hourOfThatDay = periodEnd >= 0 && /^[\s,]*(?:at\s+)?$/i.test(text.slice(periodEnd, result.index));
    if (hourOfThatDay && TIME_OF_DAY.test(result.text)) continue;
    if (/^now$/i.test(result.text) && /\b(?:for|from|until|till|not)\s+$/i.test(before)) continue;
    // "before Memorial Day weekend", "over Easter weekend", "before the holiday weekend", "the long weekend": a named
    // weekend (or one a holiday makes), not this one.
    if (
      /^weekend\b/i.test(result.text) &&
      (/\b[A-Z][a-z]+(?:\s+[Dd]ay)?\s+$/.test(before) || /\b(?:holiday|long)\s+$/i.test(before))
    )
      continue;
    // "ok Jake here, Tuesday morning, so the lowboy's got a soft tire": a memo that opens with who speaks and the day
    // it is (today's weekday) says when it was recorded, no due date.
    if (bareWeekday(result) && weekdaySaid(result) === ref.weekday && RECORDED_ON.test(before)) continue;
    // "the hour reading", "by the hour": no day; "how much for the day": chrono reads "the day" as tomorrow.
    if (/^the\s+(?:hour|day)$/i.test(result.text)) continue;
    // "their rental history for this year", "the report for the quarter": a span the work covers; chrono gives it no
    // day, and it is no time of today.
    if (/^(?:(?:this|the|that|next|current)\s+)?(?:year|quarter)$/i.test(result.text)) continue;
    // "we returned the saw thurs", "the deposit I paid monday": a weekday told with a past tense is a past day.
    if (!events && pastWeekday(result, before)) continue;
    // "tell him the boom will be there Thursday": the day of what is told or asked, not a deadline.
    if (!events && reportedDay(before)) continue;
    // "the Tuesday delivery", "Friday's pour": the day names the thing, it is no deadline.
    if (!events && namingDay(result, before, after)) continue;
    // "they're open Saturdays now": how things are these days, not a time to act.
    if (!events && nowadays(result, before)) continue;
    // "Kessler said on Monday that the invoice was wrong": the day it was said.
    if (!events && saidOnDay(result, before, after)) continue;
    // "the lift they're taking Monday": someone else's day, not the task's.
    if (!events && someoneElsesDay(result, before)) continue;
    // "If Ortiz calls Friday, ...", "every Friday", "about Thursday", "I'm off Friday": not the task's day.
    if (!events && othersDay(result, before, after)) continue;
    // "..., and Thursday swing by Harmon's yard": the next action's day.
    if (!events && nextActionsDay(result, before, after)) continue;
    // "Thursday's no good for Vega": a day talked about.
    if (!events && dayAsSubject(result, before, after)) continue;
    // "a price for Harmon on a boom for Saturday", "quote two heaters for next week": the rental's day, not the quote's.
    if (!events && PRICED_FOR.test(before)) continue;
    // "last year", "yesterday", "two weeks ago": the past is no due date.
    if (/^(?:last|yesterday|earlier|previous)\b/i.test(result.text)) continue;
    // "a free afternoon": a part of the day with no day to it.
    if (
      /^(?:morning|afternoon|evening|night)s?$/i.test(result.text) &&
      !/\b(?:this|tomorrow|in\s+the)\s+$/i.test(before)
    )
      continue;
    // "the W-9", "unit B-12": a form or unit code, not a date.
    if (/\b[A-Za-z]+-\d+\b/.test(result.text) || /^[A-Za-z]*-?\d/.test(after) || /[A-Za-z]-$/.test(before)) continue;
    // "the 5/8 chains", "a 3/4 inch hose": a fraction of an inch or a ton, not a day.
    if (/^\d{1,2}\/(?:2|4|8|16|32|64)$/.test(result.text) && FRACTION_AFTER.test(after)) continue;
    // "pick up the compactor from 22 birch", "the job at 1200 Main St": a house number, not an hour.
    if (/^(?:(?:from|at|to|on)\s+)?\d{1,5}$/i.test(result.text) && STREET_AFTER.test(after)) continue;
    // "May 26-29", "June 15 to August 14": a period, not a deadline.
    if (result.end) continue;
    const start = result.start;
    // "the April invoice", "for October": a month is a due date only as "in April", "by March", "before May".
    if (
      start.isCertain('month') &&
      !start.isCertain('day') &&
      !/\b(?:in|by|before|until|early|mid)\s+(?:early\s+|mid\s+|the\s+)?$/i.test(before)
    )
      continue;
    const dated = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
    // A time of day alone ("this afternoon", "at 2pm", "by 7am") is today's, even once the hour has passed.
    let day = dated ? dayOf(start.get('year') ?? 0, start.get('month') ?? 1, start.get('day') ?? 1) : ref.day;
    // A weekday named on that weekday means next week's ("Monday" said on a Monday).
    if (
      day === ref.day &&
      start.isCertain('weekday') &&
      !start.isCertain('day') &&
      !/\b(?:today|tonight|this)\b/i.test(result.text)
    ) {
      day = addDays(day, 7);
    }
    // "the spring cleanup on the 20th, ... a leaf blower pack for the Saturday": "the" weekday of a day said before
    // in the text is that day, not the nearest one.
    if (bareWeekday(result) && /\bthe\s+$/i.test(before)) {
      const said = daysSaid.find((d) => weekdayOf(d) === weekdayOf(day) && d > day && daysBetween(day, d) <= 14);
      if (said) day = said;
    }
    // "before it goes out at nine": an hour in words is today's time, no day to go before.
    // "Wednesday at 9" names its day: only an hour alone is today's.
    const hourOnly = HOUR_WORDS.exec(result.text)?.index === 0;
    const datedDay = dated && !hourOnly;
    const before1 =
      (/\b(?:before|prior\s+to|ahead\s+of)\s+(?:the\s+)?$/i.test(before) || BEFORE_EVENT.test(before)) &&
      !THAT_DAY.test(before) &&
      !NIGHTFALL_BEFORE.test(before);
    const onTheDay = THAT_DAY.test(before);
    // "before noon", "before the end of May": that day; "before the customers come tomorrow morning": the day before.
    const dayWord = /\b(?:tomorrow|mon|tue|wed|thu|fri|sat|sun)/i.test(result.text);
    const ends = ENDS.test(result.text) && !(dayWord && /\bmorning\b/i.test(result.text));
    // "before 10 tomorrow", "before 9am on Saturday": an hour of that day, not the day before.
    if (before1 && datedDay && !ends && !start.isCertain('hour')) day = addDays(day, -1);
    if (day < ref.day) continue;
    mentions.push({
      day,
      // (The bound before goes with it: a title leaves out "Wednesday or Thursday" whole.)
      phrase: text.slice(from, result.index + result.text.length),
      deadline: DEADLINE.test(before) || before1 || until || onTheDay || latest,
      timeOnly: !dated || hourOnly,
    });
  }
  // "Wednesday by 7am": the day wins over the time of day.
  return mentions.some((m) => !m.timeOnly) ? mentions.filter((m) => !m.timeOnly) : mentions;
}

/** The due date a clause states: its first deadline ("by ..."), else its first date; null when none. */
export function dueDateOf(clause: string, ref: LocalMoment): DateMention | null {
  const mentions = dateMentions(clause, ref);
  return mentions.find((m) => m.deadline) ?? mentions[0] ?? null;
}

/**
 * "have the dumpster dropped that day", "the barricades set up the morning of", "the porta johns the same day",
 * "Bring it to the counter tomorrow and we'll swap it on the spot":
 * the day an earlier sentence named, which wins over a time of day in the clause ("first thing that day").
 */
export const SAME_DAY =
  /\b(?:(?:on\s+)?(?:that|the\s+same)\s+(?:day|morning|afternoon|evening|night)\b|on\s+the\s+spot\b|the\s+day\s+(?:it|they|he|she)\s+(?:arrives?|comes?|gets?\s+here|lands?|shows?\s+up)\b|the\s+morning\s+of(?=\s*(?:[.,;!?]|$)))/i;

/**
 * "Yard to do before xmas:", "For Thursday's site visit at Harmon:", "Subject: Friday delivery": the date of the
 * heading a list or a message is written under, for the items that name none; `headings` nearest first.
 */
const HEADED_ABSENCE =
  /\b(?:i'm|i\s+am|i'll\s+be|we're|we\s+are|he's|she's|they're|[a-z]+'s|[a-z]+\s+is|[a-z]+\s+will\s+be)\s+(?:off|out|away|gone|on\s+(?:vacation|leave|holiday|pto))\b[^:]*$/i;
export function headedDueDate(headings: string[], ref: LocalMoment): DateMention | null {
  for (const heading of headings) {
    const date = dateMentions(heading, ref, true)[0];
    // "Ops meeting, Mon 14 June:": a heading dated today is the day it was written, not a deadline.
    // "Ops - Monday" written on a Monday: the meeting's own day (read as next week's), not a deadline.
    const written =
      !!date &&
      date.day === addDays(ref.day, 7) &&
      /^(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$/i.test(date.phrase) &&
      !/\b(?:next|before|by|due|for)\b/i.test(heading);
    // "A few things before I'm out next week:": an absence in a week with no day of its own dates none of the items
    // (as "before the holidays" dates nothing).
    const awayForAWeek =
      !!date && /\bweek\b/i.test(date.phrase) && AWAY_WORDS.test(heading.slice(0, heading.indexOf(date.phrase)));
    // "Note for Maria from Priya (I'm out tomorrow and Friday):": the writer's absence, with no "before" or "by",
    // is when they are away, not when the items are due.
    const absence =
      !!date &&
      HEADED_ABSENCE.test(heading.slice(0, heading.indexOf(date.phrase))) &&
      !/\b(?:before|by|due|until|till|ahead\s+of)\b/i.test(heading);
    // "Subject: year end": the year's closing as a topic, with no "by" or "before", dates nothing.
    const topic = !!date && /^\s*(?:the\s+)?(?:year|month|quarter)[- ]end\s*:?\s*$/i.test(heading);
    if (
      date &&
      !written &&
      !awayForAWeek &&
      !absence &&
      !topic &&
      (date.day > ref.day || /\b(?:today|tonight|before|by|eod)\b/i.test(heading))
    )
      return { ...date, phrase: heading, deadline: true };
  }
  return null;
}

/** "the inspection" is said "the inspector shows up", "the delivery" "delivered": the noun's stem is looked for. */
const stemOf = (noun: string | undefined) =>
  noun && noun.length > 6 ? noun.replace(/(?:ions?|ors?|ers?|ies|y|ing)$/, '') : noun;

/**
 * "I'm out Wednesday through Friday. Can you send me the statement before I go?": the first day of an absence said
 * before (a range's start too, which dateMentions drops as a period), for a task due before the person leaves.
 */
const LEAVING =
  /\bbefore\s+(?:(?:i|we|he|she|they)\s*(?:go|leave|head\s+out|take\s+off|'m\s+out|am\s+out|'re\s+out|are\s+out)|(?:(?:my|his|her|their|our|the)\s+)?(?:vacation|time\s+off|leave)(?!\s+(?:ends|is\s+over)))\b/i;
const AWAY_WORDS = /\b(?:off|out|away|vacation|leave|gone)\b/i;
function beforeLeaving(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const match = LEAVING.exec(clause);
  if (!match) return null;
  const instant = instantOf(ref);
  for (let i = earlier.length - 1; i >= 0; i--) {
    if (!AWAY_WORDS.test(earlier[i])) continue;
    const start = parser().parse(earlier[i], { instant, timezone: 0 }, { forwardDate: true })[0]?.start;
    if (!start || !(start.isCertain('day') || start.isCertain('weekday'))) continue;
    let day = dayOf(start.get('year') ?? 0, start.get('month') ?? 1, start.get('day') ?? 1);
    if (day === ref.day && !start.isCertain('day')) day = addDays(day, 7);
    const due = addDays(day, -1);
    return due >= ref.day ? { day: due, phrase: match[0], deadline: true } : null;
  }
  return null;
}

/**
 * "before the delivery", "beforehand", "by then": a date given earlier in the text. `earlier` holds the
 * earlier sentences; the anchor is the last date of one that shares the word after "before the".
 */
export function anchoredDueDate(
  clause: string,
  earlier: string[],
  ref: LocalMoment,
  next?: string,
): DateMention | null {
  const match =
    /\b(?:before\s+(?:then|that|it(?=\s*(?:[.,;!?]|$))|(?:the|their|our|your|his|her)\s+(\w+)(?:\s+(?:ends|starts|begins|arrives|comes|closes|opens|expires|is\s+over))?)|beforehand|(?:ahead\s+of|prior\s+to)\s+(?:time|then|that|the\s+(\w+))|by\s+then|the\s+(?:day|night|evening)\s+before(?=\s*(?:[.,;!?]|$))|(a|one|two|three|four|five|six|\d)\s+(days?|weeks?)\s+(?:before|ahead|prior|earlier)(?:\s+(?:of\s+|to\s+)?(?:that|then|it))?(?=\s*(?:[.,;!?]|$))|(?:on\s+)?(?:that|the\s+same)\s+(?:day|morning|afternoon|evening|night)\b|on\s+the\s+spot\b|the\s+day\s+(?:it|they|he|she)\s+(?:arrives?|comes?|gets?\s+here|lands?|shows?\s+up)\b|the\s+morning\s+of(?=\s*(?:[.,;!?]|$))|then(?=\s*[.!?]?\s*$)|(?<=\b(?:it|them|those|one|him|her|us)\s+)then(?=\s*(?:[,;]|and\b))|(a|one|two|three|four|five|six|\d)\s+(days?|weeks?)\s+(?:before|ahead\s+of|prior\s+to)\s+(?:the|their|our|your|his|her)\s+(\w+)|(?:before|prior\s+to|ahead\s+of)\s+(delivery|pick-?up|install(?:ation)?|set-?up|drop-?off)\b|(a|one|two|three|four|five|six|\d)\s+(days?|weeks?)\s+before\s+(?:it|they)\s+(?:takes?\s+effect|kicks?\s+in|goes\s+live|go\s+live|starts?|begins?|opens?))/i.exec(
      clause,
    );
  // "Dan: before vacation, make sure the service queue is empty" after "Dan on vacation Dec 28 - Jan 1": the eve of
  // the absence's first day.
  const leaving = beforeLeaving(clause, earlier, ref);
  if (leaving) return leaving;
  const after = weekdayAfter(clause, earlier, ref);
  if (after) return after;
  // "We'll need a boom there starting Monday the 19th. ... We'd also want someone to walk our guys through the
  // controls on delivery.": the delivery of what was ordered, with no day of its own, is on the day the order is for.
  const onDelivery = /\b(?:on|upon|at)\s+(?:delivery|drop-?off)\b/i.exec(clause);
  for (let i = earlier.length - 1; onDelivery && i >= Math.max(0, earlier.length - 3); i--) {
    const last = dateMentions(earlier[i], ref, true)
      .filter((m) => !m.timeOnly)
      .pop();
    if (last) return { day: last.day, phrase: onDelivery[0], deadline: true };
  }
  if (!match)
    return (
      beforeLeaving(clause, earlier, ref) ??
      verbAnchoredDueDate(clause, earlier, ref) ??
      eventDueDate(clause, earlier, ref, next) ??
      pickupDueDate(clause, earlier, ref) ??
      goesOutDueDate(clause, earlier, ref)
    );
  // "Move the pump truck booking to that morning": the new time of an event, not a deadline.
  if (SAME_DAY.test(match[0]) && /\b(?:to|for|until|till)\s+$/i.test(clause.slice(0, match.index))) return null;
  // "install the tilt sensor the day it lands, supplier says Tuesday": the arrival's day, told right after it.
  if (/^the\s+day\s/i.test(match[0])) {
    const told = dateMentions(clause.slice(match.index + match[0].length), ref, true).find((m) => !m.timeOnly);
    if (told) return { day: told.day, phrase: match[0], deadline: true };
  }
  // "a week before the tender is due": that long before the day the noun was given.
  const noun = stemOf((match[1] ?? match[2] ?? match[7] ?? match[8])?.toLowerCase());
  // "their rental starts next Monday, so we need the boxes inspected before their rental starts": the clause's
  // own words before "before" are read first.
  // "first thing that day": the clause's own time of day is not the day it points back to.
  const texts = SAME_DAY.test(match[0]) ? earlier : [...earlier, clause.slice(0, match.index)];
  // "the spring cleanup on the 20th ... she wants it by tomorrow. ... make sure ours has air in the tires before
  // then": "then" is the event's day said before, not another thing's deadline said since.
  if (/^before\s+(?:then|that)$/i.test(match[0])) {
    for (let i = texts.length - 1; i >= 0; i--) {
      const mentions = dateMentions(texts[i], ref, true);
      const last = mentions[mentions.length - 1];
      if (!last) continue;
      if (!last.deadline) break;
      const event = mentions.filter((m) => !m.deadline && !m.timeOnly).pop();
      const earlierEvent =
        event ??
        texts
          .slice(0, i)
          .map((t) =>
            dateMentions(t, ref, true)
              .filter((m) => !m.deadline && !m.timeOnly)
              .pop(),
          )
          .filter((m): m is DateMention => !!m)
          .pop();
      if (earlierEvent && earlierEvent.day > last.day)
        return { day: addDays(earlierEvent.day, -1), phrase: match[0], deadline: true };
      break;
    }
  }
  for (let i = texts.length - 1; i >= 0; i--) {
    if (noun && !texts[i].toLowerCase().includes(noun)) continue;
    // "before the trial ends" after "The trial ends Friday": an event's date, read though it is no deadline.
    const mentions = dateMentions(texts[i], ref, true);
    const last = mentions[mentions.length - 1];
    if (!last) continue;
    const byThen = /^(?:by\s+)?then$/i.test(match[0]) || SAME_DAY.test(match[0]);
    // "a week before", "two days before": that long before the date said.
    const count = match[3] ?? match[5] ?? match[9];
    const unit = match[4] ?? match[6] ?? match[10];
    // "before the tags run out" after "the tags expire end of January": before the end of X is the end of X.
    const end = !count && /\bend\b/i.test(last.phrase);
    const lead = count ? (/^(?:a|one)$/i.test(count) ? 1 : countOf(count)) * (/^w/i.test(unit) ? 7 : 1) : end ? 0 : 1;
    return { day: byThen ? last.day : addDays(last.day, -lead), phrase: match[0], deadline: true };
  }
  // "We're confirmed for the 40 light towers on February 14. Please make sure the towers are fueled before
  // delivery": the delivery of what the sentence before books, named by no word of it, is on the day it gives, and
  // getting ready for it is due that day (the text gives the order's day, not the delivery's, so no eve is taken).
  if (noun && DELIVERY_NOUNS.test(noun) && earlier.length) {
    const last = dateMentions(earlier[earlier.length - 1], ref, true).pop();
    if (last && !last.timeOnly) return { day: last.day, phrase: match[0], deadline: true };
  }
  return null;
}
/**
 * "Maria to invoice Lakeshore the Monday after the gala" under "Lakeshore gala (12/12)": that weekday after the day
 * the text gave the event ("the day after the gala" the next day).
 */
/** "two weeks before it takes effect": a lead counted back from the day the clause gives the change. */
export const LEAD_BEFORE =
  /^(?:a|one|two|three|four|five|six|\d)\s+(?:days?|weeks?)\s+before\s+(?:it|they)\s+(?:takes?\s+effect|kicks?\s+in|goes\s+live|go\s+live|starts?|begins?|opens?)$/i;
export const WEEKDAY_AFTER =
  /\b(?:the\s+)?(?:(mon|tues|wednes|thurs|fri|satur|sun)day|day)\s+after\s+(?:the|their|our|your|his|her)\s+(\w+)/i;
function weekdayAfter(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const match = WEEKDAY_AFTER.exec(clause);
  const noun = stemOf(match?.[2]?.toLowerCase());
  if (!match || !noun) return null;
  const texts = [...earlier, clause.slice(0, match.index)];
  for (let i = texts.length - 1; i >= 0; i--) {
    if (!texts[i].toLowerCase().includes(noun)) continue;
    const last = dateMentions(texts[i], ref, true)
      .filter((m) => !m.timeOnly)
      .pop();
    if (!last) continue;
    const day = match[1]
      ? nextWeekday(last.day, WEEKDAYS.indexOf(match[1].slice(0, 3).toLowerCase()))
      : addDays(last.day, 1);
    return { day, phrase: match[0], deadline: true };
  }
  return null;
}
const DELIVERY_NOUNS = /^(?:deliver|pick-?up|install(?:at)?|set-?up|drop-?off)$/i;

/**
 * "Kessler rental of boom is from 13 until 20 December. Please prepare boom before is going out.", "The crane mats
 * are booked for Ortiz August 3rd to the 10th. Jake, make sure they're cleaned by the time they go out.": a rental
 * period said in one of the two sentences before goes out on its first day; "before" is the day before it, "by the
 * time" that day.
 */
const GOES_OUT =
  /\b(?:before|by\s+the\s+time)\s+(?:(?:it|they|he|she)\s*(?:'s|'re|\s+is|\s+are)?\s+|is\s+)?(?:go(?:es|ing)?\s+out|leav(?:es|ing|e)|ships?|shipping|head(?:s|ing)?\s+out)\b/i;
function goesOutDueDate(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const match = GOES_OUT.exec(clause);
  if (!match) return null;
  for (let i = earlier.length - 1; i >= Math.max(0, earlier.length - 2); i--) {
    const start = periodStart(earlier[i], ref);
    if (!start) continue;
    const day = /^by/i.test(match[0]) ? start : addDays(start, -1);
    return day >= ref.day ? { day, phrase: match[0], deadline: true } : null;
  }
  return null;
}

/** The first day of a period a sentence gives ("from 13 until 20 December", "August 3rd to the 10th"). */
function periodStart(text: string, ref: LocalMoment): string | null {
  for (const result of parser().parse(text, { instant: instantOf(ref), timezone: 0 }, { forwardDate: true })) {
    const after = text.slice(result.index + result.text.length);
    if (!result.end && !/^\s*(?:to|until|till|til|through|thru|-)\s*(?:the\s+)?\d/i.test(after)) continue;
    const start = result.start;
    if (!start.isCertain('day')) continue;
    return dayOf(start.get('year') ?? 0, start.get('month') ?? 1, start.get('day') ?? 1);
  }
  return null;
}

/** "Ortiz is done with the boom lift Thursday", "wants the forklift off rent Friday": a rental's end. */
const RENTAL_ENDS =
  /\b(?:done|finished)\s+with\b|\boff\s+(?:rent|hire)\b|\breturn(?:s|ing)\b|\bcall(?:s|ing)?\s+off\b/i;

/**
 * "Ortiz is done with the boom lift Thursday. Jake, schedule the pickup.": the pickup of a rental the sentence
 * before ends on a day is that day's.
 */
function pickupDueDate(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const pickup = /\bthe\s+(?:pick\s*-?\s*up|collection|return)\b/i.exec(clause);
  const last = earlier[earlier.length - 1];
  if (!pickup || !last || !RENTAL_ENDS.test(last)) return null;
  const date = dateMentions(last, ref, true).pop();
  return date ? { ...date, deadline: true } : null;
}

/**
 * Arriving said in other words: "The new tire machine arrives Tuesday. Please clear the corner before it's
 * delivered." (also "before they come in", "before it gets here", "before it lands", "before it shows up").
 */
const ARRIVAL =
  /\b(?:arriv(?:e|es|ed|ing)|com(?:e|es|ing)(?:\s+in)?|delivered|getting\s+here|gets?\s+here|lands?|landing|shows?\s+up|showing\s+up)\b/i;
const DEPARTURE =
  /\b(?:leav(?:e|es|ing)|go(?:es|ing)?\s+(?:out|anywhere)|ships?|shipping|heads?\s+out|ships?\s+out|moved|mov(?:es|ing))\b/i;
const BEFORE_ARRIVAL =
  /\bbefore\s+(?:it|they|he|she)(?:'s|'re|\s+is|\s+are|\s+gets?)?\s+(?:arrives?|comes?\s+in|delivered|gets?\s+here|lands?|shows?\s+up)\b/i;

/**
 * "Book the inspector before it expires" after "The certification expires on April 1st", "set up his locker
 * before he starts" after "Pete starts next Monday": the day before the date that follows the same verb in an
 * earlier sentence (read after the verb, so "starts next Monday" counts here though it is no deadline).
 */
function verbAnchoredDueDate(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const arrival = BEFORE_ARRIVAL.exec(clause);
  // "before statements go out" after "Statements go out on the 31st": a plural noun is a subject as a pronoun is.
  const match =
    arrival ?? /\bbefore\s+(?:it|he|she|they|we|you|[a-z]{4,}s)\s+(go|[a-z]{3,}?)(?:e?s)?(?:\s+out)?\b/i.exec(clause);
  if (!match) return null;
  // "Before it leaves, grease the boom" after "The crane goes out Thursday": leaving said in other words.
  // "swap the forks before it goes anywhere" after "the telehandler moved ... on Wednesday": its move.
  const departure =
    !arrival && (DEPARTURE.test(match[0]) || /^\s+anywhere\b/i.test(clause.slice(match.index + match[0].length)));
  const verb = arrival ? ARRIVAL : departure ? DEPARTURE : new RegExp(`\\b${match[1]}(?:e?s|ed|ing)?\\b`, 'i');
  for (let i = earlier.length - 1; i >= 0; i--) {
    const at = verb.exec(earlier[i]);
    if (!at) continue;
    const date = dateMentions(earlier[i].slice(at.index + at[0].length), ref)[0];
    if (date) return { day: addDays(date.day, -1), phrase: match[0], deadline: true };
  }
  return departure ? sentThingsDueDate(match[0], earlier, ref) : null;
}

/** "in the next couple of weeks", "this week", "by the end of the month": a span, with no day of its own to go before. */
const SPAN = /\b(?:weeks?|fortnight|months?|year|days|end\s+of)\b/i;
const SENDS =
  /\b(?:send|sends|sending|mail|mails|email|emails|submit|submits|get\s+(?:it|them)\s+out|gets\s+(?:it|them)\s+out)\b/i;

/**
 * "Hannah sends the draft plan in the next couple of weeks; Kwame reviews pricing before it goes out": a thing's
 * going out, not dated itself, is the sending an earlier sentence gives a deadline; before a span's deadline the
 * task shares it (as "before the end of X" is the end of X), before a named day ("by the 23rd") it is its eve.
 */
function sentThingsDueDate(phrase: string, earlier: string[], ref: LocalMoment): DateMention | null {
  for (let i = earlier.length - 1; i >= Math.max(0, earlier.length - 2); i--) {
    const at = SENDS.exec(earlier[i]);
    if (!at) continue;
    const date = dateMentions(earlier[i].slice(at.index + at[0].length), ref)[0];
    if (!date || date.timeOnly) continue;
    const day = SPAN.test(date.phrase) ? date.day : addDays(date.day, -1);
    return day >= ref.day ? { day, phrase, deadline: true } : null;
  }
  return null;
}

/**
 * "Inspect both when they come in" after "Summit is returning both boom lifts tomorrow afternoon" ("when they do"
 * after "the loaners come back end of next week", "once it's back", texting's "when its in" too), "repair it
 * once the part arrives" after "The part is due Friday": the day of the event the task waits for, the last date
 * of an earlier sentence that names its noun (any earlier one for a pronoun), else the date of the next sentence
 * when it names the noun.
 */
/** "when they come in", "once it's back": the particle that ends what is waited for. */
const WAITED_TAIL = /^\s*(?:in|back|here|over)\b/i;
/** An arrival told: "ETA Wed", "due in Tuesday", "expected Friday", "should be here Thursday". */
const TOLD_ARRIVAL = /\b(?:ETA|due\s+in|expected(?:\s+in)?|should\s+(?:be\s+)?(?:here|in|arrive))\b/i;
function eventDueDate(clause: string, earlier: string[], ref: LocalMoment, next?: string): DateMention | null {
  const match =
    /\b(?:when|once|as\s+soon\s+as)\s+(?:(?:the|our|their|your)\s+(\w+)|it|they|he|she)(?:\s+(?:comes?|arrives?|gets?|is|are|lands?|(?:do|does)(?=\s*[.,;!?]?\s*$))|(?:'s|'re|s)(?=\s+(?:back|in|here)\b))\b/i.exec(
      clause,
    ) ?? /\b(?:when|once|as\s+soon\s+as)\s+([a-z]+s)\s+(?:show\s+up|come\s+in|arrive|land)\b/i.exec(clause);
  if (!match) return null;
  const noun = match[1]?.toLowerCase().replace(/s$/, '');
  const end = match.index + match[0].length;
  // "Install the scissor batteries when they come in" under "Dan ordered batteries last week, ETA Wed.", "rebuild
  // the pump once seals show up" under "pump seals going, parts ordered, ETA Tues": the arrival told with its day, in
  // any earlier sentence (that names the noun), over the last date said.
  for (let i = earlier.length - 1; i >= 0; i--) {
    if (noun && !earlier[i].toLowerCase().includes(noun)) continue;
    const told = TOLD_ARRIVAL.exec(earlier[i]);
    const day = told ? dateMentions(earlier[i].slice(told.index), ref)[0] : undefined;
    if (day && !day.timeOnly)
      return { ...day, phrase: match[0] + (WAITED_TAIL.exec(clause.slice(end))?.[0] ?? ''), deadline: true };
  }
  for (let i = earlier.length - 1; i >= Math.max(0, earlier.length - 3); i--) {
    if (noun && !earlier[i].toLowerCase().includes(noun)) continue;
    const last = dateMentions(earlier[i], ref, true).pop();
    // Its phrase is the words that point back ("when it comes in"), as "before then" is: said before the first of
    // coordinated actions, it is every one's ("when it comes in, grease it and check the tracks").
    if (last) return { ...last, phrase: match[0] + (WAITED_TAIL.exec(clause.slice(end))?.[0] ?? ''), deadline: true };
  }
  // "... once the part arrives. Part should be here by Friday."
  const told = noun && next?.toLowerCase().includes(noun) ? dateMentions(next, ref)[0] : undefined;
  return told ? { ...told, deadline: true } : null;
}
