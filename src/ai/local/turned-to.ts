import type { TeamMember } from '../types';
import type { Cue } from './cue';
import type { FramedSentence, TextFrame } from './frame';
import type { TeamDirectory } from './team';

/**
 * Whom a request is turned to when no comma sets the name apart at the start of its sentence (docs/ai.md, "Round
 * twenty: owners"): a member named right before the request inside the sentence ("I can't fix it on site so Jake can
 * you bring it back Monday", "Priya kindly send the statement"), and, for a command or request that names no one, the
 * member the text last turned to a sentence or two before, on its line or the one before ("Maria, can you call Yadira. And put a seal kit on order.").
 */

/** What opens a request or a command turned to someone: "can you", "could u", "pls", "kindly", "please". */
const ASKING = /^(?:(?:can|could|would|will)\s+(?:you|u)|please|pls|plz|kindly)\b/i;
/** A name just before the request: after the sentence's start, a comma, a dash or a linking word. */
const NAME_BEFORE =
  /(?:^|[,;:.!?]\s*|\s[-\u2013\u2014]\s*|\b(?:so|and|then|but|also|now|ok(?:ay)?)\s+)([A-Za-z][a-z'-]+),?\s+(?:also\s+)?$/i;

const NAMES_ONLY = /^(?:[A-Z][a-z'-]+(?:\s*(?:,|&|\band\b)\s*)?)*[.!]?$/;

/** The member named right before the request's words inside the sentence ("... so Jake can you bring it back"). */
export function memberBeforeRequest(cue: Cue, sentence: FramedSentence, team: TeamDirectory): TeamMember | null {
  if (cue.subject === 'first' || cue.subject === 'other' || cue.member) return null;
  const body = sentence.body;
  for (const m of body.matchAll(/\b(?:can|could|would|will|please|pls|plz|kindly)\b/gi)) {
    const at = m.index ?? 0;
    if (!ASKING.test(body.slice(at))) continue;
    // The request must be this cue's: its action said after the asking words.
    const rest = body.slice(at);
    if (!rest.toLowerCase().includes(cue.action.split(/\s+/)[0].toLowerCase())) continue;
    const named = NAME_BEFORE.exec(body.slice(0, at));
    const member = named ? team.find(named[1]) : null;
    // A lower-case word is a name only where it is a member's first name ("so jake can u").
    if (member && (/^[A-Z]/.test(named?.[1] ?? '') || named?.[1].toLowerCase() === member.firstName.toLowerCase()))
      return member;
  }
  return null;
}

/**
 * "Dan here ... Maria, can you call Yadira and tell her. And put a seal kit on order.": a command or request that
 * names no one, in a text that is no dialogue, is for the member a sentence up to two before turned to, while no
 * label or other name came between.
 */
export function memberTurnedToBefore(
  cue: Cue,
  sentence: FramedSentence,
  frame: TextFrame,
  team: TeamDirectory,
): TeamMember | null {
  if (frame.dialogue || cue.subject === 'first' || cue.subject === 'other' || cue.subject === 'someone') return null;
  if (cue.member || cue.kind === 'passive' || cue.kind === 'maintenance') return null;
  const index = frame.sentences.indexOf(sentence);
  for (let i = index - 1; i >= Math.max(0, index - 2); i--) {
    const before = frame.sentences[i];
    // A list's lines and a mail's paragraphs are each their own: the name is said on the line or the one before.
    if (before.label || before.heading || sentence.line - before.line > 2) return null;
    // "Jake, Sam, Dan": a line of names (who attended) turns to no one.
    if (before.vocative && !NAMES_ONLY.test(before.body)) return before.vocative.member;
    const inner = /\b(?:can|could|would|will)\s+(?:you|u)\b|\b(?:pls|plz|kindly)\b/i.exec(before.body);
    const named = inner ? NAME_BEFORE.exec(before.body.slice(0, inner.index)) : null;
    const member = named ? team.find(named[1]) : null;
    if (member) return member;
  }
  return null;
}

/**
 * "Maria: jake did the generator come back?" / "Jake: ya its in bay 2" / "Maria: ok pls get me the hour meter
 * reading": in a text message thread between two members, a line's label is its sender, and a command or request
 * the sender writes is the other member's.
 */
export function otherInThread(
  cue: Cue,
  sentence: FramedSentence,
  frame: TextFrame,
  message: boolean,
): TeamMember | null {
  const sender = sentence.label?.member;
  if (!message || !sender || cue.subject === 'first' || cue.subject === 'other') return null;
  if (cue.kind === 'passive' || cue.kind === 'maintenance') return null;
  const members = new Map<string, TeamMember>();
  for (const s of frame.sentences) {
    if (!s.label) continue;
    if (!s.label.member) return null;
    members.set(s.label.member.id, s.label.member);
  }
  if (members.size !== 2) return null;
  return [...members.values()].find((m) => m.id !== sender.id) ?? null;
}

/**
 * "Jake's out your way on a delivery, I'll have him stop by with a jump pack": "have him" (get, send) is the member
 * the clause or sentence just before names, when it names one only; the clause is read with the name.
 */
export function delegateNamed(clause: string, before: string[], team: TeamDirectory): string {
  // ("have him stop by", "get him out there", "send her over"; not "send her a quote", "get him the price", "send
  // him like a first offer": a recipient. After get / send only a word of going out makes him the one sent.)
  const m =
    /\b((?:have\s+|(?:get|send)\s+(?=(?:him|her)\s+(?:out|over|down|up|round|around|along|there)\b)))(him|her)\s+(?!(?:a|an|the|some|your|our|his|her|their|its|it|them|one|back|that|this|those|these|like|\d+)\b)(?=[a-z])/i.exec(
      clause,
    );
  if (!m) return clause;
  const said = [clause.slice(0, m.index), ...before]
    .map((b) => b.replace(/'s\b/g, ''))
    .find((b) => team.namedIn(b).length > 0);
  const members = said ? team.namedIn(said) : [];
  if (members.length !== 1) return clause;
  const at = (m.index ?? 0) + m[1].length;
  return `${clause.slice(0, at)}${members[0].firstName}${clause.slice(at + m[2].length)}`;
}
