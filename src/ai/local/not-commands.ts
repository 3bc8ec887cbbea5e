/**
 * What looks like a command or an ask and is none (docs/ai.md, "Action cues", "Not actions"): a signature's line, a
 * way to reach the writer offered besides the ask, a mail's "please find attached", the weather, a record or a
 * notice ("Price increase effective July 1"), a thing and its state ("Wash bay pump broken"), a machine and its
 * failure ("roof hoist wont start"), and the words that tell a noun subject's report ("Call with Dunn went well")
 * from a command.
 */

/**
 * "If it's easier, give me a ring at 555-0192", "if you'd rather, just call me": a way to reach the writer offered
 * besides the ask, no ask of its own.
 */
export const ALTERNATIVE =
  /^(?:if\s+(?:it's|it\s+is|that's|that\s+is)\s+(?:easier|simpler|quicker)|if\s+you(?:\s+prefer|'d\s+rather|\s+would\s+rather)),?\s+(?:just\s+)?(?:give\s+(?:me|us)\s+a\s+(?:ring|call|shout|buzz)|call|ring|phone|text)\b/i;
/** A signature's line: "Project Coordinator | Whitman Builders", "Kowal Fencing | 555-0144". */
export const SIGNATURE = /^[A-Z0-9(+][^|.!?]{0,40}(?:\s\|\s[A-Z0-9(+w][^|!?]{0,40})+$/;
export const STATE_END =
  /\b(?:down|out|broken|dead|missing|flat|stuck|busted|leaking|damaged|cracked|bent|jammed)(?:\s+again)?[.!]?$/i;
/**
 * "roof hoist wont start", "Excavator died again", "pressure washer no pressure", "the lift at harmon wont go up": a
 * machine and its failure (a command is no such thing; in a customer's or a member's text it asks for a fix).
 */
export const BREAKDOWN =
  /^(?:the\s+|our\s+|my\s+|your\s+)?((?:[\w-]+\s+){0,5}?[\w-]+)\s+(?:(?:won't|will\s+not|doesn't|does\s+not|isn't|is\s+not|can't|cannot)\s+(?:start|run|work|go\s+up|go\s+down|drive|lift|turn\s+on|charge|move|steer|idle|crank|hold\s+pressure)|(?:just\s+)?(?:died|quit|broke(?:\s+down)?|stopped\s+working|is\s+dead|is\s+down|is\s+leaking|leaking\s+\w+|has\s+no\s+(?:power|pressure)|no\s+(?:power|pressure)|not\s+working|keeps\s+(?:dying|stalling|tripping|leaking|cutting\s+out|shutting\s+off))|throwing\s+(?:a\s+)?(?:code|error|fault))\b/i;
export const LIGHT_VERBS = /^(?:get|have|keep|make|leave|let)$/;
/** A past tense that is never a participle ("went", "came", "ran"), or an intransitive one ("died", "arrived"). */
export const FINITE_PAST =
  /^(?:went|came|ran|broke|took|gave|was|were|did|fell|blew|froze|grew|began|drove|rode|wrote|spoke|died|arrived|happened|failed|stopped|worked|showed)$/i;
/** Verbs that take a clause ("tell Ray part came in", "check gen 4 ran dry"): what follows is what to say or see. */
export const CLAUSE_TAKING =
  /^(?:tell|let|ask|remind|inform|notify|text|email|say|confirm|check|see|verify|find|note|show|make|explain|mention|write)$/i;
/** Words that open a noun phrase or a clause of its own: an object or a relative clause, not a subject's phrase. */
export const OPENS_PHRASE = /^(?:that|which|who|whom|whose|what|how|where|when|if|whether|why)$/i;
/** "Rain all day, lost two deliveries", "record rentals", "Price increase effective July 1": the weather, a record, a notice. */
export const ATTACHED = /^(?:please\s+)?find\s+(?:\S+\s+){0,6}?(?:attached|enclosed)\b/i;
export const NOT_COMMAND =
  /^(?:(?:please\s+)?find\s+(?:\S+\s+){0,6}?(?:attached|enclosed)\b|(?:rain|snow|sleet|hail|wind|fog|frost|storms?)\b|record\s+(?:rentals|sales|numbers|revenue|day|week|month)\b|(?:price|rate|cost|fee)s?\s+(?:increase|change|update|hike)s?\b)/i;
