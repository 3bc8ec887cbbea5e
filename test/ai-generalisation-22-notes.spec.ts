/**
 * Round twenty-two of issue 26's "AI 2", meeting notes and structured lines (docs/ai.md, "Round twenty-two, notes"):
 * a note's line that gives nothing parted at its dash where a member's item follows what was said. The texts here are
 * written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { kindContext, tableCases } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference); a call's customer is Nora Quinn's.
const tasksOf = (kind: string, text: string) => extractTasks(text, kindContext(kind));
const expectedList = (expected: string) => (expected === '-' ? [] : expected.split(', '));
/** A task as "Verb owner": the title's first word and the owner's id without its "u-". */
const verbOwner = (kind: string, text: string) =>
  tasksOf(kind, text).map((t) => `${t.title.split(' ')[0]} ${t.ownerId.replace(/^u-/, '')}`);

/** One case a line: the kind of text, what it shows, the text ("\\n" a line break) and its tasks ("Verb owner"). */
const DASHES = `
notes | parts a customer's want from the member's item after a dash | Yard huddle\\n- Quinn Homes wants the trencher back for the Elm St job, no dates yet - Jake to call Nora Friday and set them.\\n- Gate code changed. | Call jake
notes | parts a return's state from the member's item after a dash | Weekly ops\\n- Two scissors came back from Birch Paving with flat batteries - Priya to bill them for the charge\\n- Yard is quiet. | Bill priya
notes | parts a status from a command after a dash | Service sync\\n- Pump at the Birch Paving job is leaking at the seal again - call Nora about a swap\\n- Shop is caught up. | Call tom
notes | parts a topic from the member's item after a dash | Ops\\n- Trailer 3 lights - Jake to swap the bulbs Monday\\n- Nothing else. | Swap jake
notes | keeps a name and a remark after a dash in the item | Follow-ups\\n1. Send Nora the insurance certificate - Tom, tomorrow\\n2. Nothing else. | Send tom
notes | keeps a line whose first part already gives a task | Ops\\n- Jake to load the trencher for Quinn Homes tonight - Priya to invoice it tomorrow | Load jake
memo | does not part a memo's sentence at a dash | Tom here. The boom came back from Quinn Homes with a flat tire - Jake to look at it when he's back. | -
`;

describe('round twenty-two: a dash in a note line parts a member item from what was said', () => {
  it.each(tableCases(DASHES))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
});

const LABELS = `
notes | gives a line labelled "<member>/<member>:" to the first | Ops\\n- Jake/Priya: hold the two light towers for Quinn Homes\\n- Yard is quiet. | Hold jake
notes | gives a line labelled "<member> + <member>:" to the first | Service\\n- Jake + Tom: grease every boom on the ready line\\n- Nothing else. | Grease jake
notes | reads "vs." as no sentence's end, and the numbers brought back as the pricing's | Sales\\n- Tom: price a new trencher vs. a used one, bring numbers to Friday's meeting\\n- Quiet week. | Price tom
notes | keeps two commands with their own things two tasks | Ops\\n- Jake: check the boom at Quinn Homes, send Nora the delivery photos | Check jake, Send jake
`;

describe('round twenty-two: a line labelled with two members, and a result brought back', () => {
  it.each(tableCases(LABELS))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
});

const CORRECTIONS = `
call | reads a correction and the corrected invoice's sending as one task | Nora: Hi Tom, invoice 5521 charges us ten days on the mixer, we had it six.\\nTom: You're right. I'll take the four days off and send you a revised invoice.\\nNora: Thanks. | Take tom
memo | reads a credit and the corrected statement's sending as one task | Priya here. Quinn Homes was billed for the pump after it came back. Need to credit the three days and send them a corrected statement. | Credit priya
call | keeps a change and another paper's sending two tasks | Nora: Can you move the delivery to Friday and send me the contract?\\nTom: Sure, I'll update the booking and send you the contract today.\\nNora: Great. | Update tom, Send tom
`;

describe('round twenty-two: a correction and its corrected paper are one task', () => {
  it.each(tableCases(CORRECTIONS))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
});

const LISTS = `
notes | reads an "Owners" list as who does what, the discussion above it no task | Pipeline review\\n1. Quinn Homes - warehouse job, verbal yes, need their credit app done before we book units.\\n2. Birch Paving - quiet.\\n\\nOwners\\n- Priya: process the Quinn Homes credit application by Friday | Process priya
notes | gives an item pointed back to by its number the member named | Pipeline review\\n1. Quinn Homes - wants a three-year deal. Send them a multi-year proposal.\\n2. Birch Paving - quiet.\\n\\nOwners\\n- #1 Jake, by Friday | Send jake
notes | reads a discussion item no owners line points back to as discussion | Pipeline review\\n1. Quinn Homes - wants a three-year deal. Send them a multi-year proposal.\\n2. Birch Paving - quiet.\\n\\nOwners\\n- #2 Jake to call Birch Paving Friday | Call jake
notes | reads "<n> hr services on ..." as work to do | Service\\n- Jake: 250 hr services on the two skid steers by Friday\\n- Shop is clean. | Do jake
notes | reads a paper with three words before it as one to send | Sales\\n- Tom: 60 day rental quote for two booms and a trailer\\n- Quiet week. | Send tom
`;

describe('round twenty-two: lists of who does what, and items named by their work or paper', () => {
  it.each(tableCases(LISTS))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
});

const DUTIES = `
notes | reads "Whoever <does one thing> <does another>" as a standing duty of the default owner | Yard huddle\\n- Cold week ahead. Whoever opens checks the fuel on the heaters every morning.\\n- Jake out Friday. | Check tom
notes | reads "Whoever is on <a post> <does it>" as a standing duty | Weekend\\n- Whoever is on the counter Saturday locks the back gate at noon.\\n- Quiet otherwise. | Lock tom
notes | leaves a wish of whoever has it no task | Yard huddle\\n- Whoever wants overtime should tell Maria.\\n- Jake out Friday. | -
`;

describe('round twenty-two: a standing duty of whoever does a thing', () => {
  it.each(tableCases(DUTIES))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
  it('gives a duty done every morning no due date', () => {
    const [duty] = tasksOf('notes', 'Yard huddle\n- Whoever opens checks the fuel on the heaters every morning.');
    expect(duty?.dueDate).toBeNull();
  });
});

const MOVES = `
notes | reads a member's delivery with no object as the machine's said before | Planning call\\n- Quinn Homes signed for the concrete mixer, they pour Friday. Jake delivers Thursday afternoon so they can start at 7.\\n- Priya out Monday. | Deliver jake
notes | leaves a member's visit with no object and no machine no task | Planning call\\n- Quinn Homes is happy. Jake visits Thursday.\\n- Priya out Monday. | -
`;

describe('round twenty-two: a member move with no object', () => {
  it.each(tableCases(MOVES))('$name', ({ kind, text, expected }) => {
    expect(verbOwner(kind, text)).toEqual(expectedList(expected));
  });
  it('titles it by the machine said before', () => {
    const [move] = tasksOf(
      'notes',
      'Planning call\n- Quinn Homes signed for the concrete mixer, they pour Friday. Jake delivers Thursday afternoon so they can start at 7.',
    );
    expect(move?.title).toMatch(/^Deliver concrete mixer/);
  });
});
