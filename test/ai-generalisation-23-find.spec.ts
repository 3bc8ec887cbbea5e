/**
 * Round twenty-three of issue 26's "AI 2", finding more on text like the hidden sets (docs/ai.md, "Local provider
 * rules", and the "round twenty-three, finding more" rows of "Figures"): a customer's want of things on site by a
 * day, said without "there" ("we need all three dumpers on site Dec 2"). The texts here are written for this file:
 * none of them is in the bench sets or the corpus.
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
