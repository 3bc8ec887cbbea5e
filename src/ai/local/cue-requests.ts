import type { TeamMember } from '../types';
import { infinitive, isActionVerb } from './words';
import { Cue, CueKind, firstWord, SubjectKind } from './cue';

/**
 * Requests (docs/ai.md, "Action cues"): "can you", "could someone", "would you be able to", "any chance we can",
 * "please", "kindly", "make sure", "don't forget to", "I need you to", "let's"; the action is what follows, from its
 * verb ("can you have someone look at it" is the look itself), and whom the request asks is the cue's subject.
 */

export const REQUEST =
  /\b(?:(?:(?:is\s+there\s+)?any\s+chance\s+)?(?:can|could|would|will)\s+(you|someone|somebody|anyone|one\s+of\s+you|we)(?:\s+guys|\s+all)?|(?:is\s+there\s+)?(?:any|a)\s+(?:chance|way)\s+(?:that\s+)?(you|we|someone|somebody|anyone)(?:\s+guys)?\s+(?:can|could)|(?:(?:i|we)(?:'d|\s+would)?\s+)?(?:like|need|want)\s+(you)\s+to|(?:if\s+)?(you)\s+could|(?:are|were)\s+you\s+able\s+to|(?:if|whether)\s+(someone|somebody|anyone)\s+(?:can|could|would)|(?:can|could|may)\s+i\s+(?:also\s+)?ask\s+you\s+to|(?:is|would)\s+it\s+(?:be\s+)?possible\s+(?:for\s+(?:you|someone|us)\s+)?to)\s+(?:please\s+)?(?:also\s+)?(?:just\s+)?(?:like,?\s+|maybe\s+|quickly\s+)?(?:be\s+able\s+to\s+)?/gi;
/** What both sides do together: "meet this week", "go over the quote", "sit down", "hop on a call". */
// ("can we talk to our super first" is the customer's own talk.)
const MEET_TOGETHER =
  /^(?:meet|(?:talk|chat|discuss)(?!\s+(?:to|with)\s+(?!(?:you|u)\b))|go\s+over|sit\s+down|catch\s+up|get\s+together|hop\s+on\s+a\s+call)\b/i;
/** "Let's book the crane": the speaker and the team. */
export const LETS = /\blet(?:'s|\s+us)\s+/gi;
// "Kindly share the revised quotation": as Indian English writes please.
export const PLEASE = /\b(?:please|kindly)\s+(?:also\s+|just\s+|kindly\s+)?/gi;
export const MAKE_SURE =
  /\b(?:make\s+sure|be\s+sure|ensure|(?:don't|do\s+not)\s+forget|remember)\s+(?:(to)\s+)?(?:that\s+)?/gi;
const PASSIVE_STATE = /^(.+?)\s+(?:is|are|gets?|get|has\s+been|have\s+been)\s+(\w+(?:ed|en|t))\b(.*)$/i;
export const HAVE_SOMEONE =
  /^(?:have|get|send)\s+(?:someone|somebody|a\s+tech(?:nician)?|a\s+mechanic|one\s+of\s+your\s+(?:guys|techs|people))\s+(?:(?:out|over|down|up)\s+(?:(?:there|here)\s+)?|(?:there|here|by)\s+)?(?:to\s+)?(?=[a-z])/i;

export function verbCue(
  kind: CueKind,
  c: string,
  m: RegExpMatchArray,
  subject: SubjectKind,
  member?: TeamMember,
): Cue[] {
  // "Can you have someone look at it", "please get a tech to check": the request is the work itself; "can you
  // get someone out here tomorrow", with no work said, is sending them.
  const asked = c.slice((m.index ?? 0) + m[0].length);
  const sent = HAVE_SOMEONE.exec(asked);
  let action = asked.replace(HAVE_SOMEONE, '');
  if (!isActionVerb(firstWord(action)) && sent && /\b(?:out|over|down|there|here)\b/i.test(sent[0]))
    action = asked.replace(/^(?:have|get)\b/i, 'send');
  if (!isActionVerb(firstWord(action))) return [];
  return [{ kind, words: `${m[0].trim()} ${firstWord(action)}`, action, subject, member }];
}

export function request(c: string, m: RegExpMatchArray, who: string): Cue[] {
  // "Any chance we can add a second boom?", "Any way we can get it picked up today?": a customer asking leave asks
  // the team for it.
  // "can we meet this week?", "could we go over the quote Friday?": a meeting both sides hold, the team's to set up.
  const together = MEET_TOGETHER.test(c.slice((m.index ?? 0) + m[0].length));
  const subject: SubjectKind =
    who === 'we'
      ? /\b(?:chance|way)\b/i.test(m[0]) || together
        ? 'none'
        : 'first'
      : who === 'you'
        ? 'second'
        : 'someone';
  return verbCue('request', c, m, subject);
}

export function makeSure(c: string, m: RegExpMatchArray): Cue[] {
  if (m[1]) return verbCue('request', c, m, 'none');
  const rest = c.slice((m.index ?? 0) + m[0].length);
  const passive = PASSIVE_STATE.exec(rest);
  const action = passive ? `${infinitive(passive[2])} ${passive[1]}${passive[3]}` : `Make sure ${rest}`;
  return [{ kind: 'request', words: m[0].trim(), action, subject: 'none' }];
}
