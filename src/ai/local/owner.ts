import type { TaskContext } from '../types';
import type { Cue } from './cue';
import type { FramedSentence, Person, TextFrame } from './frame';
import type { TeamDirectory } from './team';
import { memberBeforeRequest, memberTurnedToBefore, otherInThread } from './turned-to';

/**
 * The recommended owner of an action (docs/ai.md, "Whose action"): a team member named as the one to act
 * (subject, delegate, the person a sentence turns to, a note's assignee), else the speaker or author
 * for "I'll ...", else the default owner. Null when the action is someone else's: a customer's own plan
 * ("we'll pick it up Friday"), or a request the team makes of the customer ("Could you let me know ...").
 */
export interface Owner {
  id: string;
  why: string;
}

const named = (p: Person | null) => (p?.member ? p.member : null);
const full = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

export function ownerOf(
  cue: Cue,
  sentence: FramedSentence,
  frame: TextFrame,
  context: TaskContext,
  team?: TeamDirectory,
): Owner | null {
  const fallback: Owner = { id: context.defaultOwnerId, why: 'default owner (no one named to act)' };
  if (cue.member) return { id: cue.member.id, why: `${full(cue.member)} named as the one to act` };
  if (cue.subject === 'other') return null;
  if (cue.subject === 'someone') return fallback;
  const turnedTo = named(sentence.vocative);
  const label = sentence.label;

  if (cue.subject === 'first') {
    if (frame.dialogue) {
      if (!label) return fallback;
      return label.member ? { id: label.member.id, why: `${full(label.member)} says they will` } : null;
    }
    if (label?.member) return { id: label.member.id, why: `${full(label.member)}'s item` };
    if (frame.author && !frame.author.member) return null;
    // "Got the quote thx. Will run it by my boss": an SMS or email on a contact's record, signed by no member
    // and turned to a member or to no one, is the contact's: its "I'll" is their plan ("can we get ..." still
    // asks the team).
    const fromContact =
      cue.kind === 'obligation' &&
      !frame.author &&
      (context.kind === 'sms' || context.kind === 'email') &&
      !!(context.contactName || context.companyName) &&
      (!frame.addressee || !!frame.addressee.member);
    const speaking = frame.speaker?.member;
    if (speaking) return { id: speaking.id, why: `${full(speaking)} (who speaks) says they will` };
    if (fromContact) return null;
    if (frame.author?.member)
      return { id: frame.author.member.id, why: `${full(frame.author.member)} (the author) says they will` };
    return { id: context.defaultOwnerId, why: 'the author (default owner) says they will' };
  }

  // A request, command or need: for whoever the text is addressed to ("Maria, ..." first).
  if (turnedTo) return { id: turnedTo.id, why: `addressed to ${full(turnedTo)}` };
  const asked = team ? memberBeforeRequest(cue, sentence, team) : null;
  if (asked) return { id: asked.id, why: `asked of ${full(asked)}` };
  const message = context.kind === 'sms' || context.kind === 'email';
  // "Jake: can you pull the Quinn invoices": in a call between two members, what one asks is the other's.
  const other = otherInThread(cue, sentence, frame, message || frame.dialogue);
  if (other) return { id: other.id, why: `asked of ${full(other)} by the other member` };
  if (frame.dialogue) {
    if (label?.member && cue.kind !== 'passive' && cue.kind !== 'maintenance') return null;
    return fallback;
  }
  if (label?.member) return { id: label.member.id, why: `${full(label.member)}'s item` };
  const carried = team ? memberTurnedToBefore(cue, sentence, frame, team) : null;
  if (carried) return { id: carried.id, why: `${full(carried)}, turned to just before` };
  const addressee = named(frame.addressee);
  if (addressee) return { id: addressee.id, why: `addressed to ${full(addressee)}` };
  const askingCustomer = frame.addressee && !frame.addressee.member && frame.author?.member;
  if (askingCustomer && cue.kind !== 'passive' && cue.kind !== 'maintenance') return null;
  return fallback;
}
