import type { TaskContext, TextKind } from '../types';
import { fromTheContact, listed, takesTurns, texted } from './form-signs';
import { QUOTE_START } from './normalize';
import { TeamDirectory } from './team';

/**
 * What a text is, whatever it was sent as (docs/ai.md, "Framing"). A voice memo or a note whose text is a mail —
 * a "Subject:", "From:" or "Sent:" header first, or several lines that open with a greeting line of its own
 * ("Hi Tom,", "Dan -") or quote an earlier message or end in a mail client's footer — is read as the email it is: its sign-off is its author, and a
 * customer's "I'll" in it is the customer's plan. A real recording's transcript has neither.
 * A voice memo whose lines are speakers taking turns is the call's transcript it is, one written as texting
 * writes the text message it is, one written as a list or under a notes heading the meeting notes it is
 * (`form-signs.ts`).
 */
const HEADER = /^(?:subject|subj|re|fwd?|sent|from)\s*:\s*/i;
const GREETING_LINE =
  /^(?:(?:hi|hello|hey|dear|good\s+(?:morning|afternoon|evening))\b\s*)?(?:[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)?\s*(?:,|!|\s?[-\u2013\u2014])$/i;
const READ_AGAIN: ReadonlySet<TextKind> = new Set(['voice_memo', 'note']);

export function textForm(
  kind: TextKind | undefined,
  text: string,
  record: Partial<Pick<TaskContext, 'team' | 'contactName' | 'companyName'>> = {},
): TextKind | undefined {
  if (!kind || !READ_AGAIN.has(kind)) return kind;
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return kind;
  if (HEADER.test(lines[0])) return 'email';
  if (lines.length >= 3 && (GREETING_LINE.test(lines[0]) || QUOTE_START.test(text))) return 'email';
  if (kind !== 'voice_memo') return kind;
  const members = new TeamDirectory(record.team ?? []);
  const isMember = (name: string) => !!members.find(name);
  if (texted(text, lines, isMember)) return 'sms';
  const contact = { name: record.contactName, company: record.companyName };
  if (fromTheContact(text, lines, contact, isMember)) return 'sms';
  if (takesTurns(lines)) return 'call_transcript';
  return listed(lines) ? 'meeting_notes' : kind;
}
