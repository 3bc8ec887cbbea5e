import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { InspectionChecklist } from './inspection-checklist.entity';
import {
  InspectionChecklistInput,
  InspectionChecklistListArgs,
  InspectionChecklistPage,
  InspectionChecklistUpdateInput,
} from './inspection.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Inspection checklists per category and phase (docs/rental.md, "Inspections"): admins write, members read. */
@Resolver(() => InspectionChecklist)
export class InspectionResolver {
  @Guard(isAuthenticated)
  @Query(() => InspectionChecklistPage, { description: 'Inspection checklists (paginated); category, phase' })
  inspectionChecklists(
    @Args() args: InspectionChecklistListArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<Page<InspectionChecklist>> {
    return ctx.services.inspections.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => InspectionChecklist)
  inspectionChecklist(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<InspectionChecklist> {
    return ctx.services.inspections.get(ctx.em, id);
  }

  @Guard(isAdmin)
  @Mutation(() => InspectionChecklist, { description: 'One checklist per category and phase (409 when defined)' })
  createInspectionChecklist(
    @Arg('input') input: InspectionChecklistInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InspectionChecklist> {
    return ctx.services.inspections.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Mutation(() => InspectionChecklist, { description: 'Rename it or replace its check items' })
  updateInspectionChecklist(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: InspectionChecklistUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InspectionChecklist> {
    return ctx.services.inspections.update(ctx.em, id, input);
  }

  @Guard(isAdmin)
  @Mutation(() => DeletePayload)
  deleteInspectionChecklist(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<DeletePayload> {
    return ctx.services.inspections.delete(ctx.em, id);
  }
}
