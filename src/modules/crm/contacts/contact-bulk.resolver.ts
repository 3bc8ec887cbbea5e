import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { CrmContext } from '../crm.services';
import { BulkUpdateResult, ContactBulkUpdateInput } from './contact-bulk.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class ContactBulkResolver {
  // The same members may change each of these contacts one by one (docs/crm.md, "Bulk update").
  @Guard(isAuthenticated)
  @Mutation(() => BulkUpdateResult, {
    description:
      'Sets the owner or status of every current contact the list filter matches, in one transaction (dryRun: count only); emits contact.updated per changed contact',
  })
  bulkUpdateContacts(@Arg('input') input: ContactBulkUpdateInput, @Ctx() ctx: CrmContext): Promise<BulkUpdateResult> {
    return ctx.services.contactBulk.update(ctx.em, ctx.principal, input);
  }
}
