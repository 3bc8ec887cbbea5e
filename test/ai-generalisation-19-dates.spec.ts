/**
 * Round nineteen of issue 26's "AI 2", dates (docs/ai.md, "Round nineteen, dates"): on a call, the team's later line
 * that says when the customer will have what was promised ("You'll have them this week.", "I'll have something to
 * you before then."), a short yes to the customer's push with a deadline ("Deal."), and the time in any sentence
 * of the team's answer to "How soon?" date the commitment said before; work waiting for a part ("when they come
 * in", "once filters show up") is due on the day an earlier line told it arrives ("ETA Thu"); the day of what is
 * not heard by ("If I haven't heard back by Thursday I'll ...", "If no reply by Friday ...") is no due date; a
 * delivery with no day of its own is due on the first day of a rental period said before it. The texts are written for this file, in no
 * bench set; the reference is Monday 2026-11-23.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const PROMISED_LATER = `
call | dates the fix by "You'll have them this week." two lines on | Priya: Billing, Priya.\\nNora: Two of our invoices are missing the job number.\\nPriya: I'll put the job number on both and resend them.\\nNora: Thanks, our books close on the 30th.\\nPriya: You'll have them this week. | 2026-11-27
call | dates the price by "I'll have something to you before then." after the customer's day | Tom: Tom at Acme.\\nNora: We need a price on two light towers for the winter.\\nTom: I can put numbers together for you.\\nNora: Great, our committee meets on the 3rd.\\nTom: I'll have something to you before then. | 2026-12-02
call | dates both promises by the customer's "if I can have it by Thursday" answered "Deal." | Tom: Acme, Tom speaking.\\nNora: The heater on invoice 5120 was billed twice.\\nTom: I'll check the contract and send you a fixed invoice.\\nNora: If I can have it by Thursday I'll pay the lot.\\nTom: Deal. | 2026-11-26, 2026-11-26
call | dates the visit by the time in the answer's second sentence to "How soon?" | Maria: Acme, Maria.\\nNora: The compressor at our yard quit.\\nMaria: I'll have Jake swing by and look at it.\\nNora: How soon?\\nMaria: One second. Okay, he can get there by three today. | 2026-11-23
call | gives no date from a later line that only says what the customer plans | Tom: Tom at Acme.\\nNora: We need a price on two light towers.\\nTom: I can put numbers together for you.\\nNora: Great, our committee meets on the 3rd.\\nTom: Good to know. | none
`;

describe('round nineteen: a later line of a call dates the promise', () => {
  it.each(tableCases(PROMISED_LATER))('$name', ({ kind, text, expected }) => {
    const dates = extractTasks(text, kindContext(kind)).map((t) => t.dueDate ?? 'none');
    expect(dates.join(', ')).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text and each task's due date ("none"). */
const WAITED_FOR = `
notes | dates "when they come in" by an "ETA" told lines above, not by the last date said | Shop notes\\n- Boom #4: new tires ordered, ETA Thu\\n- Wash bay pump fixed\\n- Forklift #2 needs a new seat\\n\\nAction items\\n- Jake: quote the Elm St job by the 30th\\n- Dan: mount the boom tires when they come in | 2026-11-30, 2026-11-26
notes | dates "once filters show up" by the line that tells the filters' ETA | Service notes\\n- Compressor #7: filters on order, ETA Wednesday\\n- Light tower #3 back on the line\\n\\nTODO\\n- Dan: service compressor #7 once filters show up | 2026-11-25
notes | gives no date when no line tells when the part comes | Service notes\\n- Compressor #7: filters on order\\n- Light tower #3 back on the line\\n\\nTODO\\n- Dan: service compressor #7 once filters show up | none
`;

describe('round nineteen: work waiting for a part is due on the day it was told to arrive', () => {
  it.each(tableCases(WAITED_FOR))('$name', ({ kind, text, expected }) => {
    const dates = extractTasks(text, kindContext(kind)).map((t) => t.dueDate ?? 'none');
    expect(dates.join(', ')).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text and each task's due date ("none"). */
const NOT_HEARD_BY = `
memo | gives no date from "If I haven't heard back by Thursday" before the action | Left a message for Nora about the open balance. If I haven't heard back by Thursday I'll call her office manager. | none
memo | gives no date from "If no reply by Friday" before the action | Called Quinn Homes twice about the deposit. If no reply by Friday I'm sending the account to collections. | none
memo | still dates an action by "by Friday" after a condition that is met | If Nora pays today, send her the receipt by Friday. | 2026-11-27
`;

describe('round nineteen: the day of what is not heard by is no due date', () => {
  it.each(tableCases(NOT_HEARD_BY))('$name', ({ kind, text, expected }) => {
    const dates = extractTasks(text, kindContext(kind)).map((t) => t.dueDate ?? 'none');
    expect(dates.join(', ')).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text and each task's due date ("none"). */
const DELIVERY_STARTS = `
email | dates the delivery, not the booking, by the rental's start said the sentence before | Hi Tom,\\n\\nPlease book the 60 ft boom for our roofing job starting on the 30th, three weeks. We'll need it delivered to the back lot.\\n\\nNora | none, 2026-11-30
notes | dates "for the delivery" by a start said lines above | Site visit - Quinn Homes\\n- They want two heaters starting December 2 for a month.\\n\\nNext steps:\\n- Jake to line up the trailer for the delivery | 2026-12-02
`;

describe('round nineteen: a delivery goes out on the first day of a rental period said before it', () => {
  it.each(tableCases(DELIVERY_STARTS))('$name', ({ kind, text, expected }) => {
    const dates = extractTasks(text, kindContext(kind)).map((t) => t.dueDate ?? 'none');
    expect(dates.join(', ')).toBe(expected);
  });
});
