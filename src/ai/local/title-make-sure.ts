import { machinesOf } from './needs-moves';

/**
 * "Make sure" said of a thing to be on a machine, a truck or a trailer (docs/ai.md, "Title"): putting it on, as a
 * person at the desk writes it ("make sure the ramps are on the trailer" -> "Put ramps on trailer"). Other states
 * ("make sure the lift is in good shape") and a member's own work ("make sure Priya looks at that one", round
 * twenty-two's titles) stay as said.
 */
const PUT_ON = /^make\s+sure\s+(.+?)\s+(?:is|are)\s+on\s+(.+)$/i;

/** "Put <things> on <machine>" for a "make sure <things> are on <machine>" title, else the title as it was. */
export function madeSure(title: string): string {
  const on = PUT_ON.exec(title.trim());
  if (!on || !machinesOf(on[2]).length || /\b(?:it|they|them)\b/i.test(on[1])) return title;
  return `put ${on[1]} on ${on[2]}`;
}
