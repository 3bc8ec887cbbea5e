import type { TaskContext } from '../types';
import { AUTO_REPLY } from './lexicon';
import { NUMBERED_SPEAKER, Person, resolveSpeakers, speakingMember } from './speakers';
import { TeamDirectory } from './team';
import { isNotesTitle } from './notes-title';
import { initialsOpening } from './initials-label';
import { looksLikePerson, sentencesOf, tagsOf } from './words';

/**
 * Who says what to whom (docs/ai.md, "Framing"). A text's frame: its sentences, each with the person
 * whose line it is (a transcript's speaker, a meeting note's assignee: "Maria: replace the hose"), the
 * person a sentence turns to ("Jake, please ..."), the email's addressee ("Hi Tom,") and author (its
 * sign-off), and whether it is a dialogue, where "I" is the speaker and "you" the other party.
 */
export type { Person };

export interface FramedSentence {
  /** The sentence as written (the source of a task). */
  text: string;
  /** The sentence without its label or vocative: what the rules read. */
  body: string;
  line: number;
  /** The line's label: speaker in a dialogue, assignee in notes. */
  label: Person | null;
  /** The person the sentence turns to ("Maria, can you ..."). */
  vocative: Person | null;
  /** The title line of notes ("Service team weekly", "Budget 2027 kickoff"): never an action. */
  heading?: boolean;
}

export interface TextFrame {
  sentences: FramedSentence[];
  dialogue: boolean;
  addressee: Person | null;
  author: Person | null;
  /** The member a memo's opening names as speaking ("Jake here"), when no sign-off names its author. */
  speaker?: Person | null;
  autoReply: boolean;
}

