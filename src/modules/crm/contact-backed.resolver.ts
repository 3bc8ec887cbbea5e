import type { Ref } from '@mikro-orm/core';
import { ClassType, Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import type { PlainRow } from '../../db/read-path';
import { Contact } from './contacts/contact.entity';
import { Company } from './companies/company.entity';
import { User } from '../accounts/users/user.entity';
import { AppError } from '../../lib/errors';

/** The unified contact behind a lead or customer: already loaded by lists and gets, else batched. */
export async function backingContact(holder: { contact: Ref<Contact> }, ctx: Context): Promise<Contact> {
  if (holder.contact.isInitialized()) return holder.contact.getEntity();
  const contact = await ctx.loaders.byId(Contact).load(holder.contact.id);
  if (!contact) throw AppError.notFound('Contact');
  return contact;
}

/**
 * The fields a legacy lead or customer reads from its contact, resolved once for both: they work whoever
 * reaches the record (a list, another module's relation) without an N+1, through the request's loaders.
 */
export function ContactBackedResolver<T extends { contact: Ref<Contact> }>(type: ClassType<T>) {
  @Resolver(() => type)
  abstract class ContactBacked {
    @FieldResolver(() => Contact, { description: 'The unified contact behind the record' })
    contact(@Root() r: T, @Ctx() ctx: Context): Promise<Contact> {
      return backingContact(r, ctx);
    }

    @FieldResolver(() => ID)
    contactId(@Root() r: T): string {
      return r.contact.id;
    }

    @FieldResolver(() => String, { nullable: true })
    async email(@Root() r: T, @Ctx() ctx: Context): Promise<string | null> {
      return (await backingContact(r, ctx)).email;
    }

    @FieldResolver(() => String, { nullable: true, description: 'E.164' })
    async phone(@Root() r: T, @Ctx() ctx: Context): Promise<string | null> {
      return (await backingContact(r, ctx)).phone;
    }

    @FieldResolver(() => ID, { nullable: true })
    async companyId(@Root() r: T, @Ctx() ctx: Context): Promise<string | null> {
      return (await backingContact(r, ctx)).companyId;
    }

    @FieldResolver(() => ID, { nullable: true })
    async ownerId(@Root() r: T, @Ctx() ctx: Context): Promise<string | null> {
      return (await backingContact(r, ctx)).ownerId;
    }

    @FieldResolver(() => Company, { nullable: true })
    async company(@Root() r: T, @Ctx() ctx: Context): Promise<PlainRow<Company> | null> {
      const id = (await backingContact(r, ctx)).companyId;
      return id ? ctx.loaders.rowsById(Company).load(id) : null;
    }

    @FieldResolver(() => User, { nullable: true })
    async owner(@Root() r: T, @Ctx() ctx: Context): Promise<PlainRow<User> | null> {
      const id = (await backingContact(r, ctx)).ownerId;
      return id ? ctx.loaders.rowsById(User).load(id) : null;
    }
  }
  return ContactBacked;
}
