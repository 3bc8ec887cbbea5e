import { FILLERS, isListedAction, PARTICLES } from './lexicon';
import { billAndItsSending, changesBill, oneActionOfTwo } from './one-action';
import { intakeThenWork } from './shop-intake';
import { tagsOf } from './words';
import { afterListLabel } from './list-label';

/**
 * Action items split at coordinated clauses (docs/ai.md, "Sentences and clauses"): compromise keeps
 * "..., and Maria should check ..." in one sentence, so a sentence is cut again where a conjunction
 * starts a new subject with a modal ("and Maria should check"), turns to someone ("and Sam, can you"),
 * or starts a second verb with an object of its own ("update the contract and send him the invoice").
 * "tag it out and repair it" stays one item: the second verb only continues the first one's object.
 */
export interface Clause {
  text: string;
  /** A second verb sharing the previous clause's subject and cue ("... and send him the invoice"). */
  continues: boolean;
  /** A second object of the previous clause's verb with a date of its own ("..., and the manuals in a fortnight"). */
  gapped?: boolean;
}

// "... so I'll hitch it up Saturday": speech runs a second sentence on with "so" and no comma (a subject must follow).
// "... with empty tanks - Sam to charge the fuel to their account": a spaced dash inside a note's line (round twenty-two).
const CONJUNCTION =
  /(?:,?\s+(?:and\s+then|and\s+also|and|but|plus)\s+|,\s+(?:so|then|also)\s+|\s+so\s+|,\s+|\s+[-\u2013\u2014]\s+)/gi;
