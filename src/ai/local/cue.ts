import type { TeamMember } from '../types';

/**
 * What an action cue is: the words that made a clause an action item, its action and whose it is (docs/ai.md,
 * "Action cues"). `cues.ts` reads a clause for one; the files named `cue-*.ts` read each kind.
 */

/**
 * Is a clause an action item, and whose? (docs/ai.md, "Action cues"). The cue kinds, in the order a
 * clause is tried: a request ("can you send", "please send", "make sure"), an obligation or commitment
 * with its subject ("Maria should check", "I'll call", "need to invoice", "Jake to load"), an
 * imperative (a base-form verb first: "Call Dave back"), a delegation ("ask Priya to send"), a thing
 * that needs doing ("the invoice needs to go out", "the mini ex needs a 250 hour service") and a request
 * by name ("I'd like a quote for ...", "need someone out there").
 */
export type CueKind =
  'request' | 'imperative' | 'obligation' | 'delegation' | 'passive' | 'maintenance' | 'noun_request';
export type SubjectKind = 'first' | 'second' | 'member' | 'someone' | 'other' | 'thing' | 'none';

export interface Cue {
  kind: CueKind;
  /** The words that made it an action item (for the explanation). */
  words: string;
  /** The action from its verb on: the title is made from it. */
  action: string;
  subject: SubjectKind;
  /** The team member the subject or delegation names. */
  member?: TeamMember;
  /** Asked for only by implication (a breakdown reported): no task when the text asks for anything else. */
  implied?: boolean;
  /** A visit promised after a fault, its fix (`visits.ts`): dropped when another task works on the machine. */
  visit?: boolean;
  /** Equipment's move read from a need, a want or a schedule (`needs-moves.ts`): dropped when another task moves it. */
  move?: boolean;
  /** A booking said in the desk's words ("put him down for it", "lock in"): no date for a period. */
  booking?: boolean;
  /** What a move's clause says after the thing ("for their winter market that's the 23rd"): read for its date only. */
  when?: string;
}

/** The first word, if it can be a verb: "We'd" and "it's" cannot. */
export const firstWord = (s: string) => {
  const word = (s.split(/\s+/)[0] ?? '').toLowerCase().replace(/[.,;:!?]+$/, '');
  return /^[a-z][a-z-]*$/.test(word) ? word : '';
};
