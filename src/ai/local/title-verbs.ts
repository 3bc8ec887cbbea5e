import { MACHINE_WORDS, PARTICLES, WORK_NOUN } from './lexicon';
import { baseOf } from './words';

/**
 * A title as a person writes it on a task list (docs/ai.md, "Title"): the standard verb for a colloquial one
 * ("grab the mini ex" -> "Pick up mini excavator", "let the yard know" -> "Tell yard"), no remark trailing
 * the object ("... before we start pulling gear", "... they pay on the 1st", "... next time you're in the
 * area"), the trade's short forms spelled out. Read from train's and dev's labels against the titles the
 * rules made; each rule was kept only where it brought the titles nearer to the labels.
 */

/** Things a yard delivers: "get the vibrator out there" is a delivery, "get the quote out" a sending. */
export const EQUIPMENT = new RegExp(`\\b(?:${MACHINE_WORDS})\\b`, 'i');
export const DOCUMENT =
  /\b(?:quotes?|quotation|invoices?|statements?|notices?|certs?|certificates?|contracts?|agreements?|paperwork|tickets?|pricing|prices?|estimates?|coi|w-?9|forms?|reports?|photos?|pictures?|pdfs?|copy|copies|receipts?)\b/i;

/** "go jump it", "come out and look at it", "get out there to fix the seal": the errand's verb is the task's. */
const ERRAND =
  /^(?:go|come|swing|head|run|get)(?:\s+(?:out|over|back|by|down|up))?(?:\s+there)?(?:\s+(?:and|to))?\s+(?=(?:jump|check|fix|look|pick|grab|inspect|take|dry|test|swap|change|replace|service|drop|deliver|repair|collect|see)\b)/i;

type Rule = [RegExp, string | ((...m: string[]) => string)];

/** Colloquial verbs and verb phrases, at the start of the title, to the task list's verb. */
const VERBS: Rule[] = [
  [/^(?:grab|come\s+get|go\s+get)\s+/i, 'pick up '],
  [/^pick\s+(\S+(?:\s+\S+)?)\s+up$/i, 'pick up $1'],
  // "the Birch Rd chipper needs to come back tonight": a pickup.
  [/^come\s+back\s+(?=\S)/i, 'pick up '],
  [/^(?:take|have|give\s+\S+)\s+(?:a\s+|another\s+)?(?:look|once-over|look-see)(?:\s+at)?\b/i, 'check'],
  [/^look\s+at\b/i, 'check'],
  [/^look\s+over\b/i, 'check'],
  [/^tear\s+into\b/i, 'check'],
  [/^(?:phone|ring|buzz)\b/i, 'call'],
  [/^give\s+(\S+(?:\s+\S+)?)\s+(?:a\s+)?(?:call|ring|buzz)\b/i, 'call $1'],
  [/^give\s+(?:a\s+)?call\s+to\b/i, 'call'],
  // "let me know the price of the 60ft boom": the price is sent.
  [/^let\s+(\S+(?:\s+\S+)?)\s+know\s+((?:\S+\s+)?(?:price|pricing|quote|rates?|availability)\b.*)$/i, 'send $2 to $1'],
  [/^let\s+(.+?)\s+know(?:\s+(?:about|that))?\b/i, 'tell $1'],
  [/^bump\s+up\b|^bump\b/i, 'raise'],
  [/^circle\s+back\s+with\b/i, 'follow up with'],
  // "Said I'd get back to him by Monday": the answer is a call back.
  [/^get\s+back\s+to\s+(him|her|them|you)\b/i, 'call $1 back'],
  [/^(?:wanna|gotta|need\s+to|have\s+to|got\s+to)\s+/i, ''],
  [/^(?:shoot|pop|fire)\s+(.+?)\s+over\b/i, 'send $1'],
  [/^(send|email|mail|ship)\s+over\b/i, '$1'],
  [/^price\s+out\b/i, 'price'],
  // "can you get me a price on a 60ft boom": the price is sent to the one who asks.
  [/^get\s+(?=(?:\S+\s+)?(?:price|pricing|quote|estimate)\b)/i, 'send '],
  // "I'll put them on hold for you", "put a hold on all of that": a booking, as the labels title it ("Reserve");
  // a person or an account put on hold is a credit hold.
  [
    /^put\s+(?!(?:you|him|her|us|me)\b)(?!.*\baccount)(.+?)\s+on\s+hold(?:\s+under\s+(?:\S+\s+)?name)?\b/i,
    'reserve $1',
  ],
  [/^put\s+(?:a\s+)?hold\s+on\s+(?!.*\baccount)(?:all\s+of\s+)?/i, 'reserve '],
  // "get Lyle his final invoice", "get Angela Pruitt a rate sheet": the paper is sent to the one named.
  [
    /^[Gg]et\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+((?:(?!(?:her|him|them)\s)[a-z-]+\s+){0,2}?(?:invoices?|statements?|quotes?|rate\s+sheets?|contracts?|agreements?|copy|copies|receipts?|certificates?|paperwork|pricing|prices?|numbers))\b/,
    'send $2 to $1',
  ],
  [/^send\s+to\s+(?=(?:quote|price|prepare|update|check|order|book|call|fix)\b)/i, ''],
  // "do the annual inspection", read "carry out" so the lint sees a verb: a task list's "Do".
  [
    /^carry\s+out\s+(\S+(?:\s+\S+){0,2})(?=\s+(?:on|for|of|at|with)\b|$)/i,
    (said: string, work: string) => (WORK_NOUN.test(work) ? `do ${work}` : said),
  ],
  [/^give\s+back\s+(?=(?:\S+\s+)?(?:deposit|money|payment)\b)/i, 'refund '],
  [/^give\s+credit\s+to\b/i, 'credit'],
  [/^give\s+(him|her|them|us|\S+\s+\S+)\s+(?:a\s+)?credit\b/i, 'credit $1'],
  [/^knock\s+(.+?)\s+off\b/i, 'credit $1 off'],
  [/^ping\b/i, 'ask'],
  // "I'll swing by with a new suction hose", "get new tires on it": a part put in the place of a worn one is replaced.
  [/^(?:swing|stop|come|head|pop)(?:\s+(?:by|over|in|out|round))?(?:\s+there)?\s+with\s+(?:new|fresh)\s+/i, 'replace '],
  // ("put new cones on the racks" is stock put away, not a part replaced).
  [
    /^(?:get|put|throw)\s+(?:new|fresh)\s+(\S+(?:\s+\S+)?)\s+on(?:\s+(it|them))?$/i,
    (_, part: string, thing?: string) => `replace ${part}${thing ? ` on ${thing}` : ''}`,
  ],
  [/^fuel\s+up\b/i, 'fuel'],
  // "I'll put a quote together", "make him an offer": the quote or offer sent is the task.
  [
    /^(?:put\s+together|make|draw\s+up|work\s+up)\s+(?=(?:\S+\s+){0,3}?(?:quote|quotation|price|pricing|offer|proposal|estimate)\b)/i,
    'send ',
  ],
  [/^put\s+((?:\S+\s+){0,3}?(?:quote|quotation|price|pricing|offer|proposal|estimate))\s+together\b/i, 'send $1'],
  [
    /^(?:send|deliver)\s+(?:someone|somebody|a\s+tech|tech|a\s+guy|guy|mechanic)(?:\s+(?:out|over))?(?:\s+(?:there|here))?\b/i,
    'send technician',
  ],
  // "get the vibrator and the screed out there", "run the pump out": a delivery; "get the quote out": a sending.
  [
    /^(get|run)\s+(.+?)\s+(?:out|over|there)(?:\s+(?:there|here))?(?=\s+to\b|$)/i,
    (said: string, verb: string, thing: string) =>
      DOCUMENT.test(thing) ? `send ${thing}` : EQUIPMENT.test(thing) ? `deliver ${thing}` : said,
  ],
  [
    /^send\s+(.+?)\s+out(?:\s+there)?(?=\s+to\b|$)/i,
    (_, thing: string) => (EQUIPMENT.test(thing) ? `deliver ${thing}` : `send ${thing} out`),
  ],
  [/^get\s+(.+?)(?=\s+to\s)/i, (_, thing: string) => (DOCUMENT.test(thing) ? `send ${thing}` : `get ${thing}`)],
];

