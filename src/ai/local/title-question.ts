import { gerundOf } from './words';

/**
 * A question a title asks, without the question's own subject (docs/ai.md, "Title"): "check if we have a forklift
 * free" is a check of the forklift's availability ("Check forklift availability"), "ask Dunn whether they want to
 * extend" an ask about extending ("Ask Dunn about extending"), "call Kessler and see if they still need the two
 * heaters" a call about the heaters ("Call Kessler about two heaters"), as a task list writes them. Read on the title
 * before its pronouns are resolved; any other question is left as it is.
 */
const HAVE_FREE =
  /^check\s+(?:if|whether)\s+(?:we|they)\s+(?:still\s+)?(?:have|got)\s+(?:any\s+|an?\s+)?((?!(?:free|available|open|left|it|them|to)\b)[\w-]+(?:\s+(?!(?:free|available|open|for|on|at|in|left)\b)[\w-]+){0,3})(?:\s+(?:free|available|open|left))?(\s+(?:for|on|at|by)\s+\S.*)?$/i;
/** "check if we have two": a count alone names no thing. */
const COUNT_ONLY = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|any|some|enough|more)$/i;
const WHO_ASKED =
  /^((?:ask\s+\S+(?:\s+[A-Z]\S*)?)|(?:(?:call|phone|ring|text|email)\s+\S.*?\s+and\s+(?:ask|check|see|confirm|find\s+out)))\s+(?:if|whether)\s+(?:they|he|she|you|we)\s+(?:still\s+)?(want|wants|need|needs|can|could)\s+(?:to\s+)?(.+)$/i;

export function questionAbout(title: string): string {
  const t = title.trim();
  const free = HAVE_FREE.exec(t);
  // ("... free for Thursday": the day or place it is wanted for stays.)
  if (free && !COUNT_ONLY.test(free[1])) return `check ${free[1]} availability${free[2] ?? ''}`;
  const asked = WHO_ASKED.exec(t);
  if (!asked) return title;
  const [, who, modal, rest] = asked;
  const call = who.replace(/\s+and\s+(?:ask|check|see|confirm|find\s+out)$/i, '');
  const [first, ...others] = rest.trim().split(/\s+/);
  // "want to extend", "can run the training": a verb after it is the work asked about; "need two heaters" the thing.
  const verbAfter = /^(?:can|could)$/i.test(modal) || new RegExp(`\\b${modal}\\s+to\\b`, 'i').test(t);
  const topic = verbAfter ? [gerundOf(first), ...others].join(' ') : rest.trim();
  return topic ? `${call} about ${topic}` : title;
}
