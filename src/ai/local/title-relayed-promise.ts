import type { TeamMember } from '../types';
import { isActionVerb } from './words';

/**
 * A promise passed on to the customer (docs/ai.md, "Title"): "I tell her I bring another mixer tomorrow", "I tell him
 * Priya send the price today" are the work promised, not the telling, as a person at the desk writes it: "Bring
 * another mixer to Nora Quinn", "Send price to Nora Quinn". Only when the one who promises is the writer ("I", "we")
 * or a member named by first name and a verb of work follows; a sending or a bringing goes "to" the one told.
 */
const RELAYED = /^[Tt]ell\s+((?:[A-Z][\w.'-]*\s+){1,3})(I|[Ww]e|[A-Z][a-z]+)\s+(?:will\s+|can\s+)?([a-z]+)\s+(.+)$/;
const GOES_TO = /^(?:send|bring|deliver|email|text|drop|take|mail|run)$/i;

/** The promised work of a "Tell X I / we / <member> <verb> ..." title, else the title as it was. */
export function relayedPromise(title: string, team: TeamMember[]): string {
  const relayed = RELAYED.exec(title.trim());
  if (!relayed) return title;
  const [, told, who, verb, rest] = relayed;
  const promiser = /^(?:I|we)$/i.test(who) || team.some((m) => m.firstName === who);
  if (!promiser || !isActionVerb(verb)) return title;
  const whom = told.trim();
  const to = GOES_TO.test(verb) && !rest.includes(whom) ? ` to ${whom}` : '';
  return `${verb} ${rest}${to}`;
}
