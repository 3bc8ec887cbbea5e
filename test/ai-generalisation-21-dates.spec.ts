/**
 * Round twenty-one of issue 26's "AI 2", dates (docs/ai.md, "Round twenty-one, dates"): the customer's own calendar
 * said after a request (a payment run, a bookkeeper's payment day, books closed by month end) dates the request. The
 * texts are written for this file, in no bench set; the reference is Monday 2026-11-23.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

const dueDates = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind))
    .map((t) => t.dueDate ?? 'none')
    .join(', ');

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const OWN_CALENDAR = `
email | dates a resent invoice by the customer's check run on the 1st | Hi Tom,\\n\\nCould you resend the October invoice with our job number on it? Our accounts payable cuts checks on the 1st.\\n\\nThanks,\\nNora | 2026-12-01
email | dates a form asked for by the day their bookkeeper pays vendors | Hi Tom,\\n\\nCan you send over your W-9? Our bookkeeper pays vendors on Thursday.\\n\\nNora | 2026-11-26
email | dates a statement asked for by books closed at the end of the month | Tom,\\n\\nPlease send me the November statement. Our controller is closing the books by the end of the month.\\n\\nThanks, Nora | 2026-11-30
email | dates a corrected invoice by the customer's payment run said as "is" | Hi Tom,\\n\\nCan you fix the PO number on invoice 2210? Our payment run is Wednesday.\\n\\nNora | 2026-11-25
email | gives no date from the customer's office closed on a day | Hi Tom,\\n\\nCould you send me the updated price list? Our office is closed Friday.\\n\\nNora | none
email | gives no date from a payment the customer already made | Hi Tom,\\n\\nCould you send the December invoice? Our accountant paid the last one on Tuesday.\\n\\nNora | none
`;

describe("round twenty-one: the customer's own calendar after a request dates it", () => {
  it.each(tableCases(OWN_CALENDAR))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const A_MOMENT = `
email | gives no date to "when you get a sec" | Hi Tom,\\n\\nCould you send me the rate sheet for the scissor lifts when you get a sec?\\n\\nNora | none
sms | gives no date to "whenever you have a sec" | Nora: can u check the hour meter on our lift whenever you have a sec | none
`;

describe('round twenty-one: "a sec" is a moment, not a time of day', () => {
  it.each(tableCases(A_MOMENT))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const MOVED = `
email | gives no date to a delivery the customer asks to push to a day | Hi Tom,\\n\\nCould you push the boom lift delivery to Thursday? The framers are running behind.\\n\\nNora | none
sms | gives no date to a pickup asked to be moved to a weekday | Nora: can we move our pickup to wed? | none
memo | gives no date to a booking the writer moves to the 30th | Tom here. Reschedule the Quinn compactor booking to the 30th, their grading slipped. | none
`;

describe("round twenty-one: a move asked for names the event's new day, no deadline", () => {
  it.each(tableCases(MOVED))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const AMOUNTS = `
email | gives no date to hours of labour billed with a fraction | Jake - the Quinn pump came back with a cracked housing. Can you bill them for the housing + 2.5 hrs labor?\\n\\nTom | none
memo | gives no date to machines named by their size in the plural | Tom here. Quinn Homes wants generators for their shoot. Hold both of the 45s for them. | none
`;

describe('round twenty-one: a number of hours billed or a plural size is no time of today', () => {
  it.each(tableCases(AMOUNTS))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});

/** One case a line: the kind, what it shows, the text ("\\n" a line break) and each task's due date ("none"). */
const PERIOD_ENDING = `
memo | gives no date to an invoice for "the week ending Friday" | Tom here. Invoice Quinn Homes for the week ending Friday at the weekly rate. | none
note | gives no date to a timesheet for "the week ending the 29th" | Send Nora the timesheet for the week ending the 29th. | none
`;

describe('round twenty-one: "the week ending Friday" names a billing period, no deadline', () => {
  it.each(tableCases(PERIOD_ENDING))('$name', ({ kind, text, expected }) => {
    expect(dueDates(kind, text)).toBe(expected);
  });
});
