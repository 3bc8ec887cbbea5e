import { addDays, dayOf, LocalMoment } from './calendar';
import { countOf, nextWeekday, parser, WEEKDAYS } from './date-parsers';
import { AWAY_WORDS, DateMention, dateMentions, instantOf, SAME_DAY } from './due-date';

/**
 * Due dates anchored in the sentences before a task (docs/ai.md, "Due dates"): "before he leaves" when an earlier
 * sentence says when he does, "the Monday after", a delivery's or a pickup's day, "before it goes out", the day an
 * awaited part or visit arrives.
 */

/** "the inspection" is said "the inspector shows up", "the delivery" "delivered": the noun's stem is looked for. */
const stemOf = (noun: string | undefined) =>
  noun && noun.length > 6 ? noun.replace(/(?:ions?|ors?|ers?|ies|y|ing)$/, '') : noun;

/**
 * "I'm out Wednesday through Friday. Can you send me the statement before I go?": the first day of an absence said
 * before (a range's start too, which dateMentions drops as a period), for a task due before the person leaves.
 */
const LEAVING =
  /\bbefore\s+(?:(?:i|we|he|she|they)\s*(?:go|leave|head\s+out|take\s+off|'m\s+out|am\s+out|'re\s+out|are\s+out)|(?:(?:my|his|her|their|our|the)\s+)?(?:vacation|time\s+off|leave)(?!\s+(?:ends|is\s+over)))\b/i;
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
  // "Sam - confirm the deliveries by Thursday / Jake - stage the lifts the evening before" under "4 scissor lifts out"
  // on the 22nd: "the evening before" too.
  if (/^(?:before\s+(?:then|that)|the\s+(?:day|night|evening)\s+before)$/i.test(match[0])) {
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
/** "a week ", "two days ": how long before. */
const LEAD = /\b(a|one|two|three|four|five|six|\d)\s+(days?|weeks?)\s+(?=before\b)/i;
const leadDays = (count: string, unit: string) =>
  (/^(?:a|one)$/i.test(count) ? 1 : countOf(count)) * (/^w/i.test(unit) ? 7 : 1);
function verbAnchoredDueDate(clause: string, earlier: string[], ref: LocalMoment): DateMention | null {
  const arrival = BEFORE_ARRIVAL.exec(clause);
  // "before statements go out" after "Statements go out on the 31st": a plural noun is a subject as a pronoun is.
  // "have it out a week before it's due" after "bid due 7/14": the lead said before it counts back (round
  // twenty-four), and "it's" / "they're" are a subject as "it" is.
  const lead = LEAD.exec(clause);
  const match =
    arrival ??
    /\bbefore\s+(?:it|he|she|they|we|you|[a-z]{4,}s)(?:'s|'re|\s+is|\s+are)?\s+(go|[a-z]{3,}?)(?:e?s)?(?:\s+out)?\b/i.exec(
      clause,
    );
  if (!match) return null;
  const counted = lead && lead.index + lead[0].length === match.index ? lead : null;
  const back = counted ? leadDays(counted[1], counted[2]) : 1;
  const phrase = (counted?.[0] ?? '') + match[0];
  // "Before it leaves, grease the boom" after "The crane goes out Thursday": leaving said in other words.
  // "swap the forks before it goes anywhere" after "the telehandler moved ... on Wednesday": its move.
  const departure =
    !arrival && (DEPARTURE.test(match[0]) || /^\s+anywhere\b/i.test(clause.slice(match.index + match[0].length)));
  const verb = arrival ? ARRIVAL : departure ? DEPARTURE : new RegExp(`\\b${match[1]}(?:e?s|ed|ing)?\\b`, 'i');
  for (let i = earlier.length - 1; i >= 0; i--) {
    const at = verb.exec(earlier[i]);
    if (!at) continue;
    const date = dateMentions(earlier[i].slice(at.index + at[0].length), ref)[0];
    if (date) return { day: addDays(date.day, -back), phrase, deadline: true };
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
