/**
 * The rules of issue 26's "AI 2" round, second part (docs/ai.md, "Figures"): texting's asks and less usual ways of
 * saying a deadline. The texts are written for this file: none of them is in the bench sets or the corpus.
 */
import { extractTasks } from '../src/ai';
import { taskContext } from './support/ai-team';

// Written on Monday 2026-11-23, 09:00 in Chicago (taskContext's reference).
const tasks = (text: string, overrides = {}) => extractTasks(text, taskContext(overrides));
const dates = (text: string, overrides = {}) => tasks(text, overrides).map((t) => [t.ownerId, t.dueDate]);

it('reads texting shorthand and "any chance you guys can" as asks', () => {
  // "before it goes out tomorrow" is the day before.
  expect(dates('cn sum1 wash the skid steer b4 it goes out 2moro', { kind: 'sms' })).toEqual([['u-tom', '2026-11-23']]);
  expect(dates('r u able to drop the mats at the Elm St job thurs?', { kind: 'sms' })).toEqual([
    ['u-tom', '2026-11-26'],
  ]);
  expect(dates('any chance u guys can haul the trencher back today? we are done', { kind: 'sms' })).toEqual([
    ['u-tom', '2026-11-23'],
  ]);
});

it('reads a need for work done to a thing, after a member named first, as that member’s', () => {
  expect(dates('jake need the tires rotated on the flatbed by 2 today', { kind: 'sms' })).toEqual([
    ['u-jake', '2026-11-23'],
  ]);
  expect(dates('maria the Oak St customer needs the pump swapped tomorrow', { kind: 'sms' })).toEqual([
    ['u-maria', '2026-11-24'],
  ]);
});
