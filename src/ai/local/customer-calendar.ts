import { LocalMoment } from './calendar';
import { DateMention, dateMentions } from './due-date';
import { FramedSentence } from './frame';
import { verbForms } from './words';

/**
 * The customer's own calendar said right after a request (docs/ai.md, "Round twenty-one, dates"): "Please reissue
 * the invoice with our PO. Our payables run is the 15th.", "can you send again to my email? Our accountant make
 * payments on Wednesday.", "Could you also send the June one? Our accountant is closing the books by the end of the
 * month.": the day their money goes out or their books close is when the thing asked for has to be there.
 */

/** "Our payables run", "our accountant", "my bookkeeper", "our AP": a subject of the writer's own side. */
const OWN_SIDE = /^(?:and\s+|also\s+|fyi,?\s+)?(?:our|my)\s+\w/i;
/** Paying, a payment or check run, or closing the books. */
const PAYMENT_DAY =
  /\b(?:pay|pays|paying|payments?|payables|payroll|check\s+run|cuts?\s+(?:the\s+)?(?:checks?|cheques?)|cutting\s+(?:checks?|cheques?)|(?:close|closes|closing)\s+(?:out\s+)?(?:the|our|their)\s+(?:books|month|quarter|year))\b/i;

/** The day of the customer's payment or books said in the task-less sentence after a request, or null. */
export function customerCalendarDay(next: FramedSentence | undefined, ref: LocalMoment): DateMention | null {
  if (!next || !OWN_SIDE.test(next.body) || !PAYMENT_DAY.test(next.body) || /\?\s*$/.test(next.body)) return null;
  // "Our accountant paid the last one on Tuesday": a payment made is no day ahead.
  if (verbForms(next.body).some((v) => /past|perfect/.test(v.form))) return null;
  const day = dateMentions(next.body, ref)
    .filter((m) => !m.timeOnly)
    .pop();
  return day ? { ...day, deadline: true } : null;
}
