import type { Cue } from './cue';

/**
 * A call tried again (docs/ai.md, "Round twenty: actions"): after a voicemail left or a call not answered ("LVM for Gil
 * Herrera re: inv 7730", "Left a message for Dana, no answer"), "Try again Tues", "Will try him again Monday if
 * nothing", "gonna try back tomorrow" is the writer's call to the same person, about what the message was about.
 */

/** A call that reached no one: a voicemail or message left, no answer, no pick-up. */
const UNANSWERED =
  /\b(?:LVM|left\s+(?:a\s+|an?\s+other\s+|another\s+)?(?:VM|voice\s*mail|msg|message)|(?:VM|voice\s*mail|msg|message)\s+left|no\s+answer|didn'?t\s+(?:pick\s+up|answer)|went\s+(?:straight\s+)?to\s+(?:VM|voice\s*mail)|couldn'?t\s+(?:reach|get\s+(?:a\s+)?hold\s+of))\b/i;

/** "Try again Tues", "will try him again Mon", "I'll try back tomorrow", "try her again later today". */
const TRY_AGAIN =
  /(?:^|[,;:]\s*|\b(?:so|and|then)\s+)(?:(?:I'?ll|I\s+will|will|gonna|going\s+to|I'?m\s+going\s+to|need\s+to|have\s+to|must)\s+)?(?:(?:also|just|then)\s+)?try\s+(?:(?:him|her|them|[A-Z][a-z'-]+)\s+)?(?:again|back)\b/i;

/** What the unanswered call was about: "LVM for Gil Herrera (AP, ...) re: inv 7730 and 7741". */
const ABOUT = /\b(?:re:?|about|regarding)\s+(?:the\s+|her\s+|his\s+|their\s+)?([^.,;()]+?)(?=\s*(?:[.,;()]|$|\s+-\s))/i;

/** A retry of an unanswered call told in `clause`, with the sentences said before it (`earlier`, nearest first). */
export function retriedCall(clause: string, earlier: string[]): Cue | null {
  const said = TRY_AGAIN.exec(clause.trim());
  if (!said) return null;
  const words = said[0].replace(/^[,;:]?\s*(?:(?:so|and|then)\s+)?/i, '');
  const call = [clause.trim().slice(0, said.index), ...earlier].find((s) => UNANSWERED.test(s));
  if (!call) return null;
  // (The day of what it was about is no day of the call: "re her 6/10 tent quote".)
  const about = ABOUT.exec(call)?.[1]
    .replace(/\s*\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b\s*/g, ' ')
    .trim();
  // Whom: the one the record or the text names (the company over a first name), as for any call back.
  const action = about ? `call them back about ${about}` : 'call them back';
  return {
    kind: 'obligation',
    words,
    action,
    subject: 'first',
    when: clause.trim().slice(said.index + said[0].length),
  };
}
