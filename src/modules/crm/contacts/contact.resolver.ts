import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { selectedUnder } from '../../../graphql/selection';
import { toManyUnder } from '../../../graphql/prefetch';
import type { Context } from '../../../graphql/context';
import type { CrmContext } from '../crm.services';
import type { Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { DeletePayload } from '../../../lib/fields';
import { User } from '../../accounts/users/user.entity';
import { Company } from '../companies/company.entity';
import { Contact } from './contact.entity';
import { ContactInput, ContactListArgs, ContactPage, ContactUpdateInput, MergeContactsInput } from './contact.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Contact)
export class ContactResolver {
  @Guard(isAuthenticated)
  @Query(() => ContactPage, { description: 'Current (not converted or merged) contacts of your organization' })
  contacts(
    @Args() args: ContactListArgs,
    @Ctx() ctx: CrmContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Page<PlainRow<Contact>>> {
    return ctx.services.contacts.list(ctx.em, args, {
      one: selectedUnder(info, ['data'], ['company', 'owner']),
      many: toManyUnder(info, ['data'], 'Contact'),
    });
  }

  @Guard(isAuthenticated)
  @Query(() => Contact)
  contact(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Contact> {
    return ctx.services.contacts.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Contact)
  createContact(@Arg('input') input: ContactInput, @Ctx() ctx: CrmContext): Promise<Contact> {
    return ctx.services.contacts.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Contact)
  updateContact(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: ContactUpdateInput,
    @Ctx() ctx: CrmContext,
  ): Promise<Contact> {
    return ctx.services.contacts.update(ctx.em, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteContact(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<DeletePayload> {
    return ctx.services.contacts.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Contact, { description: 'Fold duplicate contacts into this one' })
  mergeContacts(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: MergeContactsInput,
    @Ctx() ctx: CrmContext,
  ): Promise<Contact> {
    return ctx.services.contacts.merge(ctx.em, id, input.sourceIds);
  }

  @FieldResolver(() => Company, { nullable: true })
  company(
    @Root() contact: PlainRow<Contact>,
    @Ctx() ctx: Context,
  ): PlainRow<Company> | Promise<PlainRow<Company> | null> | null {
    return ctx.loaders.related(Company, contact.company);
  }

  @FieldResolver(() => User, { nullable: true })
  owner(
    @Root() contact: PlainRow<Contact>,
    @Ctx() ctx: Context,
  ): PlainRow<User> | Promise<PlainRow<User> | null> | null {
    return ctx.loaders.related(User, contact.owner);
  }
}
