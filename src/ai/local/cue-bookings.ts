/**
 * Bookings and deliveries asked for or offered (docs/ai.md, "Action cues"): a customer's "we'd like to reserve", the
 * desk's "put him down for it", a customer's want of things on site by a time, the team's "Do you want it delivered?"
 * and "Delivery Tuesday morning?", and a dispatch list's day ("Mon: 2 light towers to Silverline Paving").
 */

/**
 * "I would like to reserve the wood chipper", "we'd like to book the boom": a customer's want, for the team to meet ("we'd
 * like to rent the trencher" only says what the questions after it are about).
 */
export const LIKE_TO =
  /\b(?:i|we)(?:'d|\s+would)\s+(?:also\s+)?like\s+to\s+(reserve|book|order|extend|schedule|swap|cancel|lock\s+in|hold)\s+(?=(?:the|a|an|two|three|four|\d+|our|my|another|one)\s)/gi;
/** "put him down for it", "pencil them in for the 60 ft boom": a booking made for the customer. */
export const PUT_DOWN_FOR =
  /\b(?:put|pencil)\s+(him|her|them|us|me)\s+(?:down|in)\s+for\s+(it|them|(?:the|a|an|two|three|four|\d+)\s+[^,.;!?]+?)(?=\s+(?:and|so|but|then)\b|[,.;!?]|$)/i;
/**
 * "they want the concrete buggy and two vibrators there by six thirty", "the crew needs two heaters on site by 7": a
 * customer's want of things at their place by a time, passed on: the team's delivery.
 */
export const WANT_THERE =
  /\b(?:they|he|she|the\s+(?:customer|client|crew|foreman|super))\s+(?:still\s+)?(?:wants?|needs?)\s+((?:the|a|an|two|three|four|five|\d+|their|some)\s+[^,.;!?]{1,60}?)\s+(?:there|out\s+there|on\s+site)\s+(?:by|at|before|first\s+thing|tomorrow|today|on)\b/i;
/** "Do you want it delivered?": the team's offer of a delivery, theirs to make when taken. */
export const OFFERS_DELIVERY =
  /\b(?:do|would)\s+(?:you|they)\s+(?:want|like|need)\s+(it|them|(?:the|your)\s+[\w-]+(?:\s+[\w-]+)?)\s+(delivered|picked\s+up|set\s+up)\s*\?/i;
/** "Delivery Tuesday morning?", "Drop-off tomorrow at 7?": a delivery's time offered as a question. */
export const DELIVERY_SLOT =
  /^(?:so\s+|and\s+|ok(?:ay)?,?\s+)?(?:delivery|drop-?off)\s+((?:on\s+|this\s+|next\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|the\s+\d+(?:st|nd|rd|th)?)(?:\s+(?:morning|afternoon|evening|at\s+\S+|am|pm))?)\s*\?$/i;
/** A list's line that names a day, then things to a customer ("Mon: 2 light towers to Silverline Paving"). */
export const DAY_RUN =
  /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?\s*:\s+((?:two|three|four|five|six|\d+|a|an|the)\s+[^:;]+?\s+to\s+[A-Z].*)$/i;
