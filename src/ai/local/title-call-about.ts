import { gerundOf } from './words';

/**
 * A call and what it tells (docs/ai.md, "Title"): "call Calloway and tell them the damage bill is on its way" is a call
 * about the damage bill, as a task list writes it ("Call Calloway about damage bill"), not a second saying of the one
 * called ("Call Calloway and tell Calloway Roofing ..."). Read on the title before its pronouns are resolved: the one
 * told, reminded or asked is the one called. What is told is its subject before its verb ("the heater deposit is due"
 * -> "heater deposit"), an ask its work ("ask him to update the card" -> "updating card"), a plan of the team's its
 * doing ("tell them we're moving their reservation" -> "moving reservation"); with nothing left, the call alone.
 */
const CALL_AND_TELL =
  /^((?:call|phone|ring|text|email|e-mail)\s+\S.*?)\s+and\s+(?:tell|remind|ask|inform|notify|update)\s+(?:him|her|them|em)\b(?:\s+that\b)?\s*(.*)$/i;
/** "we're moving", "we'll bring": the team's plan, said with its subject. */
const OUR_PLAN = /^(?:we|i)(?:'re|'ll|\s+are|\s+will|\s+am|'m)\s+(?=\S+ing\b)/i;
/** Where what is told has its verb: "the heater deposit is due". */
const FINITE =
  /\s(?:is|are|was|were|has|have|had|will|won't|wont|can|can't|isn't|aren't|needs?|got|goes|came|comes|should|must)\b.*$/i;
const MAX_TOPIC = 8;

export function callAbout(title: string): string {
  const said = CALL_AND_TELL.exec(title.trim());
  if (!said) return title;
  const [, call, told] = said;
  let topic = told.trim();
  const asked = /^to\s+([a-z]+)\b\s*(.*)$/i.exec(topic);
  if (asked) topic = `${gerundOf(asked[1])} ${asked[2]}`;
  else if (OUR_PLAN.test(topic)) topic = topic.replace(OUR_PLAN, '');
  else topic = topic.replace(FINITE, '');
  // "... the bill's on its way": a verb said short.
  topic = topic.replace(/'s\b.*$/i, '').trim();
  const words = topic.split(/\s+/).filter(Boolean);
  if (!told.trim()) return call;
  // A thing told with no verb after it ("tell him the gate code") is kept as said.
  const clause = !!asked || OUR_PLAN.test(told) || FINITE.test(` ${told}`) || /\w's\s/.test(told);
  if (!words.length || !clause) return title;
  return `${call} about ${words.slice(0, MAX_TOPIC).join(' ')}`;
}
