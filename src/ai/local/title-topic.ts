import type { TaskContext } from '../types';
import { machineBefore } from './pronouns';
import { titleViolations } from './title-lint';

/**
 * What a call or a message is about (docs/ai.md, "Title"): a title that only names whom to reach ("Call Nora",
 * "Tell Dan", "Call Ray back") takes the topic the text gives, as the labels write it: "Call Nora about light
 * tower". The topic is an "about" / "re" / "regarding" phrase of the rest of the sentence ("call Summit ... and
 * ask about the heater return"), else of the words before the action ("Ray left a message about the compactor,
 * call him back"), else of the sentence before; else the machine the sentence asks about ("call Kessler ... ask
 * if they still need the lift"), else the machine the sentence before speaks of ("the throttle cable on the
 * compactor is sticking. I'll let Dan know").
 */
const REACH = /^(?:call|phone|ring|tell|ask|email|e-mail|text|message)$/i;
/** Whom a title reaches, and nothing else: a name ("Nora", "Ray Dunn") or a role ("the yard", "their controller"). */
const WHOM =
  /^(?:[A-Z][a-z][\w.'-]*|yard|shop|office|drivers?|foreman|plumber|electrician|bank|controller|accountant|guy|supplier|company|customer|crew|tech|technician|dispatch|site|service|manager|owner|landlord)$/;
const ABOUT =
  /(?:\b(?:about|regarding|concerning|(?:question|questions|message|call)\s+(?:on|about))|(?<![\w'\u2019])re:?)\s+(?!(?:in|at|on|to|for|from|with|out|it|how|what|when|where|an?\s+hour|\d))([^,.;:?!()\n]+)/i;
/** A count before a machine: "all 22 light towers", "two 80 foot booms" are the light towers, the booms. */
const COUNT =
  /^(?:(?:all|both|the|a|an|\d+|two|three|four|five|six|seven|eight|nine|ten|extra|more|another)\s+(?!foot|feet|ft|ton|kw|gallon|inch))+/i;
/** Where a topic ends: a joining word, a time or a verb. */
const TOPIC_END =
  /^(?:and|but|so|because|if|when|whether|since|or|that|which|who|before|after|until|till|by|for|to|with|from|in|today|tomorrow|tonight|this|next|on|at|is|was|are|were|has|have|had|will|would|can|could|should|as|then|too|yet|again|either|please|asap|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
const LEAD = /^(?:the|a|an|their|his|her|our|your|my|its|that|this|those|these|some|any)$/i;
const PRONOUN = /^(?:it|that|this|them|those|these|him|her|us|me|you|one|stuff|things?|something|anything)$/i;
const ASKS = /\b(?:ask|see\s+if|see\s+whether|find\s+out|check\s+(?:if|whether)|confirm)\b/i;

/** The topic an "about" phrase of `text` names, without its article, or null. */
function aboutIn(text: string): string | null {
  const about = ABOUT.exec(text);
  if (!about) return null;
  const words: string[] = [];
  for (const w of about[1].trim().split(/\s+/)) {
    if (TOPIC_END.test(w) || words.length === 5) break;
    if (!words.length && LEAD.test(w)) continue;
    words.push(w);
  }
  const kept = words.filter((w) => !PRONOUN.test(w));
  return kept.length && kept.some((w) => w.length > 2) && kept.length === words.length ? words.join(' ') : null;
}

/** The machine `text` asks about after `ASKS` ("ask if they still need the lift" -> "lift"), or null. */
function askedMachine(text: string, context: TaskContext): string | null {
  const asks = ASKS.exec(text);
  return asks ? machineBefore([text.slice(asks.index)], context) : null;
}

/**
 * `title` with its topic when it names only whom to reach. `after`: its sentence from the action on; `before`:
 * the words before the action in its sentence, then the sentences before, nearest first.
 */
export function withTopic(title: string, after: string, before: string[], context: TaskContext): string {
  const [verb, ...rest] = title.split(' ');
  const whom = rest[rest.length - 1] === 'back' ? rest.slice(0, -1) : rest;
  if (!REACH.test(verb) || !whom.length || whom.length > 3 || !whom.every((w) => WHOM.test(w))) return title;
  const [own = '', previous = ''] = before;
  // "check the trencher and, uh, call Dunn back": the machine before "and" is the other task's.
  const joined = /\band(?:\W+(?:uh|um|then|also))*\W*$/i.test(own);
  const topic =
    aboutIn(after) ??
    aboutIn(own) ??
    aboutIn(previous) ??
    askedMachine(after, context) ??
    machineBefore([joined ? '' : own, previous].filter(Boolean), context);
  if (!topic) return title;
  const thing = topic.replace(COUNT, '').replace(/'s$/i, '');
  if (!thing) return title;
  // "Call Ray about Ray's invoice": a topic that names the one reached again adds nothing.
  const named = new Set(rest.map((w) => w.toLowerCase()));
  if (thing.split(/\s+/).some((w) => w.length > 2 && named.has(w.toLowerCase()))) return title;
  const topical = `${title} about ${thing}`;
  return titleViolations(topical, after, context).length === 0 ? topical : title;
}
