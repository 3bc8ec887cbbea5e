/**
 * An errand said before the work (docs/ai.md, "Title"): the work, as a person at the desk writes it. A visit with its
 * place and the work done there ("swing by the Quinn yard on the way and check the heater", "stop by Birch St after
 * lunch to look at the pump") -> "Check heater at Quinn yard"; reaching out to someone, the call or what it is for ("reach out
 * to Nora Quinn" -> "Call Nora Quinn", "reach out to schedule a walk-through" -> "Schedule walk-through"). A visit with
 * no work said stays as it was.
 */
const VISIT =
  /^(?:swing|stop|head|pop)\s+(?:by|over|out|up|down|round)(?:\s+to)?\s+((?:\S+\s+){0,4}?\S+)(?:\s+(?:on\s+(?:the\s+)?way|first|again|(?:after|before)\s+(?:the\s+)?\S+))*\s+(?:and|to)\s+(check|inspect|look\s+at|see\s+about|fix|repair|swap|replace|service|change|grease)\s+(\S.*)$/i;
const REACH = /^reach\s+out(?:\s+to\s+((?:[A-Z][\w.'&-]*\s*){1,4}))?(?:\s+separately)?(?:\s+to\s+([a-z]+)\s+(\S.*))?$/;
const LOOK = /^(?:look\s+at|see\s+about)$/i;

/** The work of an errand title ("Swing by X and check Y", "Reach out to X"), else the title as it was. */
export function errandWork(title: string): string {
  const t = title.trim();
  const visit = VISIT.exec(t);
  if (visit) {
    const [, place, work, object] = visit;
    // "swing by there first": the place is the customer's, which the title takes after (counterparty.ts).
    const at = /^(?:there|here)$/i.test(place) ? '' : ` at ${place}`;
    return `${LOOK.test(work) ? 'check' : work.toLowerCase()} ${object}${at}`;
  }
  const reach = /^[Rr]each/.test(t) ? REACH.exec(`r${t.slice(1)}`) : null;
  if (!reach) return title;
  const [, whom, verb, rest] = reach;
  if (verb && rest) return `${verb} ${rest}`;
  return whom ? `call ${whom.trim()}` : title;
}
