/**
 * Word lists of the local task rules (docs/ai.md, "Local provider rules"). General English and
 * equipment-rental business vocabulary, not phrases of any labelled text.
 */

/** Base-form verbs that start an action item ("send", "check", "follow up"). */
export const ACTION_VERBS = new Set(
  (
    'send email e-mail call ring phone text contact reach follow check double loop inspect look review confirm schedule reschedule book reserve ' +
    'lock order buy purchase quote price invoice bill charge credit refund chase collect remind ask tell update prepare draft write ' +
    'put create set arrange organize organise deliver drop pick grab fetch bring take move haul load unload swap replace repair fix ' +
    'service grease clean wash fuel refuel tag pull install test photograph document sign file renew extend cancel issue process ' +
    'reconcile approve finish complete run go drive meet visit present offer discuss negotiate decide plan research find get make ' +
    'give hand return share forward post print hold keep assign train certify verify investigate diagnose troubleshoot correct adjust ' +
    'remove add notify inform let resend submit pay knock waive deduct apply source track log record upload measure survey count ' +
    'audit stock restock transfer dispatch ship mail sort touch circle ping escalate resolve sort order chase calibrate lubricate ' +
    'change top empty pump charge jump tow winch secure unlock recheck double-check email text clear close open free tidy ' +
    'reorganize reorganise level handle ' +
    // Round fourteen: verbs a rental desk uses that the list lacked ("shoot him the spec sheet", "flag them at the
    // counter", "snake the drain", "stage the lifts", "bump our limit", "tear into it", "line up a driver").
    'shoot flag straighten snake stage rebuild bump tear swing line figure firm nail square iron patch weld spray sweep ' +
    'hose rinse drain flush bleed tighten torque inflate hook hitch unhitch strap tarp cover park stack pack unpack label ' +
    'mark scan copy void reverse comp split relocate reposition rearrange reroute finalize finalise wire deposit nudge ' +
    'poke bug buzz holler message demo paint repaint detail degrease vacuum rotate sharpen align ' +
    // Round sixteen: "tension the track", "reseal the cylinder", "hitch it up".
    'tension seal gas ' +
    // Round seventeen: "inventory the cold-weather kits", "choose the display machines".
    'inventory choose select'
  ).split(/\s+/),
);

/**
 * An action verb of the list, or one of them said again ("re-issue", "rebill", "re-send", "requote"): the lexicon's
 * test wherever a word must be an action verb.
 */
export function isListedAction(word: string): boolean {
  const w = word.toLowerCase();
  if (ACTION_VERBS.has(w)) return true;
  const again = /^re-?([a-z]{3,})$/.exec(w);
  return !!again && ACTION_VERBS.has(again[1]) && !/^re(?:sign|present|port|member|lease|turn|view|fer|lax)/.test(w);
}

/** Verbs that never make an action item on their own ("I'll be", "we should think"). */
export const NON_ACTION_VERBS = new Set(
  'be have do see hope think know like love want wish feel guess need seem enjoy thank thanks say mean believe understand wonder appreciate hear rent stay use expect require'.split(
    ' ',
  ),
);

/** Work named by its noun, which a title's "Do" takes as its object ("Do annual inspection on boom"). */
export const WORK_NOUN =
  /\b(?:check|inspection|service|count|test|audit|inventory|survey|repair|cleaning|training|walk-?through|swap|delivery|install|installation)s?$/i;

/** Particles that belong to the verb ("follow up", "pick up", "call back"). */
export const PARTICLES = new Set('up back out over in off down through together on around by'.split(' '));

/** Things customers ask for by name ("I'd like a quote"): the verb the task takes for each. */
export const REQUEST_NOUNS: Record<string, string> = {
  quote: 'Send',
  estimate: 'Send',
  price: 'Send',
  prices: 'Send',
  pricing: 'Send',
  rates: 'Send',
  numbers: 'Send',
  invoice: 'Send',
  statement: 'Send',
  summary: 'Send',
  breakdown: 'Send',
  copy: 'Send',
  approval: 'Get',
  'w-9': 'Send',
  coi: 'Send',
  certificate: 'Send',
  paperwork: 'Send',
  receipt: 'Send',
  confirmation: 'Send',
  catalog: 'Send',
  brochure: 'Send',
  contract: 'Send',
  proposal: 'Send',
  update: 'Send',
  credit: 'Issue',
  refund: 'Issue',
  replacement: 'Send',
  technician: 'Send',
  tech: 'Send',
  mechanic: 'Send',
  callback: 'Return',
  'call back': 'Return',
  delivery: 'Arrange',
  pickup: 'Arrange',
  'pick-up': 'Arrange',
  swap: 'Arrange',
  // "I expect a credit for both days and a different unit on Monday": the broken one swapped.
  'different unit': 'Swap in',
  'different machine': 'Swap in',
};