// "and I also gotta call Calloway", "and I'm gonna swap it": speech's modals, with an adverb before them.
const SUBJECT_MODAL =
  /^(?:[Ii]|[Ww]e|you|someone|somebody|[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s*(?:\s+(?:also|still|then|just|really|probably|definitely))?(?:'ll|'d|'m\s+(?:going\s+to|gonna)|\s+(?:will|shall|should|must|can|could|needs?\s+to|ha(?:s|ve)\s+to|gotta|got\s+to|gonna|am\s+(?:going\s+to|gonna)|is\s+going\s+to|are\s+going\s+to|to))\b/;
/**
 * "..., and if I don't get anywhere I'll put them on credit hold": a condition said with no comma, then what the
 * speaker will do; "..., and while we wait I'll tag it out": what the speaker does meanwhile.
 */
const CONDITION_THEN =
  /^(?:if|when|once|unless|after|while)\s+(?:[\w'-]+\s+){1,10}?(?:[Ii]|[Ww]e)(?:'ll|\s+will|'m\s+(?:going\s+to|gonna))\s/;
/** "..., and the tooth I need to order from Kubota": the thing said first, then the speaker's commitment to it. */
const THING_FIRST =
  /^(?:the|this|that|these|those)\s+(?:[\w-]+\s+){0,3}?(?:I|[Ww]e)(?:'ll|\s+will|\s+need\s+to|\s+have\s+to|\s+gotta|\s+can)\s+[a-z]/;
/** "..., and then I told Curtis I'd have a rough number to him": a commitment reported starts a clause of its own. */
const REPORTED =
  /^(?:(?:I|[Ww]e)(?:'ve|\s+have|\s+had)?\s+)?(?:told\s+(?:(?:the|his|her|their)\s+)?[\w'-]+|said|promised(?:\s+[\w'-]+)?|let\s+[\w'-]+\s+know)\s+(?:that\s+)?(?:I|[Ww]e|you|[A-Z][a-z'-]+)(?:'d|'ll|\s+would|\s+will)\s/;
const DASH = /^\s+[-\u2013\u2014]\s+$/;
/** "..., bring numbers to the meeting", "and report the findings back": what the work before found, brought back. */
const RESULT_BACK =
  /^(?:bring|take|report|present)\s+(?:the\s+|their\s+|your\s+)?(?:numbers|results?|findings|answers?|options|figures)\b/i;
/** "check if we have one free and call him back", "check with bank by tomorrow and revert": the answer, a task of its own. */
const CALL_BACK = /^(?:(?:call|ring|phone)\s+(?:him|her|them|you)\s+back|revert)\b/i;
/** A confirmation asked for, then its sending: one task (docs/ai.md, "Round twenty: actions"). */
const ANSWERED = /\bconfirm\b[^,]*$/i;
const SENDS = /^(?:(?:then|also)\s+)?(?:send|email|e-mail|mail)\b/i;
/** The sending in such a clause ("confirm the pickup time and send me the ticket" -> "send me the ticket"), or null. */
export function sendingConfirmed(action: string): string | null {
  const m = /^confirm\b[^,]*?\s+and\s+(?=(?:(?:then|also)\s+)?(?:send|email|e-mail|mail)\b)/i.exec(action);
  return m ? action.slice(m[0].length) : null;
}
/**
 * A correction and the corrected paper's sending, said as one task ("fix it to nine days and send you a new invoice"):
 * the one it is sent to after the paper ("... and send a new invoice to you"), as a task list writes it; else null.
 */
export function amendedSending(action: string): string | null {
  const m =
    /(\band\s+(?:then\s+)?(?:send|email|e-mail|mail|re-?send|issue|get))\s+(him|her|them|you|us)\s+((?:over\s+)?(?:a|an|the)\s+(?:new|corrected|revised|updated|amended|fixed|credit)\s+[\w-]+(?:\s+(?:memo|note))?)/i.exec(
      action,
    );
  if (!m || !changesBill(action.slice(0, m.index))) return null;
  return `${action.slice(0, m.index)}${m[1]} ${m[3]} to ${m[2]}${action.slice(m.index + m[0].length)}`;
}
/** "call Calloway and tell them the bill is on its way": what is said on the call, no second action. */
const SPEAKS = /^(?:[\w']+\s+){0,4}?(?:call|ring|phone)\s+[^,]{1,40}$/i;
const SAYS = /^(?:tell|let|ask|remind|confirm|see\s+(?:if|whether|what|when)|find\s+out)\b/i;
/** "..., and have Dan check the tracks on it", "and have somebody call Sal back": the work given to someone. */
const HAVE_NAMED = /^(?:have|get)\s+(?:someone|somebody|[A-Z][a-z'-]+)\s+(?:to\s+)?[a-z]+\s/;
const SO_RUN_ON =
  /^(?:I|[Ww]e)(?:\s+(?:also|just|then))?(?:'ll|\s+will|'m\s+(?:going\s+to|gonna)|\s+(?:gotta|need\s+to|have\s+to|am\s+going\s+to))\s/;
const OWED =
  /^(?:gotta|got\s+to|have\s+to|need\s+to)\s+(?:get|have|[a-z]+\s+(?:the|a|an|it|them|those|these|our|their))\b/i;
/** "..., so all November invoices need to be posted before then": after a comma, a thing and what it needs. */
const THING_NEEDS =
  /^(?:(?:all|the|our|their|your|every|both|those|these|this|that)\s+)?(?:[\w-]+\s+){0,4}?(?:needs?|has|have|must|should)\s+(?:to\s+)?(?:be|go|get)\b/i;
/**
 * "..., and the manuals in a fortnight", "..., and the porta johns the same day": after a comma, a thing with no
 * verb of its own and a date that ends the sentence: the verb before is said again.
 */
const GAPPED =
  /^(?:the|their|our|your|his|her|those|these|both|all|a|an|\d+)\s+(?:[\w/-]+\s+){0,5}?(?:today|tonight|tomorrow|this\s+\w+|next\s+\w+|in\s+(?:a|an|one|two|three|\d+)\s+(?:days?|weeks?|fortnight|months?)|(?:on|by|before)\s+[\w ]{1,20}|(?:the\s+)?(?:same\s+day|day\s+(?:before|after))|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+\d{1,2}(?:st|nd|rd|th))\s*[.!?]?$/i;
const GOING =
  /\b(?:come|go|run|pop|swing|head|drive)(?:\s+(?:over|out|by|round|down|up|back))?(?:\s+(?:there|here))?$/i;
/** "Please swing by Harbor Marine on your way in tomorrow and check the forklift": a stop and what is done there. */
const VISIT = /^(?:please\s+|(?:i|we)(?:'ll|\s+will)\s+)?(?:swing|stop|pop|drop)\s+(?:by|in|over)\b[^,]*$/i;
const TURN_TO = /^[A-Z][a-z'-]+\s*(?:,|\s+(?:can|could|would|will)\s+you\b|\s+please\b)/;
const INDIRECT = new Set(['him', 'her', 'them', 'me', 'us', 'you']);
const NO_OBJECT = new Set([
  'it',
  'them',
  'him',
  'her',
  'me',
  'us',
  'you',
  'this',
  'that',
  'by',
  'to',
  'with',
  'for',
  'on',
  'at',
  'in',
  'about',
  'from',
  'when',
  'if',
  'before',
  'after',
  'until',
  'as',
  'so',
  'today',
  'tomorrow',
  'now',
  'asap',
  'later',
  'soon',
]);

/** `notes`: the text is meeting notes, whose lines a spaced dash may part (round twenty-two). */
export function clausesOf(body: string, notes = false): Clause[] {
  const clauses: Clause[] = [];
  for (const piece of body.split(/\s*;\s*/)) {
    let start = 0;
    let continues = false;
    let gap = false;
    for (const match of piece.matchAll(CONJUNCTION)) {
      const at = match.index ?? 0;
      const rest = piece.slice(at + match[0].length);
      const gapped =
        match[0].startsWith(',') &&
        GAPPED.test(rest) &&
        !/\b(?:will|would|is|are|was|were|can|could|should|must|has|have|had|need|needs|gets?|goes|go)\b|'ll\b/i.test(
          rest,
        );
      // "I'll ask Kwame Monday and then call them back": "and then" starts a second action even with a pronoun object.
      const then = /^,?\s+and\s+then\s+$/i.test(match[0]) && startsWithCommand(rest) ? 'verb' : null;
      const kind =
        newClauseKind(rest, match[0].startsWith(',')) ??
        then ??
        (match[0].startsWith(',') && THING_NEEDS.test(rest) ? 'subject' : gapped ? 'gapped' : null);
      // "Jake and Dan, you each need to ...": names listed, one subject; "I'll come out and take a look": one visit.
      const before = piece.slice(start, at).trim();
      // "Grabowski wants the chute again, dates TBD - Sam to call Pawel Monday", "Trailer 3 brakes - Ray to look at them
      // Monday": a dash in a note's line parts what was said or its topic from a member's item (a new subject, a
      // command), not a name and a remark after it ("Send her the list - Tom, tomorrow").
      if (DASH.test(match[0])) {
        if (!notes || rest.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length < 4) continue;
        if (kind !== 'subject' && !(kind === 'verb' && startsWithCommand(rest))) continue;
        clauses.push({ text: before, continues, gapped: gap });
        start = at + match[0].length;
        continues = false;
        gap = false;
        continue;
      }
      const visit = GOING.test(before) || VISIT.test(before);
      if (!kind || /^[A-Z][a-z'-]+$/.test(before) || (kind === 'verb' && visit)) continue;
      // "so" with no comma runs on only the speaker's commitment ("so I'll hitch it up"), not a purpose ("so Maria can
      // look at it", "so I can take the tax off").
      // "... went long Tuesday so add a day to their rental": a command with an object of its own runs on too.
      const soCommand = kind === 'verb' && startsWithCommand(rest);
      if (/^\s+so\s+$/i.test(match[0]) && !SO_RUN_ON.test(rest.replace(FILLERS, '')) && !soCommand) continue;
      if (kind === 'verb' && SAYS.test(rest) && SPEAKS.test(before.replace(FILLERS, ''))) continue;
      // "price a used mini ex vs. a rerent, bring numbers to next week's meeting": the work's result brought back, one task.
      if (kind === 'verb' && RESULT_BACK.test(rest.replace(FILLERS, ''))) continue;
      // "pull LT-07 into the shop, check the oil pressure sender": the work done once it is in, one task.
      if (kind === 'verb' && intakeThenWork(before, rest)) continue;
      // "Can you confirm and send over the paperwork?", "confirm the new dates and send an updated contract": one task.
      if (kind === 'verb' && !match[0].includes(',') && ANSWERED.test(before) && SENDS.test(rest.replace(FILLERS, '')))
        continue;
      // "credit the four days and send her a corrected invoice", "call them and get a pickup time": one task.
      if (kind === 'verb' && !match[0].includes(',') && oneActionOfTwo(before, rest)) continue;
      // (A bill's change and the corrected bill's sending stay one task across a comma too.)
      if (kind === 'verb' && billAndItsSending(before, rest)) continue;
      // "Apologize to her, get the adapter out to the site today, and ...": a comma alone parts commands listed, a
      // verb with an object of its own after a command.
      // "draft the letter, Maria to review it by 2/26": a comma alone parts a member's item from the one before.
      const named = kind === 'subject' && /^[A-Z][a-z'-]+\s+to\s+[a-z]/.test(rest) && startsWithCommand(before);
      // "..., Dan said two of them are bent, gotta get those swapped": the speaker's obligation said without its subject.
      const owed = kind === 'subject' && OWED.test(rest);
      // "I'll swing by tomorrow with a new hose, if that's not it I'll bring the pump back": the fallback, an action too.
      // ("If it's dry I'll run fuel out, if it's got fuel I'll bring a second heater": alternatives, one of them done.)
      const fallback =
        kind === 'subject' && CONDITION_THEN.test(rest.replace(FILLERS, '')) && !/^(?:if|when|unless)\b/i.test(before);
      // ("today's list: call the county, email Harmon the COI": commands after a list's label, `list-label.ts`.)
      const listed = kind === 'verb' && startsWithCommand(afterListLabel(before));
      if (/^,\s+$/.test(match[0]) && !named && !owed && !fallback && !listed) continue;
      clauses.push({ text: piece.slice(start, at).trim(), continues, gapped: gap });
      start = at + match[0].length;
      continues = kind === 'verb';
      gap = kind === 'gapped';
    }
    clauses.push({ text: piece.slice(start).trim(), continues, gapped: gap });
  }
  return clauses.filter((c) => c.text.length > 0);
}

function newClauseKind(rest: string, afterComma = false): 'subject' | 'verb' | 'gapped' | null {
  const text = rest.replace(FILLERS, '');
  // "... and after I give him answer until Friday": the speaker's next step, one group with the step before.
  if (/^after(?:wards)?\s+(?:I|we)\s+/.test(text) && presentOfNotes(text)) return 'verb';
  if (SUBJECT_MODAL.test(text) || TURN_TO.test(text) || presentOfNotes(text)) return 'subject';
  if (CONDITION_THEN.test(text) || THING_FIRST.test(text) || OWED.test(text) || HAVE_NAMED.test(text)) return 'subject';
  if (REPORTED.test(text)) return 'subject';
  if (CALL_BACK.test(text)) return 'verb';
  const words = text.split(/\s+/);
  const verb = words[0]?.toLowerCase().replace(/[^a-z-]/g, '') ?? '';
  // A second verb must be one of the action verbs ("scissor lifts and boom lifts" is no second action).
  if (!verb || !isListedAction(verb) || tagsOf(words[0])[0]?.tags.has('PastTense')) return null;
  // "..., and flag them at the counter": after a comma, a pronoun with more words after it is an action of its own.
  const pronounAndMore = afterComma && /^(?:it|them|him|her)$/i.test(words[1] ?? '') && words.length > 3;
  return hasOwnObject(words.slice(1)) || pronounAndMore ? 'verb' : null;
}

/** "Apologize to her", "please call Ray": an action verb first (fillers and "please" aside), not a past tense. */
function startsWithCommand(text: string): boolean {
  const word =
    text
      .replace(FILLERS, '')
      .replace(/^(?:please|pls|ok(?:ay)?|so)[\s,]+/i, '')
      .split(/\s+/)[0] ?? '';
  const verb = word.toLowerCase().replace(/[^a-z-]/g, '');
  if (isListedAction(verb)) return !tagsOf(word)[0]?.tags.has('PastTense');
  const tags = tagsOf(`${verb} it`)[0]?.tags;
  return !!tags && tags.has('Verb') && (tags.has('Imperative') || tags.has('Infinitive'));
}

/** "Maria books the delivery this week and I send them the safety sheet": a subject and its verb in the present. */
function presentOfNotes(text: string): boolean {
  // "... and Priya make the deposit invoice": a non-native writer's bare verb after a name too; "and after I give him
  // answer": the step after, in the present.
  const m =
    /^(?:(?:after(?:wards)?\s+)?(I|[Ww]e)\s+(?:also\s+|then\s+)?([a-z]+)|([A-Z][a-z'-]+)\s+([a-z]+?)(?:(?<=(?:sh|ch|ss|x|o))es|s)?)\s/.exec(
      text,
    );
  if (!m) return false;
  const verb = m[2] ?? m[4];
  // "and we meet them in January": an appointment both sides keep, not a task.
  const notName = /^(?:I|We|The|This|That|Then|And|Also|So|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Today|Tomorrow)$/;
  return isListedAction(verb) && verb !== 'meet' && (!!m[2] || !notName.test(m[3]));
}

/** The words after a verb start an object of their own (not "it", not a preposition). */
function hasOwnObject(after: string[]): boolean {
  let i = 0;
  const word = (k: number) => (after[k] ?? '').toLowerCase().replace(/[^a-z0-9'-]/g, '');
  while (PARTICLES.has(word(i)) && !NO_OBJECT.has(word(i + 1)) && word(i + 1)) i++;
  // "send him the invoice" has an object; "let you know" does not.
  if (INDIRECT.has(word(i)) && word(i + 1) && !NO_OBJECT.has(word(i + 1))) {
    const tags = tagsOf(word(i + 1))[0]?.tags;
    if (tags?.has('Verb') && !tags.has('Noun')) return false;
    i++;
  }
  const next = word(i);
  return next.length > 0 && !NO_OBJECT.has(next) && !PARTICLES.has(next);
}
