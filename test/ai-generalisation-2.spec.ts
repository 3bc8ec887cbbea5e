/**
 * The rules of issue 26 part 3's second round (docs/ai.md, "Figures"), on texts written for this file: none of them
 * is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { localMoment } from '../src/ai/local/calendar';
import { dueDateOf } from '../src/ai/local/due-date';
import { taskContext } from './support/ai-team';

const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dated = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.title, t.dueDate]);
const owned = (text: string) => tasks(text).map((t) => [t.title, t.ownerId]);

it.each([
  ['by Thursday COB', '2026-11-26', '2026-11-23T15:00:00Z'],
  ['by midweek', '2026-11-25', '2026-11-23T15:00:00Z'],
  ['first thing in the morning', '2026-11-23', '2026-11-23T15:00:00Z'],
  ['first thing in the morning', '2026-11-24', '2026-11-23T20:00:00Z'],
  ['by morning', '2026-11-24', '2026-11-23T20:00:00Z'],
])('%s -> %s (written at %s)', (phrase, expected, at) => {
  expect(dueDateOf(phrase, localMoment(at, 'America/Chicago'))?.day).toBe(expected);
});

it('dates a thing carried along on an errand, or made ready, with the errand', () => {
  const memo =
    'Jake and Maria are heading to the Oakdale site tomorrow to swap the pump. Maria, bring the spare hoses.';
  expect(dated(memo)).toContainEqual(['Bring spare hoses to Oakdale', '2026-11-24']);
  const mail =
    'Hi Jake,\n\nThe light towers need to be at the arena by 6am Friday. Can you also bring two fuel cans?\n\nRuth';
  expect(dated(mail, { kind: 'email' })).toContainEqual(['Bring two fuel cans', '2026-11-27']);
  const pickup = 'Maria, Ortiz will collect the plate compactor Wednesday at 8am. Please have it ready at the counter.';
  expect(dated(pickup)).toContainEqual(['Prepare plate compactor at counter', '2026-11-25']);
});

it('reads "before it is delivered" by an earlier "arrives"', () => {
  const note = 'The new pressure washer arrives Thursday. Jake, please clear a spot in bay 4 before it is delivered.';
  expect(dated(note)).toEqual([['Clear spot in bay 4', '2026-11-25']]);
});

it('reads a hedged present tense, an -ing noun, names in lower case and roundabout verbs', () => {
  expect(dated('Maybe I just send her the price list tomorrow.', { contactName: 'Lena Ortiz' })).toEqual([
    ['Send price list to Lena Ortiz', '2026-11-24'],
  ]);
  expect(owned('Action items:\n- Maria: send a quote for fencing and lighting')).toEqual([
    ['Send quote for fencing and lighting', 'u-maria'],
  ]);
  expect(owned('jake and maria both need to do the forklift inspections on friday')).toEqual([
    ['Do forklift inspections', 'u-jake'],
    ['Do forklift inspections', 'u-maria'],
  ]);
  expect(dated('The heater at the school is smoking. Please somebody go to check the heater today.')).toEqual([
    ['Check heater', '2026-11-23'],
  ]);
  expect(tasks('I must to call the insurer about the claim.').map((t) => t.title)).toEqual([
    'Call insurer about claim',
  ]);
});

it('merges "Get them in by Friday" into the request before it, a sentence between', () => {
  expect(
    dated('Please order four spare tires for the trailers. We are out. Get them in by Friday if you can.'),
  ).toEqual([['Order four spare tires for trailers', '2026-11-27']]);
  expect(tasks('Eventually we should get them on a master rental agreement.')).toHaveLength(1);
});

it('cuts ", so ... need to be ..." into a clause of its own and reads "is the third"', () => {
  expect(dated('Month close is the third, so all rental invoices need to be sent before then.')).toEqual([
    ['Send all rental invoices', '2026-12-02'],
  ]);
});

it('gives a member a noun-phrase item with a deadline, not one without', () => {
  const notes = 'Planning\nAction items:\n- Priya: new deposit policy draft by Friday\n- Jake: the contact for Ortiz';
  expect(tasks(notes).map((t) => [t.title, t.dueDate, t.ownerId])).toEqual([
    ['Complete new deposit policy draft', '2026-11-27', 'u-priya'],
  ]);
});

it('reads other writers: "kindly", a time or a thing said before the subject, a lower-case topic, "any chance of"', () => {
  const mail = 'Dear Tom,\n\nKindly share the updated rate sheet at the earliest.\n\nRegards,\nAnil';
  expect(dated(mail, { kind: 'email' })).toEqual([['Share updated rate sheet', '2026-11-23']]);
  expect(owned('Tomorrow first hour I send Jake for the check of the pump.')).toEqual([
    ['Send Jake for check of pump', 'u-jake'],
  ]);
  expect(dated('The compressor at Hollis, the pressure switch, I look at it tomorrow.')).toEqual([
    ['Check compressor at Hollis', '2026-11-24'],
  ]);
  expect(owned('Next steps:\n- fence: Jake to call the installer tomorrow')).toEqual([['Call installer', 'u-jake']]);
  expect(dated('Is there any chance of getting the trailer hitch swapped before Friday?')).toEqual([
    ['Swap trailer hitch', '2026-11-26'],
  ]);
  expect(tasks('Can we get the trencher Monday instead of Wed?').map((t) => t.title)).not.toContain('Please');
  expect(tasks('Please do the needful for the pickup.').map((t) => t.title)).toEqual(['Arrange pickup']);
});

it('gives a listed item to the member named in its line', () => {
  const notes = 'Next steps:\n- safety vests for the new drivers before Monday (Jake)';
  expect(tasks(notes).map((t) => [t.title, t.dueDate, t.ownerId])).toEqual([
    ['Complete safety vests for new drivers', '2026-11-29', 'u-jake'],
  ]);
});
