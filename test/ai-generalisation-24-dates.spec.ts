/**
 * Round twenty-four of issue 26's "AI 2", due dates on text nobody tuned to (docs/ai.md, "Round twenty-four,
 * dates"): which day of the words around a task is its deadline. An hour on the clock said with no day is an hour of
 * the day said just before it, not of today. A wish in a later sentence that points back ("so we'd like it before
 * then") dates the request before it. A day of the month in digits with no "the" ("by 25th") is a day. A "before" pointing back to an event told
 * with its pronoun and verb is due on the eve of the day a task-less part of its sentence said, across a dash. The
 * next move or need of the thing a request is about, told right after it with a pronoun, dates the request. A memo's
 * opening "Couple things for Monday." dates the tasks after it until one is "not a Monday thing". A task said to come
 * "before I send it" / "before it goes out" is due on the eve of the day another task sends or delivers it. On a
 * call, "You'll have the quote before then." after the customer's "I need it by <day>" is that day. "a week before
 * it's due" counts back from the day an earlier line gave the thing's due. The texts here are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { describeDates } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' due dates. */
const HOUR_OF_DAY_SAID = `
email | a pickup hour after the day the crew starts is that day's | Hi Tom,\\n\\nOur crew starts at the Elm St site on Wednesday. Could you have the trencher loaded at 6:30 so we can grab it on the way?\\n\\nNora | 2026-11-25
call | the counter hour promised after the customer's day is that day's | Nora: I'd rather collect the compactor myself on Thursday, save the delivery fee.\\nTom: Sure, I'll have it at the counter at 8. | 2026-11-26
memo | an hour in the sentence after "tomorrow" is tomorrow's | Maria here. Quinn Homes picks up the boom tomorrow. Jake, have it washed and fueled by 7. | 2026-11-24
`;

/** Hours that stay today's: no day said before them, today said, or a part of today rather than an hour. */
const HOUR_KEPT = `
memo | an hour with no day said before it is today's | Maria here. Jake, call Nora about the trencher at 2. | 2026-11-23
memo | "this afternoon" after a later day stays today | Maria here. The Quinn job starts Thursday. Jake, call the tire shop this afternoon. | 2026-11-23
memo | an hour after "today" stays today | Maria here. The boom goes to Quinn Homes on Friday. The tire shop has our order today, Jake, pick up the tires at 3. | 2026-11-23
`;

/** One case a line: a later sentence's wish pointing back with "then" / "that" dates the request before it. */
const WANTED_BEFORE_THEN = `
email | "so we'd like it before then" after the board's day dates the quote asked for | Hi Tom,\\n\\nCould you send us a quote for two light towers? Our board meets Thursday so we'd like it before then.\\n\\nNora | 2026-11-25
email | "so we need it before that" after the books' closing day dates the fix asked for | Hi Tom,\\n\\nPlease can you fix the trencher invoice? Our books close on the 30th so we need it before that.\\n\\nNora | 2026-11-29
`;

/** Wishes that date nothing: no day for the pointer to reach. */
const WANTED_KEPT = `
email | "before then" with no day said before it dates nothing | Hi Tom,\\n\\nCould you send us a quote for two light towers? We'd like it before then if we can.\\n\\nNora | -
`;

/** One case a line: a day of the month in digits with no "the" after a preposition of time is a day. */
const BARE_ORDINAL = `
memo | "by 25th" is the 25th | Maria here. Jake, send the Quinn statement by 25th. | 2026-11-25
email | "on 30th" is the 30th | Hi Tom,\\n\\nPlease deliver the trencher on 30th, same address.\\n\\nNora | 2026-11-30
`;

/** Ordinals that name no day. */
const ORDINAL_KEPT = `
memo | "on 5th floor" is no day | Maria here. Jake, check the heater on 5th floor of the Quinn building. | -
`;

/** One case a line: "before it <verb>" after a day said in the part of the sentence before a dash is its eve. */
const EVE_ACROSS_DASH = `
notes | "expires 11/30 — renew it before it runs out" is the 29th | Yard huddle\\n- Trailer DOT sticker expires 11/30 — Jake renew it before it runs out | 2026-11-29
memo | "the pour is Friday; wash the mixer before they use it" is Thursday | Maria here. The Quinn pour is Friday; Jake, wash the mixer before they use it. | 2026-11-26
`;

/** Days that stay: the action's own day, or a day that is no deadline. */
const EVE_KEPT = `
memo | the action's own day before the pointer stays | Maria here. Jake, call Nora tomorrow, before she leaves for the day. | 2026-11-24
memo | a past day before the dash gives no eve | Maria here. The Quinn heater came back last Friday - Jake, replace the igniter before it goes out again. | -
`;

describeDates('round twenty-four: an hour said alone belongs to the day said before it', HOUR_OF_DAY_SAID, HOUR_KEPT);
describeDates('round twenty-four: a wish pointing back dates the request before it', WANTED_BEFORE_THEN, WANTED_KEPT);
describeDates('round twenty-four: a day of the month with no "the"', BARE_ORDINAL, ORDINAL_KEPT);
describeDates(
  'round twenty-four: "before it <verb>" across a dash is the eve of the day said',
  EVE_ACROSS_DASH,
  EVE_KEPT,
);

/** One case a line: the thing's next move or need told right after the request, with a pronoun, dates it. */
const THINGS_NEXT_MOVE = `
note | "is picking it up Wednesday" after the work dates the work | Swap the blade on the trencher. Quinn Homes is picking it up Wednesday. | 2026-11-25
email | "we're bringing them back Thursday" after the request dates it | Hi Tom,\\n\\nCould you check the hoses on the two pumps we have? We're bringing them back Thursday.\\n\\nNora | 2026-11-26
email | "we'd need it on site Friday" after an addition to the order dates it | Hi Tom,\\n\\nCan you add a second light tower to our order? We'd need it on site Friday.\\n\\nNora | 2026-11-27
`;

