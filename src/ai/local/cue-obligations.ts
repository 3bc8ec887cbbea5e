import { isListedAction } from './lexicon';
import { toldAsDone } from './done-work';
import { namesNotAsks } from './noun-lines';
import { infinitive, isActionVerb, tagsOf } from './words';
import { Cue, firstWord } from './cue';
import { CueContext, lowerCaseNames, subjectOf } from './cue-subjects';

/**
 * Obligations and commitments with their subject (docs/ai.md, "Action cues"): a modal ("Maria should", "I'll", "we
 * need to", "gotta", "I can get it Wednesday"), a member's "Jake to load", the progressive of the dispatching verbs
 * ("I'm sending Jake out", a note's "Sending quote Mon."), the present tense of notes and non-native writers ("Kwame
 * sends the draft by May 1", "The blade I order today", "Whoever closes plugs in ...") and "A and B each need to ..."
 * (one cue per person).
 */

export const MODAL =
  /(?:'ll|'d\s+better|\b(?:will|shall|can|wanna|want\s+to|should|must|ought\s+to|needs?\s+to|ha(?:s|ve)\s+to|(?:have|has|'ve)\s+got\s+to|got\s+to|gotta|(?:am|is|are|'m|'re)\s+(?:going\s+to|gonna|supposed\s+to)|going\s+to|gonna|plan(?:s|ning)?\s+to|intends?\s+to))((?:\s+(?:also|still|then|probably|definitely|just|really|first|please|quickly|maybe|perhaps|need\s+to|have\s+to|remember\s+to|try\s+to|make\s+sure\s+to|be\s+sure\s+to))*)\s+/gi;
/**
 * "I'm sending Jake out with a swap unit", "we're getting a quote over to you": a commitment said in the progressive is
 * the team's "I'll send", "we'll get" (the dispatching verbs only: "I'm calling to ask", "we're running low" are none).
 */
export const PROGRESSIVE =
  /\b(I|[Ww]e)(?:'m|'re|\s+am|\s+are)\s+(sending|bringing|dropping|getting|putting|emailing|texting|ordering|booking|scheduling|swapping|delivering|shipping|mailing|dispatching|having|loading|taking|running|handing|passing)\s+(?!(?:to|a\s+(?:hard|tough)|trouble|issues?|problems?)\b)/;
/**
 * "Sending quote Mon.", "Swapping it out first thing Monday": a note's or a log's progressive with no subject is the
 * writer's own "I'm sending" (the same dispatching verbs; "running late", "dropping by" are none, and "Swapping tank
 * now" is under way as it is written).
 */
export const SUBJECTLESS_PROGRESSIVE =
  /^(sending|bringing|dropping|getting|putting|emailing|texting|ordering|booking|scheduling|swapping|delivering|shipping|mailing|dispatching|loading|running)\s+(?=(?:it|them|him|her|the|a|an|our|their|his|two|three|four|\d+|[a-z]{3,})\b)(?!(?:to|a\s+(?:hard|tough)|trouble|issues?|problems?|late|behind|low|short|out\s+of|by|around|away|back\s+(?:to|from)|through|into|over\s+to|on\s+(?:fumes|empty)|tomorrow|today|tonight|now)\b)/i;
/** A progressive that opens the clause as the subject of a verb: "Loading dock door is 10 ft". */
export const GERUND_SUBJECT =
  /^\S+\s+(?:(?!(?:is|are|was|were|will|would|has|isn't|aren't|wasn't|won't)\b)[\w'-]+\s+){1,6}(?:is|are|was|were|isn't|aren't|wasn't|will\s+be|would\s+be|won't\s+be|has\s+been)\b/i;
export const NAME_TO = /^([A-Z][a-z'-]+)(?:\s+and\s+[A-Z][a-z'-]+)?\s+to\s+/;
// "Maybe I just send her the PDF tomorrow", "we also prepare the offer": a hedge or adverb before the subject or verb.
// "Tomorrow first hour I send Jake for check": a time said before the subject.
const PRESENT =
  /^(?:(?:[Mm]aybe|[Ss]o|[Tt]hen|[Oo]k|[Oo]kay|[Aa]fter(?:wards)?)\s+)?(?:(?:[Tt]oday|[Tt]omorrow|[Tt]onight|(?:[Oo]n\s+)?[A-Z][a-z]+day)(?:\s+(?:first\s+(?:hour|thing)|morning|afternoon|early|late|in\s+the\s+morning))?,?\s+)?(I|[Ww]e|[A-Za-z][a-z'-]+(?:\s+and\s+[A-Za-z][a-z'-]+)?)\s+(?:(?:just|also|then|first|probably|maybe|now)\s+)?([a-z]+)\s+/;
/** "Whoever closes plugs in ...", "whoever is on the counter checks ...": who does it is whoever does the first thing. */
const WHOEVER = /^[Ww]hoever\s+(?:[\w'-]+\s+){1,5}?([a-z]+?(?:es|s))\s+/;
// "The statement I'll send by Friday": the commitment's modal after the thing too.
const OBJECT_FIRST =
  /^((?:[Tt]he|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose)\s+(?:[\w-]+\s+){0,3}?)(?:I|[Ww]e)(?:'ll)?\s+(?:(?:just|also|then|first|probably|maybe|now|will)\s+)?([a-z]+)\s+/;
export const AFTER_I = /^(?:after(?:wards)?\s+)?(?:I|we)\s+(?:also\s+|then\s+)?(?=[a-z]+\s)/;
const PASSIVE = /^be\s+(\w+(?:ed|en|t))\b\s*(.*)$/i;

export function modal(reader: CueContext, c: string, m: RegExpMatchArray): Cue[] {
  const at = m.index ?? 0;
  const rest = c.slice(at + m[0].length);
  if (/^not\b/i.test(rest) || /n't\s*$/i.test(c.slice(0, at))) return [];
  const { kind: subject, member } = subjectOf(reader, c.slice(0, at));
  // "by Christmas Eve I wanna get the statements out": the speaker's want is their plan; another's want is theirs.
  if (/^(?:wanna|want)\b/i.test(m[0].trim()) && (subject !== 'first' || !/\b(?:I|we)\s*$/i.test(c.slice(0, at))))
    return [];
  // "I can get it Wednesday morning", "Greta can fit it when it comes in": the team's offer is its commitment;
  // "you can call me", "they can wait" are not.
  if (
    /^can\b/i.test(m[0].trim()) &&
    ((subject !== 'first' && subject !== 'member') ||
      /\b(?:if|whether|before|so|until|till|when|that|where|how|what|once|unless)\s+(?:\w+\s+){0,2}$/i.test(
        c.slice(0, at),
      ))
  )
    return [];
  const words = `${
    c
      .slice(Math.max(0, at - 12), at)
      .split(/\s+/)
      .pop() ?? ''
  }${m[0].trimEnd()}`.trim();
  const passive = PASSIVE.exec(rest);
  if (subject === 'thing' || subject === 'someone') {
    const thing = c.slice(0, at).trim();
    if (passive)
      return [
        {
          kind: 'passive',
          words: `${words} ${passive[1]}`,
          action: `${infinitive(passive[1])} ${thing} ${passive[2]}`,
          subject,
        },
      ];
    if (subject === 'thing' && /^go\s+out\b/i.test(rest))
      return [
        {
          kind: 'passive',
          words: `${words} go out`,
          action: `Send out ${thing} ${rest.replace(/^go\s+out\s*/i, '')}`,
          subject,
        },
      ];
    if (subject === 'thing') return [];
  }
  if (!isActionVerb(firstWord(rest))) return [];
  const cue: Cue = { kind: 'obligation', words: `${words} ${firstWord(rest)}`, action: rest, subject, member };
  return each(reader, c.slice(0, at), cue);
}

/** "Greta and Ray each need to ...", "Ray and I both have to ...": one task per person. */
function each(reader: CueContext, subject: string, cue: Cue): Cue[] {
  if (!/\b(?:each|both)\b/i.test(subject)) return [cue];
  // Texts write names in lower case: "jake and maria both need to ...", "jake and sam, both of you need to".
  const members = reader.team.namedIn(subject).length
    ? reader.team.namedIn(subject)
    : lowerCaseNames(reader, subject.split(/[,;:]/)[0]);
  const cues: Cue[] = members.map((member) => ({ ...cue, subject: 'member', member }));
  if (/\b(?:I|me)\b/.test(subject)) cues.push({ ...cue, subject: 'first', member: undefined });
  return cues.length > 1 ? cues : [cue];
}

/**
 * A note's present tense: "Kwame sends the draft by May 1", "we prepare the offer by the 6th", "Ray and
 * Greta move the racks Saturday" (one task, the first named). Members and "we" only: "Leon sends the map"
 * is a customer's.
 */
export function present(reader: CueContext, c: string): Cue[] {
  // "Whoever closes plugs in the block heaters every night": a standing duty of no named member (round twenty-two).
  const whoever = WHOEVER.exec(c);
  const duty = whoever?.[1].replace(/(?:(?<=(?:sh|ch|ss|x|o))es|s)$/, '');
  if (whoever && duty && isActionVerb(duty))
    return [
      {
        kind: 'obligation',
        words: whoever[0].trim(),
        action: `${duty} ${c.slice(whoever[0].length)}`,
        subject: 'someone',
      },
    ];
  // "The photos I send to Priya by email", "The blade I order today": the thing said first, then who does it.
  const first = OBJECT_FIRST.exec(c);
  if (first && isActionVerb(first[2]) && !tagsOf(first[2])[0]?.tags.has('PastTense')) {
    const action = `${first[2]} ${first[1].trim()} ${c.slice(first[0].length)}`;
    return [{ kind: 'obligation', words: first[0].slice(first[1].length), action, subject: 'first' }];
  }
  const m = PRESENT.exec(c);
  // "the sensor was bad, I change it yesterday": a non-native writer's present for work done.
  if (!m || /\b(?:yesterday|last\s+(?:night|week))\b/i.test(c)) return [];
  const verb = m[2].toLowerCase();
  const we = /^(?:we|i)$/i.test(m[1]);
  // "I say yes, is available, I put the hold on them": a same-form past told with no time ahead is done.
  if (we && toldAsDone(verb, c)) return [];
  // "We close at five on Saturday": the business's hours.
  if (we && namesNotAsks(c)) return [];
  // "Ray and Greta move ...": two names take the plural; one name its -s form ("Luis updates").
  const pair = /\s+and\s+/.test(m[1]);
  const base = we || pair ? verb : verb.replace(/(?:(?<=(?:sh|ch|ss|x|o))es|s)$/, '');
  // "Also Dan check the availability tomorrow": a non-native writer's bare verb after a member's name.
  if (base === verb && !we && !pair && !(isListedAction(verb) && reader.team.find(m[1]))) return [];
  if (!isActionVerb(base) || tagsOf(m[2])[0]?.tags.has('PastTense')) return [];
  const action = `${base} ${c.slice(m[0].length)}`;
  if (we) return [{ kind: 'obligation', words: m[0], action, subject: 'first' }];
  // "jake pick the auger up tmrw": a member's name in lower case, as texts write it.
  const member = reader.team.namedIn(m[1])[0] ?? reader.team.find(m[1]);
  return member ? [{ kind: 'obligation', words: m[0], action, subject: 'member', member }] : [];
}
