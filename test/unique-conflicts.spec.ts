/**
 * A unique violation that slips past a service's own check (a race) is a 409 with its constraint's
 * message (modules' `conflicts`, src/lib/to-app-error.ts), never a 500; an unknown constraint still 409s.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { toAppError } from '../src/lib/to-app-error';
import '../src/composition';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const violation = (constraint: string) =>
  new UniqueConstraintViolationException(Object.assign(new Error('duplicate key'), { code: '23505', constraint }));

it('maps a known constraint to its module message and an unknown one to a generic 409', () => {
  expect(toAppError(violation('contacts_organization_id_lower_email_unique'))).toMatchObject({
    status: 409,
    message: 'A contact with this email already exists',
  });
  expect(toAppError(violation('no_such_constraint'))).toMatchObject({ status: 409, code: 'CONFLICT' });
});

it('maps a deadlock or a serialization failure (PostgreSQL aborted the transaction for another) to a 409', () => {
  for (const code of ['40P01', '40001'])
    expect(toAppError(Object.assign(new Error('deadlock detected'), { code }))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/concurrent change.*retry/),
    });
});

it('concurrent creates of one email: one 201, the others 409, no 500', async () => {
  const org = await t.registerOrg('Race');
  const email = `race-${org.organizationId.slice(-8)}@example.test`;
  const statuses = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      org.agent
        .post('/api/contacts')
        .send({ name: `Racer ${i}`, email, status: 'lead' })
        .then((r) => r.status),
    ),
  );
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
});
