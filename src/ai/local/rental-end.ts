/**
 * "I'll extend the contract to the 21st", "extend it out to the end of the month", "can you extend him to Monday",
 * "extended their boom till Friday": the day after an extension's "to" is the rental's new end, not when the
 * extending is due (docs/ai.md, "Local provider rules"); "extend it by Friday" keeps its deadline.
 */
export const EXTENDED_TO =
  /\b(?:extend(?:s|ed|ing)?|prolong(?:s|ed|ing)?)\b(?:\s+[\w'#-]+){0,6}?\s+(?:out\s+|on\s+)?(?:to|till|until|til|into|thru|through)\s+(?:the\s+|next\s+)?$/i;