const NAME = "[A-Z][A-Za-z'-]+";
const LABEL = new RegExp(
  `^(${NAME}(?:\\s+[A-Za-z][A-Za-z'.-]*){0,3})\\s*(?::|\\s[-\\u2013\\u2014]\\s|[\\u2013\\u2014])\\s*(.*)$`,
);
/** A transcript's time mark before the speaker: "[00:01:12] Luis: ...", "10:02 Luis: ...". */
const TIMESTAMP = /^[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?[\])]?\s*(?:[-\u2013]\s*)?(?=[A-Z])/i;
/** A speaker named by role: "Agent (Luis):", "Rep (Luis Moreno):", "Customer:", "Caller:". */
const ROLE_LABEL =
  /^(agent|rep|representative|operator|dispatcher|customer|caller|client)(?:\s*\(([A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?)\))?\s*:\s*(.*)$/i;
/** A short first line without a sentence's end or a request: a note's title. */
const HEADING = /^(?!.*\b(?:please|can|could|need|needs|must|should|to)\b)(?:\S+\s+){0,5}\S+$(?<![.!?:])/i;
/** A list's mark, and an item's number written "#3" ("- #3 Tom to call Vince", as "3." numbers it). */
const BULLET = /^\s*(?:(?:[-*\u2022\u00b7]|\d{1,2}[.)])\s+(?:#\d{1,2}\s+)?|#\d{1,2}\s+(?=[A-Za-z]))/;
/** Greeting and closing words in either case; a name must be capitalised. */
const ci = (words: string) => words.replace(/(?<!\\)\b([a-z])/g, (c) => `[${c.toUpperCase()}${c}]`);
const GREETING = new RegExp(
  `^(?:${ci('(?:hi|hello|hey|dear|morning|good\\s+(?:morning|afternoon|evening)|thanks|thank\\s+you)')}\\b[ ,]*)?(${NAME})?\\s*(?:,|!|\\s[-\\u2013\\u2014]\\s)\\s*`,
);
const SIGN_OFF = new RegExp(
  `^(?:(${ci('thanks|thank\\s+you|many\\s+thanks|best|best\\s+regards|kind\\s+regards|regards|cheers|sincerely|warm\\s+regards|talk\\s+soon|all\\s+the\\s+best')})[,!.]?\\s+)?(${NAME}(?:\\s+${NAME})?)\\s*(?:,\\s*[A-Z][\\w\\s&'.-]*)?\\.?$`,
);
const VOCATIVE = new RegExp(
  `^(?:${ci('(?:hi|hello|hey|thanks|ok|okay|and|also|so|then|now|please|kindly)')},?\\s+)?(${NAME}(?:\\s+${NAME})?)(?:\\s+also)?\\s*(?:,|\\s[-\\u2013\\u2014]\\s)\\s*`,
);
/** A first word that names whom a text is for, before what it is about: "Dan the skid steer ...", "tom re the invoice". */
const OPENING_NAME =
  /^([A-Za-z][a-z'-]+)\s+(?=(?:the|a|an|that|this|those|these|our|your|re:?|fyi|quick|pls|plz|please|when|whenever|if|(?:can|could|would)\s+(?:you|u)|need|needs)\b)/;
/** Texting's first word in lower case, then what the text is about: "dan tires on trailer 2 r bald". */
const LOWER_NAME = /^([a-z][a-z'-]+)\s+(?=[a-z0-9])(?!(?:and|or|here|this|n|&)\b)/;
/** An email's subject line ("Subject: Friday delivery"): a heading that may date what is under it, never a label. */
export const SUBJECT_LINE = /^(?:subject|subj|re|fwd?)\s*:\s*/i;
/** "Thursday: Harmon closeout meeting", "Before Friday:", "Monday first thing:": a day that heads a line or a list, not a speaker. */
const DAY_LABEL =
  /^(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|today|tomorrow|tonight)(?:\s+(?:first\s+thing|am|pm|morning|afternoon|evening|night|eod))?$|^(?:before|by|for|until|due|after|this|next)\s/i;
/**
 * "call Kessler re the overdue roller (Priya).": the member an item is for, in brackets at its end; of two or more
 * ("(JW + SC)", "(Jake/Sam)") the first, as "A and B move the racks" is A's.
 */
const MEMBER_TAIL = /\s*\(([A-Z][a-z'-]+|[A-Z]{2})(?:\s*(?:[+&/,]|and)\s*(?:[A-Z][a-z'-]+|[A-Z]{2}))*\)[.!]?$/;
/** A first line that says whom a note is for: "Memo for Maria.", "For Jake:", "Note to Sam -". */
const FOR_MEMBER = new RegExp(
  `^(?:${ci('(?:(?:a\\s+)?(?:quick\\s+)?(?:memo|note|message|msg|reminder)\\s+(?:for|to)|for|to|attn:?)')})\\s+(${NAME})(?=\\s*(?:[:.,-]|from\\b|\\(|$))`,
);
/**
 * "Jake/Sam: hold the 20x40", "Dan + Jake: load bank test ...", "JW & SC: sort the racks": a note's item labelled with
 * two members, the first's (as "A and B move the racks" is A's; round twenty-two).
 */
const PAIR_LABEL = new RegExp(`^(${NAME}|[A-Z]{2})\\s*[/+&]\\s*(?:${NAME}|[A-Z]{2})\\s*:\\s*(.*)$`);
const VOCATIVE_REQUEST = new RegExp(`^(${NAME})\\s+(?=(?:can|could|would|will)\\s+you\\b|please\\b)`);
export const LISTED_NAMES = /^(?:[A-Z][a-z'-]+,\s+)*[A-Z][a-z'-]+,?\s+and\s+[A-Z][a-z'-]+\s+(?:each|both|all)\b/;
const LOWER_REQUEST = /^([a-z][a-z'-]+),?\s+(?=(?:can|could|would|will)\s+you\b|please\b)/;

export function frameText(text: string, context: TaskContext, team: TeamDirectory): TextFrame {
  const person = personFinder(context, team);
  const lines = text.split('\n').map((l) => l.trim());
  const content = lines.map((l, i) => ({ line: l.replace(BULLET, ''), index: i })).filter((l) => l.line.length > 0);

  const last = content[content.length - 1];
  const signOff = content.length > 1 && last ? SIGN_OFF.exec(last.line) : null;
  const author = signOff ? person(signOff[2], !!signOff[1]) : null;
  if (author) content.pop();
  // "Jake here, ...", "ok this is Jake": the member a memo says is speaking, whose "I'll ..." it is.
  const speaker =
    !author && context.kind !== 'call_transcript' && content[0] ? speakingMember(content[0].line, team) : null;

  const subject = content.length > 1 && SUBJECT_LINE.test(content[0].line) ? 1 : 0;
  let labelled = content.map(
    ({ line, index }, n): { index: number; label: Person | null; rest: string; speaker?: string | null } => {
      if (n < subject) return { index, label: null, rest: line };
      const bare = line.replace(TIMESTAMP, '');
      // "Speaker 1: ...", "SPEAKER_00: ...": a side read from what it says (speakers.ts).
      const numbered = NUMBERED_SPEAKER.exec(bare);
      if (numbered) return { index, label: null, rest: numbered[2], speaker: numbered[1].replace(/[-_\s]+/g, ' ') };
      const role = ROLE_LABEL.exec(bare);
      if (role) {
        // "Agent (Luis): ...", "Caller: ...": the name in brackets, else the side the role is on.
        const named = role[2] ? person(role[2], false) : null;
        const customer = /^(?:customer|caller|client)$/i.test(role[1]);
        const label = named ?? (customer ? { name: role[1], member: null } : null);
        return { index, label, rest: role[3], speaker: named || customer ? null : role[1] };
      }
      const pair = PAIR_LABEL.exec(bare);
      const first = pair ? person(pair[1], false) : null;
      if (pair && first?.member) return { index, label: first, rest: pair[2] };
      const m = LABEL.exec(bare);
      const dayLabel = !!m && DAY_LABEL.test(m[1]);
      const who = m && !dayLabel ? person(m[1], false) : null;
      // "load out the Kessler order (Jake)": a list item names its member in brackets at its end.
      const tail = !who && (!m || dayLabel) ? MEMBER_TAIL.exec(line) : null;
      const named = tail ? (team.find(tail[1]) ?? team.byInitials(tail[1])) : null;
      if (tail && named) return { index, label: { name: tail[1], member: named }, rest: line.slice(0, tail.index) };
      // "CB deliver the light towers ...", "Action: DL send Rausch ...": a member's initials and a verb (`initials-label.ts`).
      const initials = who || dayLabel ? null : initialsOpening(m ? m[2] : line, team);
      if (initials)
        return { index, label: { name: initials.member.firstName, member: initials.member }, rest: initials.rest };
      if (dayLabel) return { index, label: null, rest: line };
      return { index, label: who, rest: m ? m[2] : line };
    },
  );
  labelled = resolveSpeakers(labelled, context, team);
  const message = context.kind === 'email' || context.kind === 'sms';
  // "Tom: jake harmon's job starts 12/13. have the 2 heaters fueled ...", "Sam: dan the vega skid steer is due back
  // mon" / "Sam: when it comes in grease it": a text whose lines all carry one member's label and open with another
  // member's name is that member's message to the other: the label is its sender, no assignee.
  const first = labelled[subject];
  // "Jake - Tom. Silva needs ...": a dash names whom it is written to, then who writes; only "Name:" is a sender.
  const colon = !!first && /^\s*[A-Za-z][a-z'-]*\s*:/.test(content[subject]?.line.replace(TIMESTAMP, '') ?? '');
  const opening = colon && first?.label?.member ? /^([A-Za-z][a-z'-]+)\b(?!\.)/.exec(first.rest) : null;
  const openedTo = opening ? team.find(opening[1]) : null;
  if (
    message &&
    openedTo &&
    openedTo.id !== first?.label?.member?.id &&
    labelled.every((l) => !l.label || l.label.member?.id === first?.label?.member?.id)
  )
    labelled = labelled.map((l) => ({ ...l, label: null }));
  // "Sam - confirmed, we'll take ...", "Jake - roof hoist won't start": in an email or SMS the first line's
  // label is whom it is written to, not an assignee.
  let greeted: Person | null = null;
  if (message && labelled[subject]?.label && labelled.filter((l) => l.label).length === 1) {
    greeted = labelled[subject].label;
    labelled[subject] = { ...labelled[subject], label: null };
  }
  const labels = labelled.filter((l) => l.label).map((l) => l.label as Person);
  const distinct = new Set(labels.map((l) => l.name.toLowerCase()));
  // "- Kovacs Millwork: wants 2 scissors", "- Greystone: generator booked": meeting notes' labels that name no member
  // are what a line is about, not speakers.
  const dialogue =
    context.kind === 'call_transcript' ||
    (context.kind !== 'meeting_notes' && distinct.size >= 2 && labels.some((l) => !l.member));

  let addressee: Person | null = greeted;
  const sentences: FramedSentence[] = [];
  labelled.forEach(({ index, label, rest }, n) => {
    let line = rest;
    if (n === subject && !dialogue) {
      // "Memo for Maria.", "For Jake: the trailer lights ...", "Note for Maria from Priya (...):": written to a member.
      const forWhom = FOR_MEMBER.exec(line);
      const reader = forWhom ? team.find(forWhom[1]) : null;
      if (forWhom && reader) {
        addressee = { name: forWhom[1], member: reader };
        if (/^\s*[:.,-]/.test(line.slice(forWhom[0].length)))
          line = line.slice(forWhom[0].length).replace(/^\s*[:.,-]\s*/, '');
      }
      const g = GREETING.exec(line);
      const who = g?.[1] ? person(g[1], /^(?:hi|hello|hey|dear|morning|good|thanks|thank)/i.test(g[0])) : null;
      if (g && (who || /^(?:hi|hello|hey|dear|morning|good)/i.test(g[0]))) {
        addressee = who;
        line = line.slice(g[0].length);
      }
      // "dan the pressure washer at 4th st is dead again. can u swap it": a text opened by a member's name, no comma.
      const opened = OPENING_NAME.exec(line);
      // "dan need the hitch swapped": texting's lower-case name; "Jake needs to deliver" is a subject and its verb.
      const need = opened && /^needs?\b/i.test(line.slice(opened[0].length));
      const subject =
        need && opened && (/^[A-Z]/.test(opened[1]) || /^needs?\s+to\b/i.test(line.slice(opened[0].length)));
      const to = opened && !addressee && !subject ? team.find(opened[1]) : null;
      if (to) addressee = { name: opened?.[1] ?? '', member: to };
      // "dan tires on trailer 2 r bald. get new ones on", "sam heater at pine st out again": a text opened by a
      // member's name in lower case, then no verb (what the text is about), is written to them.
      const lower = !to && !addressee && context.kind === 'sms' ? LOWER_NAME.exec(line) : null;
      const toLower = lower && team.find(lower[1]);
      if (lower && toLower && !tagsOf(line.slice(lower[0].length))[0]?.tags.has('Verb')) {
        addressee = { name: lower[1], member: toLower };
        line = line.slice(lower[0].length);
      }
      // "maria when u get a chance swap the blade": the name said, what follows is the message.
      // "dan need the hitch swapped by 3", "sam the Pine St customer needs the heater swapped": so is a need, and
      // "maria the Oak St crew wants two more barricades" a want.
      if (
        to &&
        opened &&
        /^(?:please|pls|plz|when|whenever|if|need|needs|the\s+(?:[\w'-]+\s+){0,4}(?:needs\s+(?!to\b)|wants\s))\b/i.test(
          line.slice(opened[0].length),
        )
      )
        line = line.slice(opened[0].length);
    }
    // ("Dispatch planning for next week (Fri 7/26)": a meeting's longer title, `notes-title.ts`.)
    const heading =
      n < subject ||
      (n === 0 &&
        !label &&
        ((labelled.length >= 3 && HEADING.test(line)) || isNotesTitle(line, context.kind, labelled.length)));
    for (const sentence of sentencesOf(line)) {
      // "... by wed for the harmon order. sam can u get it": texting turns to a member in lower case.
      const lowerVoc = VOCATIVE.exec(sentence) || VOCATIVE_REQUEST.exec(sentence) ? null : LOWER_REQUEST.exec(sentence);
      const named =
        VOCATIVE.exec(sentence) ??
        VOCATIVE_REQUEST.exec(sentence) ??
        (lowerVoc && team.find(lowerVoc[1]) ? lowerVoc : null);
      // "Kwame, Greta and Hannah each need to send ...": the first of names listed as one subject, not one turned to.
      const voc = named && LISTED_NAMES.test(sentence.slice(named[0].length)) ? null : named;
      const who = voc ? person(voc[1], false) : null;
      const body = who && voc ? sentence.slice(voc[0].length) : sentence;
      sentences.push({ text: sentence, body, line: index, label, vocative: who, heading });
    }
  });
  return { sentences, dialogue, addressee, author, speaker, autoReply: AUTO_REPLY.test(text) };
}

/** A name that designates a person: a team member, the contact, or what compromise reads as a name. */
function personFinder(context: TaskContext, team: TeamDirectory) {
  const contact = (context.contactName ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (name: string, trusted: boolean): Person | null => {
    const member = team.find(name) ?? team.find(name.split(/\s+/)[0]) ?? team.byInitials(name);
    if (member) return { name, member };
    const first = name.split(/\s+/)[0].toLowerCase();
    if (trusted || contact.includes(first) || looksLikePerson(name)) return { name, member: null };
    return null;
  };
}
