import type { TeamDirectory } from './team';
import { isActionVerb } from './words';
import { Cue, firstWord } from './cue';

/**
 * Delegations (docs/ai.md, "Action cues"): "ask Priya to", "have Dan pull", "remind Jake", "send Maria out", "I'll
 * have Jake swing by": the member delegated to acts; "ask Priya for the numbers" is Priya sending them, "tell Ray the
 * new date" the author telling Ray, "send me the invoice" the cue's own subject sending.
 */

/** What a delegation needs of the reader: the team, and a clause read for its cue (what the delegate is to do). */
export interface DelegationContext {
  readonly team: TeamDirectory;
  read(clause: string): Cue[];
}

export const DELEGATE =
  /\b([Aa]sk|[Tt]ell|[Hh]ave|[Gg]et|[Rr]emind|[Ll]et|[Ss]end)\s+([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?|me|us)\s+(?:to\s+)?/g;
/** "swing by", "stop over", "come out": a visit, when no "and"/"to" says what is done there. */
const HAVE_VISIT =
  /^((?:swing|stop|come|drop|pop|run|head|go)\s+)(?:by|over|out|down|up)\b(?!\s+(?:there\s+)?(?:and|to)\s)/i;

/** "have Maria come out", "ask Priya to send", "remind me to renew", "send Maria out": the delegate acts. */
export function delegated(reader: DelegationContext, cue: Cue): Cue {
  const m = new RegExp(`^${DELEGATE.source}`).exec(cue.action);
  if (!m || (m[1].toLowerCase() === 'let' && /^know\b/i.test(cue.action.slice(m[0].length)))) return cue;
  const rest = cue.action.slice(m[0].length);
  // "send me the invoice", "get us pricing": the speaker receives, the cue's subject acts.
  if (/^(?:me|us)$/i.test(m[2]) && (/^send$/i.test(m[1]) || (/^get$/i.test(m[1]) && !isActionVerb(firstWord(rest)))))
    return cue;
  if (/^(?:me|us)$/i.test(m[2]))
    return { ...cue, kind: 'delegation', action: rest, subject: 'first', member: undefined };
  const member = reader.team.find(m[2]);
  if (!member) return cue;
  // "send Maria out to look at it", "get Ray out there first thing": the member goes; the action stays as said.
  if (/^send$/i.test(m[1])) return { ...cue, kind: 'delegation', subject: 'member', member };
  // "I'll have Dan out there first thing tomorrow": the member is sent.
  if (/^(?:get|have)$/i.test(m[1]) && /^(?:out|over|down|up)\b/i.test(rest))
    return { ...cue, kind: 'delegation', action: `send ${m[2]} ${rest}`, subject: 'member', member };
  // "I'll have Jake swing by this afternoon", "have Dan stop by": a visit and nothing said to do there is a sending.
  const visit = HAVE_VISIT.exec(rest);
  if (/^(?:get|have)$/i.test(m[1]) && visit)
    return {
      ...cue,
      kind: 'delegation',
      action: `send ${m[2]} ${rest.slice(visit[1].length)}`,
      subject: 'member',
      member,
    };
  // "Luis asks Kwame whether we can add a third trencher": the asking is the task, not what is asked.
  if (/^ask$/i.test(m[1]) && /^(?:whether|if|about)\b/i.test(rest)) return cue;
  const inner = isActionVerb(firstWord(rest)) ? null : reader.read(rest)[0];
  if (!inner && !isActionVerb(firstWord(rest))) {
    // "ask Priya for the numbers": Priya sends them; "tell Ray the new date": the speaker tells Ray.
    if (/^ask$/i.test(m[1]) && /^for\s/i.test(rest))
      return { kind: 'delegation', words: m[0].trim(), action: `Send ${rest.slice(4)}`, subject: 'member', member };
    // "I'll ask Kwame Monday": the asking is the speaker's, as telling is.
    if (/^(?:tell|remind|ask)$/i.test(m[1])) return cue;
  }
  return { kind: 'delegation', words: m[0].trim(), action: inner ? inner.action : rest, subject: 'member', member };
}
