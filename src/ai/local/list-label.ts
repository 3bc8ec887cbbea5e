/**
 * A list's label said before a colon, then commands listed with commas ("today's list: call the county, email Harmon
 * the COI, and reorder the paper", "Yard to do before xmas: re-stack the pallets, count the shackles", "Before the
 * weekend: strap down the booms, move the light towers inside, top off the diesel tank"): the label names the list,
 * each command after it is a task of its own (round twenty-four, actions). A label is a few words with no verb of
 * the list in it; a clock time ("at 10:30") is no label.
 */
const COLON = /\s*:\s+(?=[a-z])/;
/** A label's words: a few, with a letter, no sentence's punctuation ("So for Monday, my list:" is labelled "my list"). */
const LABEL = /^(?=.*[A-Za-z])[\w'&+/ -]+$/;

/** The words after a list's label ("call the county ..." of "today's list: call the county ..."), or the text as it is. */
export function afterListLabel(text: string): string {
  const colon = COLON.exec(text);
  if (!colon) return text;
  const label = text.slice(0, colon.index).split(/,\s+/).pop() ?? '';
  if (!LABEL.test(label) || label.trim().split(/\s+/).length > 7) return text;
  return text.slice(colon.index + colon[0].length);
}
