/**
 * A weekday the title kept that is no part of its work (docs/ai.md, "Title"): the task's own date is taken out with
 * its phrase, but a day said of something else stays behind ("ask Jake if the trailer's free Saturday", "email Nora
 * the photos from the site visit on Thursday", "find out what time they need the lift on Wednesday"). A person at
 * the desk writes no date words in a title: the weekday goes where it ends the title or stands before its last
 * link ("... Monday for Quinn Homes"). It stays where it is what the work is about or until ("about Friday's
 * delivery", "move the delivery to Friday", "hold it until Friday", "price for Saturday"), where it dates an event the
 * work is on ("arrange the delivery on Monday"), where it is the title's object ("Hold Monday") and anywhere after
 * "about" ("ask Jake about hauling the roller on Saturday").
 */
const LEFT_DAY =
  /(?<!\b(?:about|at|on|this|next|by|in|to|until|till|through|from|for|of|ending|than|and|or|before|after|deliver(?:y|ies)|pick-?ups?|drop-?offs?|runs?|pours?|meetings?|shifts?|schedules?))\s+(?:(?:on|this|next|by|in)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+days?)?(?=\s+(?:for|at|to|with)\s|\s*$)/i;

/** The title without a weekday left at its end or before its last link, unless the weekday is its object. */
export function withoutLeftDay(title: string): string {
  const left = LEFT_DAY.exec(title);
  const head = title.slice(0, left?.index);
  // "Ask Jake about hauling roller on Saturday": the day is part of what an ask or a call is about.
  if (!left || head.trim().split(/\s+/).length < 2 || /\babout\b/i.test(head)) return title;
  return title.slice(0, left.index) + title.slice(left.index + left[0].length);
}