/** Maintenance a machine "needs" or "is due for" ("needs a 250 hour service"). */
export const MAINTENANCE_NOUNS =
  'service|repair|inspection|look|replacement|oil\\s+change|cleaning|clean|check|tune-up|tune\\s+up|new\\s+\\w+|\\d+\\s*(?:hour|hr|h)\\s+service|fuel|fuelling|refuelling|diesel|charging|charge|greasing|grease|wash|washing';

/** Words before the action that carry no meaning for the task ("Also, please ..."). */
export const FILLERS =
  /^(?:(?:and|also|then|so|but|just|maybe|perhaps|ok(?!\s+(?:to|if)\b)|okay(?!\s+(?:to|if)\b)|oh|plus|finally|first|next|(?:a\s+)?reminder(?:\s+to\s+self)?(?:\s+to(?=\s+[a-z]+\s))?|note\s+to\s+self|to\s*do|todo|action(?:\s+items?)?|fyi|p\.?s\.?|right|alright|yeah|yes|sure|absolutely|great|good|no\s+problem|understood|got\s+it|perfect|before\s+that|after\s+that|afterwards|meanwhile|in\s+the\s+meantime|when(?:ever)?\s+(?:you|u)\s+(?:get|have)\s+a\s+(?:chance|sec|second|minute)|whenever\s+(?:you|u)\s+can|(?:hang|hold)\s+on(?=\s*[,.!])|(?:one|just\s+a)\s+(?:sec|second|minute)(?=\s*[,.!])|i\s+guess|i\s+suppose|i\s+reckon|idk|(?:thanks|thank\s+you|thx)(?=\s*,\s*(?:i|we)(?:'ll|\s+will)\s))\b[\s,:.!-]*)+/i;

/** Urgency (priority high) and its opposite (priority low). */
export const HIGH_CUES =
  /\b(?:urgent(?:ly)?|asap|as\s+soon\s+as\s+possible|immediately|right\s+away|straight\s+away|emergency|critical|top\s+priority|high\s+priority|priority\s+one|first\s+priority|time[- ]sensitive|can't\s+wait|cannot\s+wait|as\s+soon\s+as\s+you\s+(?:can|see\s+this|get\s+this))\b/i;
export const LOW_CUES =
  /\b(?:no\s+rush|no\s+hurry|not\s+urgent|not\s+a\s+priority|low\s+priority|when\s+you\s+(?:get|have)\s+(?:a\s+)?(?:chance|minutes?|moment|time|sec|second)|when\s+you\s+can(?=\s*(?:[,.!]\s*(?:thx|thanks|thank\s+you|ty|cheers)\b)?\s*[.!?]?\s*$)|whenever|at\s+some\s+point|eventually|some\s*time(?!\s+(?:in\s+the\s+(?:next|coming)|this|next|today|tomorrow|tonight|before|by|on\b|mon|tue|wed|thu|fri|sat|sun|the\s+(?:week|\d)|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))|someday|one\s+of\s+these\s+days|can\s+wait|if\s+you\s+have\s+time|when\s+(?:things|it)\s+(?:slow|quiet)s?\s+down|free\s+(?:afternoon|moment|minute|day)|(?:at\s+)?(?:your|the)\s+earliest\s+convenience|when\s+I\s+(?:get|have|find)\s+(?:a\s+)?(?:chance|minute|moment|sec|second|time)|not\s+(?:very\s+|that\s+|too\s+|so\s+|super\s+|really\s+)?important|no\s+big\s+deal|not\s+(?:a\s+)?big\s+(?:problem|deal))\b/i;

/** A text or clause that says there is nothing to do. */
export const NO_ACTION =
  /\b(?:no\s+(?:further\s+)?(?:action|follow[- ]?up)s?\s+(?:is\s+|are\s+)?(?:needed|required|necessary)|no\s+need\s+to|(?:don't|do\s+not|doesn't|does\s+not|won't|will\s+not)\s+need\s+to|nothing\s+(?:else\s+)?(?:to\s+do|needed|required)|not\s+needed)\b/i;

/**
 * Polite closings that look like requests ("Let me know if you need anything"), and a mail's way of pointing to
 * what it carries ("Please find attached our PO", "Kindly find below the points"): no task.
 */
export const CLOSINGS =
  /^(?:(?:please\s+|kindly\s+)?find\s+(?:[\w'-]+\s+){0,4}(?:attached|enclosed|below|herewith)\b|let\s+(?:me|us)\s+know\s+if|feel\s+free|(?:don't|do\s+not)\s+hesitate|looking\s+forward|hope|have\s+a\s+(?:great|good|nice|lovely)|enjoy|thanks|thank\s+you|cheers)\b/i;

/** An automatic reply: none of its requests are for the team. */
export const AUTO_REPLY =
  /\b(?:out\s+of\s+(?:the\s+)?office|on\s+(?:annual\s+)?leave\s+until|auto(?:matic)?[- ]?reply|limited\s+access\s+to\s+(?:e-?mail|my\s+inbox)|(?:this\s+is\s+an\s+)?automated\s+(?:message|notification|notice|email)|do\s+not\s+reply|(?:this\s+)?mailbox\s+is\s+not\s+monitored|reply\s+stop\s+to|verification\s+code\s+is|no\s+action\s+is\s+(?:needed|required)|(?:sent|generated)\s+automatically|automatically\s+(?:generated|sent)|auto-?generated|system[- ]generated|(?:to\s+)?unsubscribe\b|(?:manage|update)\s+your\s+(?:notification|email)\s+(?:settings|preferences)|(?:please\s+)?(?:don't|do\s+not)\s+respond\s+to\s+this)\b/i;

/** Subjects that are not a person of the team: the action is someone else's. */
export const OTHER_PEOPLE = /^(?:he|she|they|the\s+customer|the\s+client|their\s+\w+|his|her)$/i;
export const SOMEONE =
  /^(?:someone|somebody|anyone|anybody|one\s+of\s+(?:us|you)|the\s+team|team|us|every(?:one|body)|(?:all|the|all\s+the|our)\s+(?:drivers|techs|technicians|mechanics|crews?|yard\s+(?:guys|crew|team)|shop|counter(?:\s+staff)?|staff|reps|sales(?:\s+team)?))$/i;

/** Verbs whose direct object is a person or a company: "Call Pat Green", "Invoice Green Paving". */
export const PERSON_VERBS = new Set(
  (
    'call ring phone text email e-mail contact reach remind ask tell thank invoice bill charge credit refund pay visit meet ' +
    'notify inform update chase brief message apologize apologise answer follow welcome invite introduce warn nudge ping let'
  ).split(' '),
);

/** Verbs with a person and a thing ("send him the invoice"): the person goes after "to" or "for". */
export const GIVE_TO = new Set(
  'send email e-mail text give hand bring offer show pay mail forward quote pass resend fax deliver'.split(' '),
);
export const GET_FOR = new Set('get make find book reserve order buy pencil set put hold prepare draft'.split(' '));

/** Pronouns a title cannot keep: the reader of a task list cannot resolve them. */
export const TITLE_PRONOUNS = new Set('it them you u him her this that these those me us em one ones both'.split(' '));

/** Things a yard rents out or sends with them, as the titles and pronouns read them (title-verbs.ts, words.ts). */
export const MACHINE_WORDS =
  'excavators?|ex|lifts?|booms?|scissors?|generators?|genn?y|gens?|heaters?|towers?|compactors?|rollers?|pumps?|trailers?|mixers?|saws?|vibrators?|screed|forks|trenchers?|buckets?|telehandlers?|loaders?|steers?|dumpsters?|chippers?|grinders?|cutters?|breakers?|augers?|attachments?|adapters?|units?|machines?|compressors?|dollies|cords?|chains?|jacks?|trowels?|extractors?|replacement|backup|spare';
