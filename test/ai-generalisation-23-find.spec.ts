/**
 * Round twenty-three of issue 26's "AI 2", finding more on text like the hidden sets (docs/ai.md, "Local provider
 * rules", and the "round twenty-three, finding more" rows of "Figures"): a customer's want of things on site by a
 * day, said without "there" ("we need all three dumpers on site Dec 2"); a "please <verb>" that leaves out its object,
 * the thing said before ("..., please remove.", "Jake to load Wednesday afternoon"). The texts here are written for this file: none of them is in the
 * bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a mail's customer is Nora Quinn's.
const verbsAndDays = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.title.split(' ')[0]} ${t.dueDate ?? 'none'}`);

/** A table's cases, each expecting the tasks' verbs and due dates: a list said with ", " ("-": none). */
function readsAs(title: string, table: string): void {
  describe(title, () => {
    it.each(tableCases(table))('$name', ({ kind, text, expected }) => {
      expect(verbsAndDays(kind, text)).toEqual(expected === '-' ? [] : expected.split(', '));
    });
  });
}

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' verbs and days. */
const WANTED_ON_SITE = `
email | reads "we need all <things> on site <date>" as the delivery | Hi Tom,\\n\\nWe need all three dumpers on site Dec 2 for the pour.\\n\\nNora | Deliver 2026-12-02
memo | reads "they want another one on site today" as the delivery | Tom here. The breaker at Quinn quit again. They want another one on site today. | Deliver 2026-11-23
email | reads "we need both <things> on site <weekday>" as the delivery | Hi Tom,\\n\\nWe need both heaters on site Friday, the slab gets poured Saturday.\\n\\nNora | Deliver 2026-11-27
`;

readsAs('round twenty-three: a want of things on site by a day', WANTED_ON_SITE);

/** Wants that stay as they were: a delivery moved, a want for a period, a want with "there". */
const NOT_WANTED_ON_SITE = `
call | keeps "we need the <thing> back on site <day>" the delivery's move only | Tom: Acme, Tom speaking.\\nNora: We need the scissor back on site Thursday, not Wednesday. Can you move the delivery?\\nTom: Sure. | Move none
email | keeps "out at <place> for most of <month>" no task | Hi Tom,\\n\\nThey need 2 heaters out at the farm for most of December.\\n\\nNora | -
memo | keeps "wants the <thing> there by <time>" the delivery it was | Jake here. The crew wants the mixer there by 7 tomorrow. | Deliver 2026-11-24
`;

readsAs('round twenty-three: wants that stay as they were', NOT_WANTED_ON_SITE);

/** One case a line: the kind of text, what it shows, the text and the tasks' verbs and days. */
const ELIDED_OBJECT = `
email | reads "..., please reserve." as reserving the thing said | Hi Tom,\\n\\nWe want the same roller again for Friday for a driveway, please reserve.\\n\\nNora | Reserve 2026-11-27
email | reads "..., please remove." as removing the fee said | Hi Tom,\\n\\nOn invoice 7781 there is a delivery fee for the pickup we did ourselves, please remove.\\n\\nNora | Remove none
email | reads "Please revise and send again." as the revision | Hi Tom,\\n\\nThe quote has the wrong rate for the boom. Please revise and send again.\\n\\nNora | Revise none
sms | reads a text's "pls fix" as the fix | the statement for october has the late fee again, pls fix | Fix none
notes | reads "<member> to load <day>" as loading the thing said before | Yard sync\\n- Quinn Homes wants the boom at the school job Thursday. Jake to load Wednesday afternoon | Load 2026-11-25
email | reads "..., please check by <day>." as the check, dated | Hi Tom,\\n\\nThe statement has the late fee again, please check by Friday.\\n\\nNora | Check 2026-11-27
`;

readsAs('round twenty-three: a please with its object left out', ELIDED_OBJECT);

/** Bare pleases that stay as they were: nothing done to a thing said before. */
const NOT_ELIDED = `
email | keeps "please confirm" no task | Hi Tom,\\n\\nWe moved the pour to Friday, please confirm.\\n\\nNora | -
notes | keeps "<member> to <verb> <thing> <day>" as it was | Yard sync\\n- Priya to call Quinn Homes Friday | Call 2026-11-27
notes | keeps "<member> to <verb> <day>" no task where the verb acts on nothing | Yard sync\\n- Two heaters came back. Jake to rest Friday | -
call | keeps a caller's "Please do." no task of its own | Tom: Acme, Tom speaking.\\nNora: Can you recommend someone for the tent?\\nTom: I can recommend someone.\\nNora: Please do. | Recommend none
`;

readsAs('round twenty-three: bare pleases that stay as they were', NOT_ELIDED);