/** "get the drain cleared", "make sure the coffee is ordered": the work done is the task ("Clear drain"). */
const DONE_TO =
  /^(?:get|have|make\s+sure)\s+(.+?)\s+(?:is\s+|are\s+|gets\s+)?([a-z]+ed)(\s+(?:in|up|at|out))?(\s+(?:for|on|before|by)\s+\S.*)?$/i;

/** Remarks after the object, not part of the task (what is left needs a verb and an object). */
const TAILS: RegExp[] = [
  // "send quote and send it to you": one sending.
  /(?<=^send\s+\S.*?)\s+and\s+(?:send|get|email)\s+(?:it|them|this|that)(?=\s+to\b)/i,
  // "send the agreement over", "get the heaters there": where a sending goes is said by the name after it, or not at all.
  /\s+(?:(?:out|over|back)\s+)?(?:there|here)$/i,
  /(?<=^(?:send|email|mail|resend|deliver|bring|run|swap)\b.*)\s+(?:over|out)(?=\s+to\b|$)/i,
  /\s+before\s+(?:we|you|i|they|he|she|customers?|the\s+\w+|\w+'s|(?:\w+\s+){1,3}(?:starts?|ends|comes?|goes|runs|picks?|leaves))\b.*$/i,
  // "Swap roller before start", "... before is more bad": not before an event a label names ("before delivery").
  /\s+before\s+(?!(?:\S+\s+){0,2}(?:delivery|pickup|return|rental|job|pour|event|inspection|audit|install|visit|walkthrough|trip|show)\b).*$/i,
  /\s+(?:next\s+time|(?:at\s+)?(?:your\s+|the\s+)?earliest\s+convenience|on\s+(?:your\s+|the\s+)?way(?:\s+(?:back|in|out))?$|either\s+way|anyway|whenever\s+you\s+can|if\s+you\s+can|at\s+latest|top\s+priority)\b.*$/i,
  /(?<!\b(?:if|whether|that|what|how|when|where|who|sure|and|or))\s+(?:they|we|he|she|i)(?:'re|'ll)?\s+(?:pay|paid|start|are|is|have|had|meet|need|sign|say|want|were|will|got|gave|can|do|done|finished|gone)\b.*$/i,
  // "order it from Kubota they're closed til the 4th", "drop a new one off I'm over that way", "find a second driver
  // Tom's truck is in the shop": a sentence run on with no comma, its subject and verb said short, is a remark.
  // ("tell Jake he's got another one": what is told is the task's).
  /(?<!\b(?:tell|remind|warn|inform|notify|ask|let)\b.*)(?<!\b(?:if|whether|that|what|how|when|where|who|sure|and|or|see))\s+(?:they|we|he|she|i|you)(?:'re|'m|'d|'ve|'s)\s.*$/i,
  /(?<!\b(?:if|whether|that|what|how|when|where|who|and|or))\s+(?:he|she|they)\s+(?:said|says|told|thinks?|mentioned)\b.*$/i,
  /\s+[A-Z][a-z]+'s\s+(?:\w+\s+){1,2}(?:is|are|was|were)\b.*$/,
  /\s+and\s+we\b.*$/i,
  /\s+and\s+(?:lmk|let\s+me\s+know)\b.*$/i,
  // "Fix hydraulic leak on 35 ft boom goes out Friday": when the thing leaves is the due date's, not the title's.
  /\s+(?:goes|going)\s+(?:out|to)\b.*$/i,
  /\s+by\s+(?:email|mail|time\b.*|end\b.*)$/i,
  /\s+(?:\w+\s+)?(?:rental\s+)?(?:ends|starts)\b.*$/i,
  /\s+(?:am|pm|starting(?:\s+\S+)?|okay|ok|anyway|sometime|eventually|some\s+time)$/i,
  // "call him Monday, not before 10": what is left of a time ruled out.
  /\s+not$/i,
];

/** The trade's short forms, as the labels write them. */
const SHORT_FORMS: Rule[] = [
  [/\bmini[\s-]?ex\b/gi, 'mini excavator'],
  [/\b(?:genny|gennies|gensets?|gens?)\b/gi, 'generator'],
  [/\b(\d+)\s*(?:-\s*)?(?:foot|feet|footer)\b/gi, '$1 ft'],
  [/\bscissor\b(?!\s+lifts?)/gi, 'scissor lift'],
  [/\b(?:tele|teles|tele-handler)\b/gi, 'telehandler'],
  [/\bskid\b(?!\s+steers?)/gi, 'skid steer'],
  [/\bcert\b/gi, 'certificate'],
  [/\bcerts\b/gi, 'certificates'],
  [/\bquotation\b/gi, 'quote'],
  // "I'd have a rough number to him", "told them I'd have numbers by Thursday": the numbers sent are a quote.
  [
    /^(send\s+(?:(?:a|the|some|our)\s+)?(?:(?:rough|ballpark|budget|final|firm)\s+)?)numbers?\b(?!\s+(?:of|for\s+the)\b)/i,
    '$1quote',
  ],
  // "the 2nd generator", not "January 3rd" or "the 3rd of May".
  [
    /(?<!\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s)\b2nd(?=\s+(?!(?:of|to|through|and|or)\b)[a-z]{3,})/gi,
    'second',
  ],
  [
    /(?<!\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s)\b3rd(?=\s+(?!(?:of|to|through|and|or)\b)[a-z]{3,})/gi,
    'third',
  ],
];

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/** A verb and at least one word after it that is no particle: what a title needs to keep. */
const keepsObject = (s: string) =>
  words(s)
    .slice(1)
    .some((w) => !PARTICLES.has(w.toLowerCase()));

/** The title's verb made standard (before its pronouns are resolved: "let him know" -> "tell him"). */
export function deskVerbs(title: string): string {
  let t = title.trim();
  const done = DONE_TO.exec(t);
  // "get the big trailer's brake light fixed": a possessive is part of the object; "make sure they're cleaned" is not.
  const contraction = (o: string) => /'(?!s\b)|\b(?:it|that|there|he|she|who|what|here)'s\b/i.test(o);
  if (done && !contraction(done[1]) && !/\b(?:and|or)$/i.test(done[1])) {
    const verb = baseOf(done[2]);
    if (verb) t = `${verb}${done[3] ?? ''} ${done[1]}${done[4] ?? ''}`;
  }
  t = t.replace(ERRAND, '');
  for (const [from, to] of VERBS) {
    const next = t.replace(from, to as string);
    if (next !== t) {
      t = next.trim();
      break;
    }
  }
  return t;
}

/** The title without the remarks trailing its object. */
export function deskTail(title: string): string {
  let t = title.trim();
  for (const tail of TAILS) {
    const next = t.replace(tail, '').trim();
    if (next !== t && keepsObject(next)) t = next;
  }
  return t;
}

/** The trade's short forms spelled out. */
export function spelledOut(title: string): string {
  let t = title;
  for (const [from, to] of SHORT_FORMS) t = t.replace(from, to as string);
  return t;
}
