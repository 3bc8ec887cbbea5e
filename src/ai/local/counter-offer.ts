import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { dateMentions } from './due-date';
import type { TextFrame } from './frame';

/** The customer turning a day down: "Tomorrow's no good", "that doesn't work for us", "we can't do Thursday". */
const TURNED_DOWN =
  /\b(?:no\s+good|(?:does(?:n't|\s+not)|won't|will\s+not|wouldn't)\s+work|(?:can't|cannot|can\s+not)\s+do|(?:isn't|is\s+not|not)\s+(?:good|great|possible|ideal)|(?:is|'s)\s+(?:bad|tough|out)|would\s+be\s+better|works\s+better|rather\s+have)\b/i;
/** The team's yes to the customer's day: "Sure.", "That works.", "Monday it is.". */
const AGREED =
  /^(?:sure|yes|yeah|yep|ok(?:ay)?|fine|perfect|great|no\s+problem|can\s+do|will\s+do|that\s+works|works\s+for\s+me|sounds\s+good|deal)\b|\bit\s+is\b/i;

/**
 * "I can be there around two tomorrow." / "Tomorrow's no good, can you do Monday early?" / "Monday, seven thirty.":
 * on a call, the team's dated commitment whose day the customer turns down in the next line, offering another, takes
 * the day the team's line after that settles on: the day it says, or the customer's when it only agrees ("Sure.").
 */
export function counterOffers(candidates: Candidate[], frame: TextFrame, ref: LocalMoment): void {
  const lineOf = (line: number) => frame.sentences.filter((s) => s.line === line);
  for (const c of candidates) {
    if (!c.due || !c.sentence.label?.member) continue;
    const lines = [...new Set(frame.sentences.filter((s) => s.line > c.sentence.line).map((s) => s.line))];
    const [reply, answer] = [lineOf(lines[0]), lineOf(lines[1])];
    if (!reply.length || reply[0].label?.member || !answer[0]?.label?.member) continue;
    const replied = reply.map((s) => s.body).join(' ');
    if (!TURNED_DOWN.test(replied)) continue;
    const offered = dateMentions(replied, ref, true).filter((m) => !m.timeOnly && m.day !== c.due?.day);
    if (!offered.length) continue;
    const answered = answer.map((s) => s.body).join(' ');
    const settled =
      dateMentions(answered, ref).find((m) => !m.timeOnly) ??
      (AGREED.test(answered.trim()) ? offered[offered.length - 1] : null);
    if (settled) c.due = { ...settled, deadline: false };
  }
}
