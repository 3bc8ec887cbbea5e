/**
 * Round twenty-one of issue 26's "AI 2", titles (docs/ai.md, "Round twenty-one, titles"): a call or a message that
 * only names whom to reach takes what it is about ("Call Nora about tile saw"). The texts here are written for this
 * file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); the customer's texts are Nora Quinn's, of
// Quinn Homes.
/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and the tasks' titles. */
const TOPIC = `
memo | takes the topic said after the call | ok Tom here, Maria, call Dolores Finch tomorrow, her crew starts pouring Friday, and ask about the concrete mixer. | Call Dolores Finch about concrete mixer
memo | takes a "re" topic after a comma | ok Tom here, Priya, call Otis Brandt back, it's re: the trailer hitch deposit. | Call Otis Brandt back about trailer hitch deposit
note | takes the topic said before the call | Gus Talbot left a voicemail about the stump grinder, please call him back. | Call Gus Talbot back about stump grinder
memo | takes the machine the sentence before speaks of | ok Tom here, the hydraulic hose on the skid steer split this morning. I'll let Jake know. | Tell Jake about hydraulic hose
memo | takes the machine a call asks about | ok Tom here, Maria, phone Wendell Ames, they wrap up Thursday, see if they still need the trencher. | Call Wendell Ames about trencher
`;

/** What stays as it is: a title that already says what, and "about" that is not a topic. */
const KEPT = `
memo | leaves a title with its own object alone | ok Tom here, Maria, text Wendell Ames the gate code. | Text Wendell Ames gate code
memo | leaves the machine of the task before "and" to it | ok Tom here, Jake, check the stump grinder and, um, call Gus Talbot back today. | Check stump grinder ; Call Gus Talbot back
memo | reads no topic in "about" an hour | ok Tom here, Maria, call Wendell Ames in about an hour. | Call Wendell Ames
`;

describe('round twenty-one: a call or a message says what it is about', () => {
  it.each([...tableCases(TOPIC), ...tableCases(KEPT)])('$name', ({ kind, text, expected }) => {
    const titles = extractTasks(text, kindContext(kind)).map((t) => t.title);
    expect(titles).toEqual(expected.split(' ; '));
  });
});
