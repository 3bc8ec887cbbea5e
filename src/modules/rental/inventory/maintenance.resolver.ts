import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { MaintenanceHold } from './maintenance-hold.entity';
import {
  MaintenanceHoldInput,
  MaintenanceHoldListArgs,
  MaintenanceHoldPage,
  MaintenanceHoldUpdateInput,
} from './maintenance.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => MaintenanceHold)
export class MaintenanceResolver {
  @Guard(isAuthenticated)
  @Query(() => MaintenanceHoldPage, { description: "An item's maintenance holds (paginated)" })
  maintenanceHolds(
    @Arg('itemId', () => ID) itemId: string,
    @Args() args: MaintenanceHoldListArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<Page<MaintenanceHold>> {
    return ctx.services.maintenance.list(ctx.em, itemId, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => MaintenanceHold, { description: 'Takes units out of service for a range of days, or open-ended' })
  createMaintenanceHold(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('input') input: MaintenanceHoldInput,
    @Ctx() ctx: RentalContext,
  ): Promise<MaintenanceHold> {
    return ctx.services.maintenance.create(ctx.em, ctx.principal, itemId, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => MaintenanceHold, { description: 'E.g. set endDate when the units are back in service' })
  updateMaintenanceHold(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: MaintenanceHoldUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<MaintenanceHold> {
    return ctx.services.maintenance.update(ctx.em, itemId, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteMaintenanceHold(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: RentalContext,
  ): Promise<DeletePayload> {
    return ctx.services.maintenance.delete(ctx.em, itemId, id);
  }
}
