import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import type { Page } from '../../../db/pagination';
import {
  OrganizationAuditEntry,
  OrganizationAuditEntryPage,
  OrganizationAuditLogArgs,
} from './organization-audit.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin } from '../../../graphql/rules';

@Resolver()
export class OrganizationAuditResolver {
  @Guard(isAdmin)
  @Query(() => OrganizationAuditEntryPage, {
    description:
      "The organization's audit log (admin): every request a super admin made while impersonating one of its users, with both identities, newest first",
  })
  organizationAuditLog(
    @Args() args: OrganizationAuditLogArgs,
    @Ctx() ctx: AccountContext,
  ): Promise<Page<OrganizationAuditEntry>> {
    return ctx.services.audit.forOrganization(ctx.em, ctx.principal.organizationId, args);
  }
}
