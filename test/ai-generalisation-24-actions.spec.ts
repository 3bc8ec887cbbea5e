/**
 * Round twenty-four of issue 26's "AI 2", actions the rules did not find (docs/ai.md, "Local provider rules", and
 * the "round twenty-four, actions" rows of "Figures"): commands listed with commas after a list's label ("today's
 * list: call ..., email ..."); a command said as the state its object is to be left in ("please have all guardrails on
 * the scissors checked", "get it straightened or swapped"); "everyone <verb> ... by <day>"; a meeting's title is no
 * task; a member's initials opening an item ("PS call Harbor Marine ..."); a thing needing its own thing done ("the
 * flatbeds still need their tags renewed"). The texts here are written for this file: none of them is in the bench
 * sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const firstWords = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => t.title.split(' ').slice(0, 2).join(' '));

/** A table's cases, each expecting what `read` gives for its text: a list said with ", " ("-": none). */
function readsAs(title: string, table: string, read: (kind: string, text: string) => string[]): void {
  describe(title, () => {
    it.each(tableCases(table))('$name', ({ kind, text, expected }) => {
      expect(read(kind, text)).toEqual(expected === '-' ? [] : expected.split(', '));
    });
  });
}

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first two words. */
const LISTED = `
memo | reads "<label>: <command>, <command>, and <command>" as three tasks | Maria here. So for Monday, my list: wash the scissor lift, text Jake the gate code, and restock the fuel cans. | Wash scissor, Text Jake, Restock fuel
note | reads a label of five words before a colon | Shop jobs for this week: grease the pins on the loader, swap the mower blades. | Grease pins, Swap mower
notes | reads "Before <time>: <command>, <command>" as two tasks | Yard sync\\n- Storm coming. Before the long weekend: tie down the tent frames, move the heaters into bay 2 | Tie down, Move heaters
memo | reads a third command after the second | Maria here. Before the long weekend: tie down the tent frames, move the heaters into bay 2, lock the fuel shed. | Tie down, Move heaters, Lock fuel
`;

readsAs("round twenty-four: commands listed after a list's label", LISTED, firstWords);

/** Lists that stay as they were: a label and one command, a label and things that are no commands. */
const NOT_LISTED = `
memo | keeps a label and one command one task | Maria here. Monday's list: wash the scissor lift and the boom. | Wash scissor
note | keeps a label before things with no command no task | Yard status for this week: two scissors down, one boom out. | -
`;

readsAs('round twenty-four: lists after a label that stay as they were', NOT_LISTED, firstWords);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first two words. */
const CAUSATIVE = `
email | reads "please have <thing> for <whom> <done> and <done>" as the work | Jake,\\n\\nQuinn Homes audits us next week. Please have the service logs for all their machines printed and signed by Friday.\\n\\nMaria | Print and
memo | reads "please have all <things> in <place> <done>" as the work | Tom here. The fire marshal comes Thursday, so please have all the extinguishers in the wash bay checked before then. | Check extinguishers
memo | reads "get it <done> or <done>" as the work | Maria here. The trencher came back with a bent boom. Get it repaired or swapped before it goes out Friday. | Repair or
memo | reads "have <thing> ready and <thing> <done>" as the work | Tom here. Quinn Homes picks up the pressure washer at 7 tomorrow. Have the contract ready and the fuel tank filled. | Prepare contract
`;

readsAs('round twenty-four: a command said as the state its object is left in', CAUSATIVE, firstWords);

/** States that stay as they were: said of what is so, not commanded. */
const NOT_CAUSATIVE = `
memo | keeps "we have <things> for <job> <done>" a report | Jake here. We have the trailers for the Birch St job loaded already. | -
memo | keeps "I have <things> of <month> <done>" a report | Priya here. Good news, I have the invoices of all of March printed. | -
`;

readsAs('round twenty-four: states that stay as they were', NOT_CAUSATIVE, firstWords);