/** Next sentences that date nothing: what the thing is needed for, or a move in the past. */
const NEXT_MOVE_KEPT = `
sms | "need it for a job fri" is the job's day | Tom can u check if the trencher is back from Quinn? need it for a job fri | -
note | a move in the past dates nothing | Swap the blade on the trencher. Quinn Homes picked it up last Friday. | -
`;

describeDates("round twenty-four: the thing's next move dates the request before it", THINGS_NEXT_MOVE, NEXT_MOVE_KEPT);

/** One case a line: a memo's opening that names the day its things are for dates the tasks after it. */
const LIST_INTRO = `
memo | "Couple things for Wednesday." dates both tasks after it | Maria here. Couple things for Wednesday. Jake needs to load the trencher for Quinn Homes. And I want Tom to call the tire shop about the spare. | 2026-11-25, 2026-11-25
memo | "Tomorrow the runs:" dates the runs after it | Jake here. Tomorrow the runs: first the trencher goes to Quinn Homes, they want it early. Then I pick up the two heaters from the Elm St school. | 2026-11-24
memo | "Note for Friday," dates the task in its own sentence | Note for Friday, Quinn Homes is doing the count, so print the inventory sheets. | 2026-11-27
`;

/** Tasks the opening does not date: one said not to be for that day, one with a day of its own and those after. */
const LIST_INTRO_KEPT = `
memo | "not a Wednesday thing" ends the list's day | Maria here. Couple things for Wednesday. Jake needs to load the trencher for Quinn Homes. Not a Wednesday thing, but Tom should call the tire shop about the spare. | 2026-11-25, -
memo | a sentence with no list opening dates nothing after it | Maria here. The Quinn pour was moved to Wednesday. Jake needs to load the trencher. | -
`;

describeDates('round twenty-four: a memo\'s "things for <day>" dates the tasks after it', LIST_INTRO, LIST_INTRO_KEPT);

/** One case a line: "before <someone> sends it" / "before it goes out" is the eve of the sending's or delivery's day. */
const EVE_OF_SENDING = `
memo | a check "before I send it" is the eve of the price promised for Thursday | Tom here. I told Nora I'll get her a price on two light towers by Thursday. I'll have Jake check which ones are free before I send it. | 2026-11-26, 2026-11-25
notes | "tell Tom before he sends it" is the eve of Tom's Wednesday | Yard huddle\\n- Tom: get the signed contract to Quinn Homes by Wednesday\\n- Priya: check the deposit, tell Tom before he sends it | 2026-11-25, 2026-11-24, 2026-11-24
memo | "before it goes out" is the eve of the delivery's Friday | Maria here. Quinn Homes wants the trencher delivered Friday, Jake that's you. Priya, get a card on file before it goes out. | 2026-11-27, 2026-11-26
`;

/** "before it goes out" of a machine no task delivers: no date from a sending of paper. */
const EVE_OF_SENDING_KEPT = `
memo | a machine's going out is not the quote's day | Maria here. Send the revised quote to Nora by Thursday, and Jake should grease the trencher before it goes back out. | 2026-11-26, -
`;

describeDates('round twenty-four: "before I send it" is the eve of the sending', EVE_OF_SENDING, EVE_OF_SENDING_KEPT);

/** One case a line: the team's "You'll have the <thing> before then" answers the customer's push. */
const HAVE_THE_THING = `
call | "before then" after the customer's "by Friday" is Friday | Tom: I'll put both options in a quote for the two trenchers.\\nNora: Great. We start on the 30th, so I need to sign it by Friday.\\nTom: You'll have the quote before then. | 2026-11-27
`;

/** An event's day with no deadline keeps its eve (round nineteen's reading); a pointer with nothing to point to. */
const HAVE_THE_THING_KEPT = `
call | "before then" after the customer's event day with no deadline is its eve | Tom: I'll put a quote together for the two trenchers.\\nNora: Our board meets on Thursday.\\nTom: You'll have the quote before then. | 2026-11-25
call | "before then" with no day said before it dates nothing | Tom: I'll put a quote together for the two trenchers.\\nNora: Thanks, talk soon.\\nTom: You'll have the quote before then. | -
`;

describeDates('round twenty-four: "You\'ll have the quote before then" on a call', HAVE_THE_THING, HAVE_THE_THING_KEPT);

/** One case a line: "<lead> before it's due" counts back from the due day an earlier sentence gave. */
const LEAD_BEFORE_DUE = `
notes | "a week before it's due" after "bid due 12/10" is the 3rd | Bid review\\n- Quinn Homes warehouse reroof, bid due 12/10\\n- Priya: build the Quinn bid, have it out a week before it's due | 2026-12-03
memo | "two days before it's due" after "is due Friday" is Wednesday | Maria here. The insurance renewal is due Friday. Priya, send them the new fleet list two days before it's due. | 2026-11-25
memo | "before it's due" alone is the eve | Maria here. The insurance renewal is due Friday. Priya, send them the new fleet list before it's due. | 2026-11-26
`;

/** A lead with no due day said before it dates nothing. */
const LEAD_BEFORE_DUE_KEPT = `
memo | no due day said, no date | Maria here. Priya, send them the new fleet list a week before it's due. | -
`;

describeDates('round twenty-four: "a week before it\'s due" counts back', LEAD_BEFORE_DUE, LEAD_BEFORE_DUE_KEPT);
