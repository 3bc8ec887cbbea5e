/**
 * A speaker who corrects himself (docs/ai.md, "Self-corrections"): the words taken back are not read. The texts are
 * written for this file, in no bench set.
 */
import { extractTasks } from '../src/ai';
import { withoutSelfCorrections } from '../src/ai/local/self-correction';
import { kindContext } from './support/ai-team';

describe('self-corrections', () => {
  it.each([
    ['credit invoice 5120, no sorry, 5210, today', 'credit invoice 5210, today'],
    [
      'bring the heater back Tuesday, no, Wednesday, she said Wednesday',
      'bring the heater back Wednesday, she said Wednesday',
    ],
    ['the pour is the 12th, uh, no, the 13th', 'the pour is the 13th'],
    ['load the Bobcat, no, the Kubota, on the trailer', 'load the Kubota, on the trailer'],
    ['quote them by Monday, no wait, they said Tuesday', 'quote them by Tuesday'],
    [
      'they need three heaters, no, sorry, three light towers and a generator',
      'they need three light towers and a generator',
    ],
    ['swap it Friday morning no actually Thursday', 'swap it Thursday'],
  ])('%j reads as %j', (said, meant) => {
    expect(withoutSelfCorrections(said)).toBe(meant);
  });

  it.each([
    'Did the lift come back, no, not yet.',
    'Any damage, no, the forks were fine.',
    'Deliver it Friday no later than noon, no charge for the trip.',
  ])('%j has no correction in it', (text) => {
    expect(withoutSelfCorrections(text)).toBe(text);
  });

  it('dates the task by the day the speaker settled on', () => {
    const tasks = extractTasks(
      'so uh Jake bring the heater back from the Elm job Tuesday, no, Wednesday, they are still using it',
      kindContext('memo'),
    );
    expect(tasks.map((t) => t.dueDate)).toEqual(['2026-11-25']);
  });
});
