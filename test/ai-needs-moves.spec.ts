/**
 * Round eighteen of issue 26's "AI 2", needs and moves (docs/ai.md, "Round eighteen: needs and moves"): equipment
 * that has to go out or come back, said as a need, a want or a schedule rather than asked for, is the team's
 * delivery or pickup when it says a time or a place and no other task of the text covers it; a price asked for, a
 * customer's own need without a place and a deadline, and a thing another task already works on give none. The
 * texts here are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and each task's verb and due date. */
const MOVES = `
memo | a want passed on with a place and a day | hey it's Jake, Quinn Homes called, they need three patio heaters at the Elm Street job Thursday | Deliver 2026-11-26
note | a texted want with a day | harlow wants the trencher wed. jake ur on it | Deliver 2026-11-25
note | equipment that goes out, a customer's by its possessive | Yard notes Monday\\nBaker's two scissor lifts go out tomorrow 6am, loaded tonight. Forklift battery on the charger. | Deliver 2026-11-24
memo | a need of the thing with its move's participle | ok so the library job needs the 45 ft boom delivered Wednesday morning | Deliver 2026-11-25
email | the customer's own need with a place and a deadline | Tom,\\n\\nWe start framing on the 2nd and need the telehandler on site no later than the 1st.\\n\\nThanks,\\nNora | Deliver 2026-12-01
memo | equipment that comes back | Quinn's light tower comes back Friday afternoon, the rest stays through December | Pick 2026-11-27
memo | a want beside a price asked for (the price is no move) | Ortiz needs a price on the 60 ft boom for Saturday, and Dunn wants the mixer at their Oak Street job Tuesday | Send 2026-11-24, Deliver 2026-11-24
memo | a want after a past move (the past is no move) | we delivered the compactor to Dunn on Monday. they also want the roller there Friday | Deliver 2026-11-27
memo | a need another task works on gives no move of its own | Harlow needs the trencher Friday. Jake, grease it when you get a chance. Dunn wants two heaters at their Pine Street job Thursday. | Grease null, Deliver 2026-11-26
email | a customer's own need with a length, for a quote, gives no booking | Hi Tom,\\n\\nWe need a 45 ft boom for the 7th, about two weeks. Can you send me a quote? Also the crew wants the light tower at the Pine Street job tomorrow.\\n\\nNora | Send null, Deliver 2026-11-24
memo | a booking in the desk's words, for a period (no date) | Nora from Quinn Homes came by about the 45 ft boom, she wants it Tuesday through Thursday so put her down for it | Reserve null
email | "lock in" as a booking, for a period (no date) | Tom,\\n\\nWe'd like to lock in the three light towers for the second week of January.\\n\\nNora | Reserve null
call | a delivery's time offered on a call, the day agreed after it | Tom: Acme Rentals, Tom speaking.\\nNora: Hi Tom, Nora at Quinn Homes. I need a walk-behind trencher for the drainage job next week.\\nTom: I have one. Delivery Wednesday morning?\\nNora: Tuesday afternoon would be better.\\nTom: Tuesday afternoon it is. | Deliver 2026-11-24
`;

describe('round eighteen: needs and moves of equipment', () => {
  it.each(tableCases(MOVES))('$name', ({ kind, text, expected }) => {
    const tasks = extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.dueDate}`);
    expect(tasks).toEqual(expected.split(', '));
  });
});
