/**
 * Round twenty-three of issue 26's "AI 2", due dates on fresh writers (docs/ai.md, "round twenty-three, due dates on
 * fresh writers"): words the writers of the newest train files use around a task that are, or are not, its day. A
 * note's clipped "this aft" is this afternoon; a unit counted by no number ("with the hours") is a quantity, no time;
 * a weekday ending the clause of a contact made ("Nora asked Friday", "called Thu") is when it was made; "so" after
 * a form of "be" ("the system was so slow today") is a degree, not the start of another part. The texts here
 * are written for this file: none of them is in the bench sets or the corpus.
 */
import { describeDates } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' due dates. */
const CLIPPED_AFTERNOON = `
memo | "this aft" is this afternoon | Maria here. Jake, ring Nora back this aft about the trailer. | 2026-11-23
notes | "this aftn" on a note's item is this afternoon | Yard huddle\\n- Tom: load the mixer onto the flatbed this aftn | 2026-11-23
`;

/** "aft" that is no afternoon, and the afternoon spelled out. */
const AFTERNOON_KEPT = `
memo | "the aft end" of a trailer is no time | Maria here. Jake, hose down the aft end of the boat trailer. | -
memo | "this afternoon" stays today | Maria here. Jake, ring Nora back this afternoon. | 2026-11-23
`;

/** One case a line: a unit of time counted by no number is a quantity, not a time to act. */
const UNCOUNTED_UNITS = `
memo | "with the hours" on a list is the hour readings | Maria here. Jake, can you print the list of our used lifts for sale with the hours and send it to Nora. | -
email | "the days" each unit was out is a count | Hi Tom,\\n\\nPlease send me a statement with the days each heater was on rent.\\n\\nNora | -
`;

/** Spans and readings that stay as they are. */
const COUNTED_KEPT = `
memo | "in a few hours" is still today | Maria here. Jake, call Nora in a few hours about the trencher. | 2026-11-23
memo | "the hour reading" keeps the deadline after it | Maria here. Jake, send Nora the hour reading by Friday. | 2026-11-27
`;

/** One case a line: a weekday ending the clause of a contact made is the day it was made. */
const CONTACT_DAYS = `
notes | "<name> asked <weekday>" ending an item is when it was asked | Ops huddle\\n- TB: quote for Quinn Homes on a 40ft boom for the roof, Nora asked Friday | -
memo | "<name> called <weekday>." ending the sentence is the call's day | Maria here. Send Quinn Homes the rate sheet, Nora called Thursday. | -
`;

/** Days said or asked for, and contacts with what was said after them, stay as they are. */
const CONTACT_KEPT = `
memo | "<name> said <weekday>" is the day said | Maria here. Nora said Friday, so get the quote to her by then. | 2026-11-27
memo | the thing asked for between the verb and the day keeps the day | Maria here. Nora asked for the boom Friday, book it. | 2026-11-27
memo | a call's day before "asking" stays the call's | Maria here. Nora called Tuesday asking for a heater, quote her one. | -
memo | a weekday of the task's own stays due | Maria here. Jake, call Nora Friday. | 2026-11-27
`;

/** One case a line: "so" after a form of "be" is a degree, so the past day after it stays in the past. */
const DEGREE_SO = `
memo | "the phone was so busy today" after a request is a past day | Maria here. Jake, please book the boom for Quinn Homes, I had no time, the phone was so busy today. | -
email | "it got so hectic Monday" is what happened, no due date | Hi Tom,\\n\\nPlease send me the signed agreement, it got so hectic Monday.\\n\\nNora | -
`;

/** "so" that joins two clauses still starts the action's part. */
const DEGREE_KEPT = `
memo | ", so call ... today" after a past clause stays today | Maria here. The trailer was fine, so call Nora today. | 2026-11-23
memo | a degree "so" and a joining "so" in one sentence keep the action's day | Maria here. Jake, the hose is so worn, so replace it today. | 2026-11-23
`;

/** Each rule of the round: its title, the cases it changes and the cases it keeps. */
const RULES: Array<[string, string, string]> = [
  ['a clipped "this aft" is this afternoon', CLIPPED_AFTERNOON, AFTERNOON_KEPT],
  ['a unit counted by no number is no time', UNCOUNTED_UNITS, COUNTED_KEPT],
  ['a weekday ending a contact made is its day', CONTACT_DAYS, CONTACT_KEPT],
  ['"so" after a form of "be" is a degree', DEGREE_SO, DEGREE_KEPT],
];
for (const [title, changed, kept] of RULES) describeDates(`round twenty-three, due dates: ${title}`, changed, kept);
