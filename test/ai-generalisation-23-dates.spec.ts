/**
 * Round twenty-three of issue 26's "AI 2", due dates on text nobody tuned to (docs/ai.md, "Round twenty-three,
 * dates"): which day of the words around a task is its deadline. An item that says it can wait takes no day from a
 * heading or a sentence above it; a deadline inside a condition on what has not happened yet is what is waited for,
 * not the action's; a street's abbreviation ends its sentence, so the request after it keeps none of its days; a span
 * "out" said of a subject is how far off it is. The texts here are written for this file: none of them is in the
 * bench sets or the corpus.
 */
import { describeDates } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' due dates. */
const UNHURRIED = `
email | an item said "when you get a chance" takes no date from its list's heading | Hi Jake,\\n\\nA few odds and ends before Friday:\\n\\n- Please send the Birch St delivery ticket to Nora.\\n- When you get a chance, could you ring the tire shop about their last bill?\\n\\nMaria | 2026-11-26, -
notes | an item said "no rush" takes no date from a heading that names a day | Yard huddle\\n\\nFor Wednesday:\\n- Tom: check the tires on the trailer\\n- Jake: no rush, sort the spare hoses in the shed | 2026-11-25, -
memo | a request that can wait takes no day from the sentence before it | Maria here. The Quinn Homes walkthrough is Thursday. Jake, whenever you have a minute, tidy up the spare hoses in the shed. | -
email | an item said "not urgent" after its action takes no date from a list for tomorrow | Hi Jake,\\n\\nA couple of things for tomorrow:\\n\\n- Load the trencher for Quinn Homes.\\n- Call the tire shop about their bill at some point, not urgent.\\n\\nMaria | 2026-11-24, -
`;

/** Items that keep their dates: their own words give one, a needed-by follows, or they do not say they can wait. */
const KEPT = `
notes | an unhurried item keeps a day of its own sentence | Yard huddle\\n\\nFor Wednesday:\\n- Tom: check the tires on the trailer\\n- Jake: no rush, but call the tire shop by Tuesday | 2026-11-25, 2026-11-24
memo | an unhurried request keeps the needed-by said after it | Maria here. Jake, no rush, but order more fuel filters. We need them by Friday. | 2026-11-27
notes | an item with no such words still takes its heading's day | Yard huddle\\n\\nFor Wednesday:\\n- Tom: check the tires on the trailer\\n- Jake: sort the spare hoses in the shed | 2026-11-25, 2026-11-25
`;

/** One case a line: a deadline inside a condition on what has not happened yet dates nothing. */
const WAITED_FOR = `
memo | "if there's no <thing> by <weekday>" leaves the action after it undated | Priya here. Quinn Homes swears the check is in the mail. If there's no check by Thursday, I'll put them on credit hold. | -
notes | "<action> if nothing by <date>" leaves the item undated | Billing review\\n- Priya sends the final notice to Quinn Homes if nothing by 12/4 | -
email | "if we haven't heard back by tomorrow" leaves the call undated | Hi Tom,\\n\\nIf we haven't heard back from the supplier by tomorrow, please call them about the hoses.\\n\\nMaria | -
memo | a waited-for day after a dated step leaves the step under the condition undated | Priya here. I'll call Quinn Homes about the old invoice by Tuesday. If nothing comes in by Friday, I'll send them to collections. | 2026-11-24, -
memo | "unless it's paid by the end of the month" leaves the hold undated | Maria here. Jake, unless the Quinn invoice is paid by the end of the month, pull their account off net terms. | -
`;

/** Conditions and deadlines that keep their dates. */
const STILL_DUE = `
email | a polite "if you could <action> by <weekday>" is a deadline | Hi Tom,\\n\\nIf you could send us the revised quote by Friday, that would be great.\\n\\nNora | 2026-11-27
memo | a deadline after the condition is the action's | Priya here. If there's no check from Quinn Homes, send them a reminder by Wednesday. | 2026-11-25
`;

/** One case a line: a street's abbreviation ends its sentence, so a day said before it stays that sentence's. */
const STREET_ENDS = `
email | "on Birch Ave." ends the need, so the request after it takes none of its days | Hi Jake,\\n\\nWe need the trencher on site Thursday by 7am, same yard on Birch Ave. Please send me the signed rental agreement too.\\n\\nNora | 2026-11-26, -
memo | "at the Cedar Blvd." ends the want, so the call after it is undated | Maria here. Jake, the Quinn crew wants the trailer by Wednesday noon at the Cedar Blvd. Also call the tire shop about the spare. | 2026-11-25, -
`;

/** A saint's or a doctor's abbreviation before a name still ends nothing. */
const STREET_KEPT = `
memo | "St. Louis" after a lower-case word stays one sentence | Maria here. Jake, load the boom for the St. Louis job by Thursday. | 2026-11-26
`;

/** One case a line: a span "out" said of a subject with "be" is how far off it is, not the action's day. */
const LEAD_TIMES = `
memo | "they're about a week out" after an order is the parts' arrival, no due date | Maria here. The hoses for the pump need replacing, Jake, order two new ones, they're about a week out. | -
memo | "the supplier says it's three days out" leaves the order undated | Maria here. Jake, order the seal kit for the trencher, the supplier says it's three days out. | -
`;

/** Spans that stay due dates. */
const LEAD_KEPT = `
call | an invoice "about 45 days out" (its age) still dates nothing | Priya: I'm calling about the March invoice, it's about 45 days out.\\nNora: I know, sorry.\\nPriya: I'll email you a payment link. | -
memo | "in two days" is still a due date | Maria here. Jake, call Nora about the trencher in two days. | 2026-11-25
memo | a day of its own keeps dating the order | Maria here. Jake, order the seal kit by Wednesday, the supplier says it's three days out. | 2026-11-25
`;

describeDates('round twenty-three: an item that can wait takes no date from around it', UNHURRIED, KEPT);
describeDates(
  'round twenty-three: a deadline inside a condition on what has not happened is waited for',
  WAITED_FOR,
  STILL_DUE,
);
describeDates('round twenty-three: a street abbreviation ends its sentence', STREET_ENDS, STREET_KEPT);
describeDates('round twenty-three: a span "out" said of a subject is a lead time', LEAD_TIMES, LEAD_KEPT);
