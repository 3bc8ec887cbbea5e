import type { EntityManager } from '@mikro-orm/postgresql';
import { raw, ref } from '@mikro-orm/core';
import { AppError } from '../../../lib/errors';
import { normalizeEmail } from '../../../lib/fields';
import { referenced } from '../../../db/find-or-404';
import { User } from '../../accounts/users/user.entity';
import { Company } from '../companies/company.entity';
import { Contact } from './contact.entity';

/**
 * The contact fields that contacts, leads and customers all write, in one place: present keys are
 * applied, null clears, references must name records of the caller's organization (404 otherwise) and
 * the email must be free among the organization's current contacts (409 otherwise).
 */
export interface ContactFields {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  companyId?: string | null;
  ownerId?: string | null;
  lastContactedAt?: Date | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  source?: string | null;
}

const PLAIN = ['phone', 'lastContactedAt', 'address', 'city', 'state', 'zipCode', 'source'] as const;

export async function applyContactFields(em: EntityManager, contact: Contact, input: ContactFields): Promise<void> {
  if (input.name !== undefined) {
    if (!input.name?.trim()) throw AppError.validation([{ field: 'name', message: 'name must not be empty' }]);
    contact.name = input.name.trim();
  }
  if (input.email !== undefined) {
    const email = normalizeEmail(input.email) ?? null;
    if (email && email !== contact.email) await assertEmailFree(em, email, contact.id);
    contact.email = email;
  }
  for (const key of PLAIN) {
    if (input[key] !== undefined) (contact as unknown as Record<string, unknown>)[key] = input[key];
  }
  if (input.companyId !== undefined)
    contact.company = input.companyId ? ref(await referenced(em, Company, input.companyId, 'companyId')) : null;
  if (input.ownerId !== undefined)
    contact.owner = input.ownerId ? ref(await referenced(em, User, input.ownerId, 'ownerId')) : null;
}

/**
 * `lower(email)`: the key of the unique index (organization_id, lower(email)) where superseded_by_id is null,
 * so looking a current contact up by email is an index scan at any size (emails are stored lower-cased).
 */
export const emailKey = (): string => raw((alias) => `lower(${alias}.email)`) as unknown as string;

/** 409 when a current contact of the organization already has this email (any case). */
export async function assertEmailFree(em: EntityManager, email: string, exceptId?: string): Promise<void> {
  const taken = await em.findOne(Contact, {
    [emailKey()]: email.toLowerCase(),
    supersededBy: null,
    ...(exceptId ? { id: { $ne: exceptId } } : {}),
  } as never);
  if (taken) throw AppError.conflict(`A contact with the email ${email} already exists (contact ${taken.id})`);
}
