import { isListedAction } from './lexicon';

/**
 * "everyone renew their forklift cards by the 31st", "all drivers renew their medical cards by October 31" (round
 * twenty-four, actions): the whole team, or all of a trade in it, with a desk verb in its base form and a deadline is a
 * command to all, the writer's (default owner's) task to see done, as "somebody <verb>" is (`someone-asked.ts`). A
 * standing rule with no deadline ("From now on everyone logs lost quotes in the CRM") is no task, nor is a report
 * ("everyone renewed"), a question or a condition ("if everyone signs by Friday").
 */
const EVERYONE_VERB =
  /(?<!\b(?:if|when|whether|that|told|asked|said|until|till|unless|once)\s+)\b(?:everyone|everybody|each\s+of\s+(?:you|us)|all\s+(?:of\s+(?:you|us)|(?:the\s+)?(?:drivers|techs|technicians|mechanics|staff|hands|operators|salespeople)))\s+(?:needs?\s+to\s+|has\s+to\s+|must\s+|should\s+)?([a-z]+)\b/i;
/** A deadline after the verb: "by the 31st", "before Friday", "no later than October 31". */
const DEADLINE = /\b(?:by|before|no\s+later\s+than)\s+\S/i;

/**
 * Reads a clause for "everyone / all <trade> <base verb> ... by <day>"; returns it with "please <verb>" in their place,
 * or as it was.
 */
export function everyoneAsked(clause: string): string {
  const m = EVERYONE_VERB.exec(clause);
  if (!m || !isListedAction(m[1])) return clause;
  const rest = clause.slice(m.index + m[0].length);
  if (!DEADLINE.test(rest) || /\?\s*$/.test(clause)) return clause;
  return `${clause.slice(0, m.index)}please ${m[1]}${rest}`;
}
