/**
 * Round eighteen of issue 26's "AI 2", dates (docs/ai.md, "Round eighteen, dates"): the work said again as what has to
 * be done by a day in a later sentence, a time that opens the speaker's clause, a
 * dispatch line's day before an hour, the later bound of "A or B at the latest", a reservation's day inside what is
 * told, and a memo's opening day (today's) that only says when it was recorded. The texts here are written for this
 * file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and each task's verb and due date. */
const DATES = `
memo | dates a task by "the swap has to be done by Wednesday" two sentences on | Jake, swap the thermostat on the Elm St heater when the new one comes in. It's their only heater. The swap has to be done by Wednesday. | Swap 2026-11-25
memo | dates a task by "it's got to be fixed before then" after the day it points to | Maria here, credit the two rain days on the Quinn Homes invoice and resend it to Nora. She says their accounts close on the 30th so it's got to be fixed before then. | Credit 2026-11-29
memo | reads a time opening the speaker's clause over a day said after the action | Then this afternoon I have to get the compactor ready for Thursday, the Quinn crew picks it up early. | Prepare 2026-11-23
memo | reads "first thing Wednesday I need to" over a later day of another thing | So first thing Wednesday I need to sit down with Jake on the trailer rates, and Nora's bid is due on the 30th. | Sit 2026-11-25
notes | reads a dispatch line's day, not the hour after it | Dispatch for next week\\n\\nMon: 2 trench boxes to Quinn Homes, Birch Rd, first load 7am\\nTue: pick up the trencher from Elm St | Deliver 2026-11-30, Pick 2026-11-24
note | reads "Wednesday or Thursday at the latest" as Thursday | Jake, please swap the forks on the yard forklift Wednesday or Thursday at the latest. | Swap 2026-11-26
email | reads "today or first thing tomorrow at the latest" as tomorrow | Tom,\\n\\nThe generator at our Elm St job keeps cutting out. Can you send someone today or first thing tomorrow at the latest?\\n\\nNora | Send 2026-11-24
note | reads a reservation's day inside what is told as no due date | Maria, call Quinn Homes and tell them we are moving their reservation on the 30th to the bigger trench box. | Call null
memo | reads a memo's opening day (today's) as when it was recorded | hey it's Jake, Monday afternoon, so the yard forklift has a flat, I'll get it patched and order two new tires | Patch null, Order null
`;

describe('round eighteen: due dates said again, taken back, fronted, by a dispatch line and by a memo opening', () => {
  it.each(tableCases(DATES))('$name', ({ kind, text, expected }) => {
    const read = extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.dueDate}`);
    expect(read).toEqual(expected.split(', '));
  });
});
