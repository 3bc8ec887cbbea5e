import { SOMEONE_TO } from './indirect-asks';
import { baseOf, infinitive } from './words';
import { causativeWork } from './causative-work';

/**
 * Roundabout phrasings, put plainly before a clause is read for its cue (docs/ai.md, "Action cues"): ways round a
 * verb ("go to check it", "I must to discuss", "have it ready"), work named by its noun ("do a pre-delivery check"),
 * work done to a thing by "get", "have" or "need" ("have them delivered Sunday", "need it swapped"), things promised
 * ("I'll have numbers by Thursday") and commitments or asks reported ("Told him I'd get him pricing", "she asked us
 * to swap the heater"), each rewritten as the plain command or commitment `cues.ts` reads.
 */

/** "do a pre-delivery check on the boom", "do the stock count": the work named by its noun ("do" alone is no action). */
const DO_WORK =
  /\bdo\s+(?=(?:a|an|the|his|her|their|our|my|your|a\s+quick|a\s+full)\s+(?:[\w-]+\s+){0,2}(?:check|inspection|service|walk-?around|count|test|audit|inventory|survey|demo|repair|cleaning|wash|oil\s+change|tune-?up|training|stock-?take|write-?up|site\s+visit|swap|swap-?out|pick-?up|drop-?off|delivery|install|installation|changeover|walk-?through)s?\b)/gi;
/** "can u do delivery sat 7am?": texting drops the article. */
const DO_BARE_WORK = /\bdo\s+(?=(?:delivery|pickup|pick-up|drop-?off|the\s+swap|swap)\b)/gi;
export const workDone = (c: string) => c.replace(DO_WORK, 'carry out ').replace(DO_BARE_WORK, 'carry out ');
/**
 * Spoken and non-native ways round a verb, read as the verb: "go to check it", "come and fix it", "pop over and
 * look", "I must to discuss", "please somebody check it", "have it ready at the counter" (prepare it), "do the
 * needful for the delivery" (arrange it).
 */
