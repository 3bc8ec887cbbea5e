import type { TeamMember } from '../types';
import { OTHER_PEOPLE, SOMEONE } from './lexicon';
import type { TeamDirectory } from './team';
import { looksLikePerson } from './words';
import type { SubjectKind } from './cue';

/**
 * Whose a cue is, from the words before it (docs/ai.md, "Action cues" and "Whose action"): the speaker or writer
 * ("I", "we", "let's"), the one written to ("you"), a member named ("Maria should", in lower case as texts write
 * names: "jake and maria both"), someone, another person (a contact, "they", "the customer") or a thing ("the
 * invoice needs to go out").
 */

/** What reading a subject needs of the reader: the team, and whether a name is one of the text's contacts. */
export interface CueContext {
  readonly team: TeamDirectory;
  readonly isContact: (name: string) => boolean;
}

/** "jake and maria both", "sam": a subject of names only, written in lower case as texts do. */
export function lowerCaseNames(reader: CueContext, tail: string): TeamMember[] {
  const words = tail.split(/\s+/).filter(Boolean);
  const capital = (w: string) => w.replace(/^[a-z]/, (l) => l.toUpperCase());
  const names = words.filter((w) => !/^(?:and|&|both|each|all|of|you)$/i.test(w));
  if (!names.length || names.some((w) => !reader.team.find(capital(w)))) return [];
  return reader.team.namedIn(words.map(capital).join(' '));
}

export function subjectOf(reader: CueContext, before: string): { kind: SubjectKind; member?: TeamMember } {
  // "First thing Monday I also have to ...": the subject before an adverb.
  const text = before
    .replace(/[,;:]\s*$/, '')
    .trim()
    .replace(/\s+(?:also|still|then|really|probably|just|definitely|first|now)$/i, '');
  if (!text) return { kind: 'first' };
  // "Jake and Dan, you each need to ...", "you two": whom the each or both counts.
  const tail = (text.split(/[,;:]/).pop()?.trim() ?? '').replace(/\s+(?:each|both|two)$/i, '');
  const lastWord = tail.split(/\s+/).pop()?.toLowerCase() ?? '';
  if (/^(?:i|we|let's)$/.test(lastWord) || /^(?:i|we)$/i.test(tail)) return { kind: 'first' };
  if (/^(?:you|u)$/.test(lastWord)) return { kind: 'second' };
  // "Jake's in the area, he'll swing by within the hour": the one member named before the pronoun.
  const named = /^(?:he|she)$/.test(lastWord)
    ? reader.team.namedIn(text.slice(0, text.length - tail.length).replace(/'s\b/g, ''))
    : [];
  if (named.length === 1) return { kind: 'member', member: named[0] };
  const member = reader.team.namedIn(tail)[0] ?? lowerCaseNames(reader, tail)[0];
  if (member) return { kind: 'member', member };
  if (SOMEONE.test(tail) || /^(?:someone|somebody)$/.test(lastWord)) return { kind: 'someone' };
  const names = tail.match(/\b[A-Z][a-z'-]+\b/g) ?? [];
  if (
    OTHER_PEOPLE.test(tail) ||
    /^(?:he|she|they)$/.test(lastWord) ||
    names.some((n) => reader.isContact(n) || (tail.startsWith(n) && looksLikePerson(n)))
  ) {
    return { kind: 'other' };
  }
  return { kind: 'thing' };
}
