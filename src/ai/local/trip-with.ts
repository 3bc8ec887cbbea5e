import type { Cue } from './cue';
import { machineSaid } from './needs-moves';

/**
 * A trip the writer makes with a machine: "After lunch I go to Pagosa with the telehandler", "then I'm heading out to
 * the Birch St job with the compactor", "we run over to Harbor Marine with the two heaters": the machine's delivery
 * there (the present of a driver's day said by non-native writers too). Not a trip done ("I went ..."), nor one to
 * fetch it ("to pick up", "back with").
 */
const TRIP_WITH =
  /\b(?:I|[Ww]e)(?:'ll|\s+will|'m\s+going|\s+am\s+going|'m|\s+am|'re|\s+are)?\s+(?:go|going|head|heading|drive|driving|run|running)(?:\s+(?:out|over|up|down))?\s+to\s+((?:the\s+)?[\w'&.-]+(?:\s+(?!with\b)[\w'&.-]+){0,3}?)\s+with\s+(.+)$/;

/** Reads a clause for "I go to <place> with <machine>"; returns the delivery of that machine there, or null. */
export function tripWith(clause: string): Cue | null {
  const m = TRIP_WITH.exec(clause);
  const thing = m ? machineSaid(m[2].split(/[,;.]/)[0]) : null;
  if (!m || !thing || /^(?:pick|get|grab|collect)\b/i.test(m[1])) return null;
  return {
    kind: 'obligation',
    words: m[0].slice(0, m[0].indexOf(' to ')),
    action: `deliver ${thing} to ${m[1]}`,
    subject: 'first',
  };
}