const ownedVerbs = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.ownerId} ${t.title.split(' ')[0]} ${t.dueDate ?? '-'}`);

/** One case a line: the kind of text, what it shows, the text and the tasks' owners, verbs and due dates. */
const EVERYONE = `
notes | reads "everyone <verb> ... by <day>" as the writer's task | Counter huddle\\n- New safety vests came in.\\n- Reminder: everyone sign the new PPE form by Friday | u-tom Sign 2026-11-27
notes | reads "all drivers <verb> ... by <date>" as the writer's task | Drivers meeting\\nAction items: all drivers update their logbooks by December 4; Jake to fix the trailer 3 lights. | u-tom Update 2026-12-04, u-jake Fix -
`;

readsAs('round twenty-four: "everyone <verb>" with a deadline', EVERYONE, ownedVerbs);

/** "everyone" that stays as it was: a standing rule with no deadline, a report, a condition. */
const NOT_EVERYONE = `
notes | keeps a standing rule with no deadline no task | Sales huddle\\n- From now on everyone logs lost quotes in the CRM | -
memo | keeps a report of what everyone did no task | Maria here. Good news, everyone renewed their forklift cards by the 15th. | -
memo | keeps a condition no task | Maria here. If everyone signs the PPE form by Friday we get the discount. | -
`;

readsAs('round twenty-four: "everyone" that stays as it was', NOT_EVERYONE, ownedVerbs);

const titlesOf = (kind: string, text: string) => extractTasks(text, kindContext(kind)).map((t) => t.title);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles ("-": none). */
const NOTES_TITLES = `
notes | keeps a dated title of seven words no task | Order planning for the coming week (Mon 11/30)\\nTom, Jake, Maria\\n- Jake to load the skid steer for Quinn Homes | Load skid steer for Quinn Homes
notes | keeps a title naming who sat in no task | Fleet review 11/20 - Maria, Priya, Tom\\n- Harbor Marine is over 60 days\\n- Priya to call Harbor Marine Monday | Call Harbor Marine
notes | keeps the title over a single item no task | Shop sync\\n- Jake: order the filters for the skid steer | Order filters for skid steer
`;

readsAs("round twenty-four: a meeting's title is no task", NOTES_TITLES, titlesOf);

/** First lines that stay as they were: a note's first line that asks, a memo's first sentence. */
const NOT_TITLES = `
notes | keeps a first line that asks a task | Please call Harbor Marine about the invoice 11/20\\n- Jake: order the filters | Call Harbor Marine about invoice, Order filters
memo | keeps a memo's short first sentence a task | Order the filters for the skid steer\\nTom here, that's all. | Order filters for skid steer
`;

readsAs('round twenty-four: first lines that stay as they were', NOT_TITLES, titlesOf);

const ownersAndVerbs = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind)).map((t) => `${t.ownerId} ${t.title.split(' ')[0]}`);

/** One case a line: the kind of text, what it shows, the text and the tasks' owners and verbs ("-": none). */
const INITIALS = `
notes | reads "<initials> <verb> ..." as the member's item | Yard sync 11/23\\n- JW haul the chipper back from Quinn Homes\\n- PS call Harbor Marine about the late invoice this week | u-jake Haul, u-priya Call
notes | reads "Action: <initials> <verb> ..." as the member's item | Billing huddle\\n- Harbor Marine disputes the fuel charge\\n  Action: PS send Harbor Marine the fuel log by Friday | u-priya Send
`;

readsAs("round twenty-four: a member's initials open the item", INITIALS, ownersAndVerbs);

/** Capitals that stay as they were: no member's initials, or no verb after them. */
const NOT_INITIALS = `
notes | keeps capitals that are no member's initials the default owner's | Yard sync\\n- KB haul the chipper back from Quinn Homes\\n- Jake: order filters | u-jake Order
notes | keeps initials before no verb no owner's item | Billing huddle\\n- PS report is late again\\n- Jake: order filters | u-jake Order
`;

readsAs('round twenty-four: capitals that stay as they were', NOT_INITIALS, ownersAndVerbs);

/** One case a line: the kind of text, what it shows, the text and the tasks' titles' first two words. */
const NEEDED_DONE = `
memo | reads "<things> still need their <thing> <done>" as the work | Maria here. Jake, the two flatbeds still need their registration tags renewed, they run out on the 30th. | Renew registration
memo | reads "<first> <last> needs the <thing> <done>" as the work | Tom here. Nora Quinn needs the tent layout drawing updated, she wants it Monday. | Update tent
`;

readsAs('round twenty-four: a thing or person needing its own thing done', NEEDED_DONE, firstWords);

/** Needs that stay as they were: a thing signed by the customer, a thing needed with no work. */
const NEEDED_AS_IT_WAS = `
memo | keeps "needs the <paper> signed" no work of the team's | Tom here. Nora Quinn still needs the damage waiver signed by her boss. | -
memo | keeps "needs their <things>" with no work done no task | Tom here. The two flatbeds still need their tags. | -
`;

readsAs('round twenty-four: needs that stay as they were', NEEDED_AS_IT_WAS, firstWords);
