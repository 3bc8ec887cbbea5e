import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import { ListArgs, Page } from '../../../db/pagination';
import { AuditEntry } from '../audit/audit-entry.entity';
import { AuditEntryPage, AuditLogArgs } from '../audit/audit.service';
import { OrganizationSummary, OrganizationSummaryPage } from './admin.types';
import { DeletedOrganization, ImpersonateInput, ImpersonationPayload } from './impersonation.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated, isSuperAdmin } from '../../../graphql/rules';

@Resolver()
export class AdminResolver {
  @Guard(isSuperAdmin)
  @Query(() => OrganizationSummaryPage, {
    description: 'Every organization of the service, with member counts (super admin)',
  })
  adminOrganizations(@Args() args: ListArgs, @Ctx() ctx: AccountContext): Promise<Page<OrganizationSummary>> {
    return ctx.services.admin.organizations(ctx.em, args);
  }

  @Guard(isSuperAdmin)
  @Mutation(() => ImpersonationPayload, {
    description:
      "Act as a user of any organization (super admin): the session is scoped to that user's organization and every request is audited",
  })
  impersonate(@Arg('input') input: ImpersonateInput, @Ctx() ctx: AccountContext): Promise<ImpersonationPayload> {
    return ctx.services.impersonation.start(ctx.em, ctx.principal, input, ctx.requestId);
  }

  @Guard(isAuthenticated)
  @Mutation(() => ImpersonationPayload, { description: "Ends impersonation: back to the super admin's own scope" })
  endImpersonation(@Ctx() ctx: AccountContext): Promise<ImpersonationPayload> {
    return ctx.services.impersonation.end(ctx.em, ctx.principal);
  }

  @Guard(isSuperAdmin)
  @Mutation(() => DeletedOrganization, {
    description: 'Deletes an organization and all of its data (super admin, not while impersonating)',
  })
  async deleteOrganization(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<DeletedOrganization> {
    await ctx.services.admin.deleteOrganization(ctx.em, ctx.principal, id, ctx.requestId);
    return { message: 'Organization deleted', id };
  }

  @Guard(isSuperAdmin)
  @Query(() => AuditEntryPage, {
    description: 'The audit trail of impersonation and platform actions, newest first (super admin)',
  })
  auditLog(@Args() args: AuditLogArgs, @Ctx() ctx: AccountContext): Promise<Page<AuditEntry>> {
    return ctx.services.audit.list(ctx.em, args);
  }
}
