import type { TaskContext } from '../types';
import type { TextFrame } from './frame';
import { antecedentIn } from './words';

/**
 * A task title that names the action and its object: "Please send the revised quote to Hendricks by
 * Thursday" -> "Send revised quote to Hendricks". From the cue's action: cut where a reason or condition
 * starts, without date words, fillers and articles, "him"/"them" replaced by the contact or company,
 * "it" by the thing the text spoke of before ("Sure, I can quote that. I'll email it over" -> "Email quote over").
 */
const CUT =
  /(?:\s+(?:so\s+that|so|because|instead\s+of|since|as\s+soon\s+as|once|if|when|whenever|while|unless|just\s+in\s+case|in\s+case|to\s+see\s+if|to\s+discuss|that\s+(?:would|will|should)|which|who|but|or\s+call|before\s+it|before\s+they|until\s+it)\b|[,;:()?!]|\s[-\u2013\u2014]\s|\.(?:\s|$))/i;
const TIME_WORDS =
  /\b(?:(?:by|before|on|for|at|around|until|no\s+later\s+than|due)\s+)?(?:today|tomorrow|tonight|this\s+(?:morning|afternoon|evening)|first\s+thing|asap|as\s+soon\s+as\s+possible|right\s+away|immediately|straight\s+away|now|later|soon|at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|(?:about|around)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|\d{1,2}(?::\d{2})?\s*(?:am|pm))\b/gi;
const FILLER_WORDS =
  /\b(?:please|also|too|just|then|urgently|again|for\s+me|for\s+us|quickly|definitely|probably|really|your|my|our)\b/gi;
const MAX_WORDS = 12;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `before`: the text before the action (its sentence, then the one before): where "it" points. */
export function titleOf(
  action: string,
  datePhrases: string[],
  context: TaskContext,
  frame: TextFrame,
  before: string[] = [],
  forCustomer = false,
): string {
  let t = ` ${action} `;
  for (const phrase of datePhrases) {
    t = t.replace(
      new RegExp(
        `\\s(?:(?:by|before|on|for|due|until|no\\s+later\\s+than|within|in)\\s+)?(?:the\\s+)?${escape(phrase)}`,
        'i',
      ),
      ' ',
    );
  }
  t = t.replace(TIME_WORDS, ' ');
  // What a removed date leaves behind: "Monday AM", "Friday's delivery".
  t = t.replace(/\s(?:AM|PM|am|pm|a\.m\.|p\.m\.)(?=\s)/g, ' ').replace(/\s's\b/g, ' ');
  const cut = CUT.exec(t.slice(1));
  if (cut && cut.index > 0) t = ` ${t.slice(1, cut.index + 1)} `;
  t = t.replace(FILLER_WORDS, ' ').replace(/\b(?:the|a|an)\s+/gi, '');
  const person = context.contactName ?? context.companyName;
  const party = context.companyName ?? context.contactName;
  const customerWrote = frame.author !== null && !frame.author.member;
  if (person) t = t.replace(/\s(?:him|her)(?=\s)/i, ` ${person}`);
  if (party) t = t.replace(/\sthem(?=\s)/i, ` ${party}`);
  if (customerWrote && person) t = t.replace(/\s(?:me|us)(?=\s)/i, ` ${person}`);
  if (forCustomer && person) t = t.replace(/\syou(?=\s)/i, ` ${person}`);
  if (/\s(?:it|this)\s/i.test(t)) {
    const it = before.map((b) => antecedentIn(b)).find((a) => a !== null);
    if (it) t = t.replace(/\s(?:it|this)(?=\s)/i, ` ${it}`);
  }
  const words = t
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .split(' ')
    .slice(0, MAX_WORDS);
  const title = words.join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}
