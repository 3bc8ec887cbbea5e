/**
 * A phrasal verb's particle next to its verb (round twenty-four, docs/ai.md "Title"), as a task list writes it: "pick
 * the generator up from Ortiz" -> "Pick up generator from Ortiz", "drop a new blade off at Everly" -> "Drop off new
 * blade at Everly", "set the account up for ..." -> "Set up account for ...". The object is up to five words with no
 * link or "and" in it; the particle ends the title or stands before a link ("to", "for", "at", "from", ...): one
 * before a noun is a preposition ("Pull battery off shelf", "Tag trailer out of service"), and "call back" stays after its person, as the labels write it ("Call Ray Dunn back"). The bench scores titles by their words, not
 * their order: this is for the reader.
 */
const VERBS =
  'pick|drop|set|swap|fill|hook|tag|hose|pull|clean|hand|fire|warm|top|gas|tie|print|load|wipe|rinse|fuel|button|close|open|shut|lock|hitch|plug|start|charge';
const SPLIT = new RegExp(
  `^(${VERBS})\\s+((?:(?!(?:up|off|out|over|to|for|at|from|with|in|on|of|and|or|by)\\b)\\S+\\s+){1,5})(up|off|out|over)(?=\\s+(?:to|for|at|from|with|in|on|till|until|before|after|by|and)\\b|$)`,
  'i',
);
/** The particle last, after an object with its place ("Pick telehandler at Elm St job up"): up to eight words. */
const SPLIT_AT_END = new RegExp(
  `^(${VERBS})\\s+((?:(?!(?:and|or|up|off|out|over)\\b)\\S+\\s+){1,8})(up|off|out|over)$`,
  'i',
);

/** The title with a split phrasal verb joined ("Pick 8 kW generator up" -> "Pick up 8 kW generator"), else as it was. */
export function particleAfterVerb(title: string): string {
  const split = SPLIT.exec(title.trim()) ?? SPLIT_AT_END.exec(title.trim());
  if (!split) return title;
  const [said, verb, object, particle] = split;
  return `${verb} ${particle} ${object.trim()}${title.trim().slice(said.length)}`;
}