const ROUNDABOUT: Array<[RegExp, string | ((...said: string[]) => string)]> = [
  [
    /\b(?:go|come|run|pop|swing\s+by)\s+(?:over\s+|out\s+|by\s+|round\s+)?(?:(?:there|here|to\s+the\s+(?:site|yard|job))\s+)?(?:to\s+|and\s+)?(?=(?:check|look|fix|inspect|see|pick|grab|swap|drop|help|repair|service|collect|test|take\s+a\s+look|have\s+a\s+look)\b)/gi,
    '',
  ],
  // "I'll swap you a different one", "we'd swap him another unit": the broken machine swapped (round nineteen).
  [
    /\bswap\s+(?:you|u|him|her|them|'em)\s+(?:a|another)\s+(?:(?:different|new|other|replacement|spare|good)\s+)?(?:one|unit|machine)\b/gi,
    'swap it',
  ],
  // "Let me get Dan out there": a member sent out, not something done while talking.
  [/^[Ll]et\s+(?:me|us)\s+(?=(?:get|have|send)\s+[A-Z][a-z'-]+\s+(?:out|over)\b)/, "I'll "],
  // "Need u at the shop at 7 tmrw to help lift the engine": a request of the one written to.
  [/\b(?:i\s+|we\s+)?need\s+you\s+(?:at|in|on|over\s+at|down\s+at)\s+[^,.;!?]{1,40}?\s+to\s+(?=[a-z])/gi, 'can you '],
  // "take a look at it", "have a look": looking at it; "take care of the Weber pick up": handling it.
  [/\b(?:take|have)\s+a\s+(?:quick\s+)?look\b/gi, 'look'],
  [/\btake\s+care\s+(?:of|for)\s+(?=(?:the|a|an|our|their|his|her|all)\s)/gi, 'handle '],
  // "see if Jake can do it", "see whether we have two": checking it; "get it in the system": adding it there.
  [/\bsee\s+(?=(?:if|whether)\s)/gi, 'check '],
  // "ill send jake for it in the morning": the member sent to fetch it ("send Jake for the check" sends him to work);
  // "get her a draft proposal in her inbox": sent.
  [
    /\bsend\s+([a-z][a-z'-]+)\s+(?:over\s+|out\s+|round\s+)?for\s+(it|them)(?=[\s.,!?]|$)/gi,
    (_: string, who: string, thing: string) => `have ${who.replace(/^[a-z]/, (l) => l.toUpperCase())} pick up ${thing}`,
  ],
  [
    /\bget\s+(him|her|them)\s+((?:a|an|the)\s+[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:in|into)\s+(?:his|her|their)\s+inbox\b/gi,
    'send $1 $2',
  ],
  [
    /\b(?:get|put)\s+(it|them|(?:the|that|this)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:in|into)\s+the\s+system\b/gi,
    'add $1 to the system',
  ],
  [/\b(must|should|need|needs|have|has)\s+to\s+to\b/gi, '$1 to'],
  [/\bmust\s+to\b/gi, 'must'],
  // "please do the needful for the delivery": Indian English for arranging it.
  [/\bdo\s+the\s+needful\s+(?:for|about|on|regarding)\s+/gi, 'arrange '],
  [/\bplease\s+(?:someone|somebody|anyone|whoever\s+is\s+free)\s*,?\s+/gi, 'please '],
  [
    /\b(?:have|get)\s+((?:it|them|both|(?:the|all|our|your|a|an|two|three|\d+)\s+[\w-]+(?:\s+[\w-]+)?))\s+(?:ready|prepped)\b/gi,
    'prepare $1',
  ],
  // "Could you have the scissor lift at the Dunn site tomorrow", "I'll have the heaters out there": delivering them.
  [
    /\b(?:have|get)\s+((?:it|them|both|(?:the|all|our|your|a|an|two|three|\d+)\s+[\w-]+(?:\s+[\w-]+){0,2}?))\s+(?:out\s+there|on\s+site)\b/gi,
    'deliver $1 there',
  ],
  [
    /\b(?:have|get)\s+((?:it|them|both|(?:the|all|our|your|a|an|two|three|\d+)\s+[\w-]+(?:\s+[\w-]+){0,2}?))\s+(?:at|out\s+to|over\s+to|to)\s+(?=the\s+(?:[\w'-]+\s+){0,3}(?:site|job|jobsite|project)\b)/gi,
    'deliver $1 to ',
  ],
];
/**
 * "have them delivered Sunday", "get your forklift cards renewed", "I'll have the updated quote to you by Monday":
 * the work done to the thing, and the thing sent ("get it done", "get it sorted" stay: a task said again).
 */
const HAVE_DONE =
  /\b(?:get|have)\s+(them|(?:both|the|your|our|their|his|her|all|those|these|two|three|2|3|a\s+new|a\s+replacement)\s+[\w-]+(?:\s+[\w-]+){0,3}?|(?:both|those|these)(?=\s+\w+ed\b)|it(?=\s+(?!(?:done|sorted|fixed|handled|booked|taken)\b)))\s+(\w+(?:ed|en))\b(?:\s+and\s+(\w+ed)\b)?/gi;
/** "get it looked at before Friday", "have the brakes looked at": a look at the thing. */
const LOOKED_AT =
  /\b(?:get|have)\s+(them|it|(?:the|your|our|their|his|her|those|these)\s+[\w-]+(?:\s+[\w-]+){0,3}?)\s+looked\s+at\b/gi;
const HAVE_TO_YOU =
  /\b(?:have|get)\s+((?:the|a|an|your|our|it|them|this|that)\b(?:\s+[\w-]+){0,4}?)\s+(?:over\s+|back\s+)?to\s+(you|him|her|them|us)\b/gi;
/** "Is there any chance of getting the boom swapped before Wednesday?", "could we get the invoice corrected": asks. */
const GET_DONE =
  /^(?:is\s+there\s+)?(?:any\s+chance\s+(?:of|you\s+could\s+get|we\s+could\s+get)|(?:can|could)\s+(?:we|i)\s+get)\s+(?:getting\s+)?((?:the|our|my|this|that|those|these)\s+(?:[\w-]+\s+){0,5}?)(\w+ed)\b/i;
/** "Can the boom lift be picked up Monday morning?", "could those be swapped": asks for that work. */
const BE_DONE =
  /^(?:can|could|would)\s+((?:it|they|them|(?:the|our|your|this|that|those|these|both)\s+(?:[\w-]+\s+){0,4}?))\s*be\s+(\w+(?:ed|en|t))\b/i;
/**
 * "need the light tower delivered to 18 Pine", "we need the two trench boxes inspected", "the Pine St customer
 * needs the heater swapped": asks for that work. A run-on may pass it on mid-sentence ("Carla called the yard she
 * needs the telehandler moved"); "needs the updated list" names a thing, no work; "an extra auger bit, 12 inch, added" its size between
 * commas.
 */
const NEED_DONE =
  /(^|,\s+(?:so\s+)?|\s(?=(?:he|she|they)\s+(?:also\s+|still\s+)?needs?\s))(?:(?:i|we)(?:'ll|\s+will)?\s+(?:also\s+|still\s+)?|(?:the|our)\s+(?:[\w'-]+\s+){0,3}?(?:customer|client|crew|foreman|super|guys)\s+|they\s+(?:also\s+|still\s+)?|(?:he|she)\s+(?:also\s+|still\s+)?(?=needs)|[A-Z][a-z'-]+\s+(?=needs\s))?needs?\s+((?:it|them|(?:the|our|those|these|both|two|three|\d+|a|an)\s+(?:[\w-]+,?\s+){1,5}?))\s*(\w+ed)\b/i;
/**
 * "I said I'd send them a price", "I told him we'd swap it", and as a logged call drops the teller ("Told him I'd get
 * him pricing by Wed", "Said I'd get back to him"): a commitment reported, the speaker's; "I told Nils you'd call
 * him" the one written to's (a member named as the one who would is read in `read`).
 */
const TELLER =
  "(?:\\b(?:I|[Ww]e)(?:'ve|\\s+have|\\s+had)?(?:\\s+(?:already|also|just))?\\s+|(?<=^|[,;:]\\s*|\\b(?:and|so|then)\\s+))(?:[Ss]aid|[Tt]old\\s+(?:(?:the|his|her|their)\\s+)?(?:them|'?em|him|her|[A-Z][a-z]+)|[Pp]romised(?:\\s+(?:them|him|her|[A-Z][a-z]+))?|[Aa]ssured\\s+(?:them|him|her|[A-Z][a-z]+)|[Ll]et\\s+(?:them|him|her|[A-Z][a-z]+)\\s+know)\\s+(?:that\\s+)?";
const SAID_WOULD = new RegExp(`${TELLER}(I|we|you)(?:'d|\\s+would)\\b`, 'gi');
/**
 * "I told 'em first thing Monday I'd bring the big one out": the time said between the telling and the commitment is
 * the commitment's ("I'll bring the big one out first thing Monday").
 */
const SAID_WHEN_WOULD = new RegExp(
  `${TELLER}((?:first\\s+thing\\s+)?(?:(?:on\\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight|next\\s+week|this\\s+(?:afternoon|morning|evening|week))(?:\\s+(?:morning|afternoon|evening|am|pm|first\\s+thing))?),?\\s+(I|we|you)(?:'d|\\s+would)\\s+([^.;!?]*)`,
  'gi',
);
/** "I tell him I will ask Jake": a non-native writer's present for the telling, then the commitment told. */
const TELL_WILL =
  /\b(?:I|[Ww]e)\s+(?:also\s+|just\s+)?tell\s+(?:them|'?em|him|her|[A-Z][a-z]+)\s+(?:that\s+)?(I|we)(?:'ll|\s+will|'d|\s+would)\b/g;
/** "Told him Dan would be out tmrw AM", "I told her Tom would call her": the member named is the one who would. */
export const SAID_MEMBER_WOULD = new RegExp(
  `${TELLER}([A-Z][a-z'-]+)(?:'d|'ll|\\s+would|\\s+will)\\s+((?:be|swing|stop|pop|come|head)\\s+(?:out|over|by)\\b)?`,
  'g',
);
/**
 * "Told her a tech would be out Thursday", "we'll have someone out Thursday": a visit promised by no one named, a
 * technician sent (the work is the fault said before, as for a member sent).
 */
const SOMEONE_OUT = new RegExp(
  `(?:${TELLER}(?:someone|somebody|a\\s+tech(?:nician)?|a\\s+mechanic)(?:'d|'ll|\\s+would|\\s+will)\\s+be|\\b(?:I|[Ww]e)(?:'ll|\\s+will)\\s+(?:have|get)\\s+(?:someone|somebody|a\\s+tech(?:nician)?|a\\s+mechanic))\\s+(?:out|over)(?:\\s+there)?\\b`,
  'g',
);
/**
 * "He wants someone from sales to call him Monday", "she asked us to swap the heater", "they'd like us to hold it",
 * "he asked if we could move it", "she asked that we send it": a request the customer made, reported by the team:
 * someone's to do, or the team's own ("we'll ..."; in a customer's own mail "us" is the customer, whose plan it is).
 */
const REPORTED_ASK =
  /\b(?!(?:I|[Ww]e|[Yy]ou|It|This|That)\b)(?:he|she|they|[A-Z][a-z'-]+|(?:[Tt]he|[Tt]heir|[Hh]is|[Hh]er)\s+[a-z]+)(?:(?:'d\s+(?:also\s+)?like|'s\s+asking|\s+(?:also\s+)?(?:wants|wanted|asked|would\s+like|is\s+asking|was\s+asking))\s+(us|me|someone|somebody|one\s+of\s+us)(?:\s+from\s+[\w-]+)?\s+to|\s+(?:also\s+)?(?:asked|wanted\s+to\s+know|is\s+asking|was\s+asking)\s+(?:if|whether)\s+(we|I|someone|somebody)\s+(?:can|could|would)|\s+(?:also\s+)?asked\s+that\s+(we|I))\s+(?=[a-z])/g;
/** "I will check with bank and revert": Indian English for answering, a call back ("revert to her" too). */
export const REVERT = /^revert(?:\s+back)?(?:\s+to\s+(him|her|them|you))?\b(?!\s+(?:to|the|it|this|that)\b)/i;
/** "I'll have numbers by Thursday", "we'll have a rough quote for you Monday": the figures promised are sent. */
const HAVE_FIGURES =
  /\b((?:I|we)(?:'ll|\s+will)\s+)have\s+((?:(?:a|an|the|some|our)\s+)?(?:[\w-]+\s+)?(?:quotes?|pricing|prices?|numbers?|figures|estimate|proposal))(?:\s+(?:for|to)\s+(you|him|her|them))?(?=\s+(?:by|before|on|tomorrow|today|tonight|this|next|first|mon|tue|wed|thu|fri|sat|sun)|\s*(?:[.,;!?]|$))/gi;
const reportedAsk = (_: string, to?: string, asked?: string, that?: string) => {
  const who = (to ?? asked ?? that ?? '').toLowerCase();
  return /^(?:someone|somebody)$/.test(who) ? 'please ' : `${who === 'me' || who === 'i' ? 'I' : 'we'}'ll `;
};
export const plainly = (c: string) =>
  // ("please have all guardrails on the Pine St scissors checked": the wider shapes of `causative-work.ts`.)
  ROUNDABOUT.reduce(
    (out, [pattern, by]) => (typeof by === 'string' ? out.replace(pattern, by) : out.replace(pattern, by)),
    causativeWork(c),
  )
    .replace(SAID_WHEN_WOULD, (_: string, when: string, who: string, what: string) => `${who}'ll ${what} ${when}`)
    .replace(SAID_WOULD, "$1'll")
    .replace(TELL_WILL, "$1'll")
    // "and someone to show the custodian how to use it": the work asked of the team (`indirect-asks.ts`).
    .replace(SOMEONE_TO, 'please ')
    .replace(SOMEONE_OUT, "I'll send a tech out")
    // "Asked us to drop it at the back gate": a logged call drops the one who asked.
    .replace(
      /^(asked|wants|wanted)(?=\s+(?:us|me|someone|somebody|if\s+we|whether\s+we|that\s+we)\b)/i,
      (verb: string) => `they ${verb.toLowerCase()}`,
    )
    .replace(REPORTED_ASK, reportedAsk)
    // "can I get the forklift delivered tomorrow": read before "get X delivered" (the team's delivery, asked for).
    .replace(
      GET_DONE,
      // "can we get the sod cutter Monday instead of Wed" asks for the thing: "Wed" is no participle.
      (all: string, thing: string, done: string) =>
        !/^(?:wed|need|feed|seed|weed|speed|shed|bed|red)$/i.test(done)
          ? `please ${infinitive(done)} ${thing.trim()}`
          : all,
    )
    .replace(NEED_DONE, (all: string, lead: string, thing: string, done: string) => {
      const verb = baseOf(done);
      return verb ? `${lead}please ${verb} ${thing.trim()}` : all;
    })
    .replace(BE_DONE, (all: string, thing: string, done: string) => {
      const verb = baseOf(done);
      return verb ? `please ${verb} ${thing.trim().replace(/^they$/i, 'them')}` : all;
    })
    .replace(HAVE_TO_YOU, 'send $1 to $2')
    .replace(
      HAVE_FIGURES,
      (_: string, who: string, what: string, to?: string) => `${who}send ${what}${to ? ` to ${to}` : ''}`,
    )
    .replace(LOOKED_AT, 'look at $1')
    // "have both towers serviced and fueled": two works done to the thing.
    .replace(HAVE_DONE, (all: string, thing: string, done: string, also?: string) => {
      const verb = baseOf(done);
      const second = also ? baseOf(also) : null;
      // ("both towers" is the towers: a title reads "both" as a pronoun.)
      const what = thing.replace(/^both\s+(?=[a-z])/i, 'the ');
      return verb ? `${verb}${second ? ` and ${second}` : ''} ${what}${also && !second ? ` and ${also}` : ''}` : all;
    });
