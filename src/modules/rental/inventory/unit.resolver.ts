import { Arg, Args, Ctx, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { InventoryItem } from './inventory-item.entity';
import { InventoryUnit } from './inventory-unit.entity';
import { InventoryUnitEvent } from './inventory-unit-event.entity';
import {
  InventoryUnitInput,
  InventoryUnitListArgs,
  InventoryUnitPage,
  InventoryUnitUpdateInput,
  TrackByUnitInput,
} from './unit.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** The newest history lines a unit answers (docs/rental.md, "Units"). */
export const UNIT_HISTORY_LIMIT = 50;

@Resolver(() => InventoryUnit)
export class UnitResolver {
  @Guard(isAuthenticated)
  @Query(() => InventoryUnitPage, {
    description: 'Units (paginated): every unit of your organization, or an item’s (itemId); status, search',
  })
  inventoryUnits(@Args() args: InventoryUnitListArgs, @Ctx() ctx: RentalContext): Promise<Page<InventoryUnit>> {
    return ctx.services.units.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => InventoryUnit)
  inventoryUnit(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryUnit> {
    return ctx.services.units.get(ctx.em, itemId, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryUnit, {
    description: 'Adds a unit to an item tracked by unit; 409 if the asset tag is taken',
  })
  createInventoryUnit(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('input') input: InventoryUnitInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryUnit> {
    return ctx.services.units.create(ctx.em, ctx.principal, itemId, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryUnit, { description: 'Identity, meter, status by hand (not while on rent)' })
  updateInventoryUnit(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: InventoryUnitUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryUnit> {
    return ctx.services.units.update(ctx.em, ctx.principal, itemId, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryItem, {
    description: 'Turns a bulk item into units (its units by asset tag); its bookings are kept',
  })
  trackInventoryItemByUnit(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('input') input: TrackByUnitInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryItem> {
    return ctx.services.units.trackByUnit(ctx.em, ctx.principal, itemId, input);
  }

  @FieldResolver(() => [InventoryUnitEvent], { description: `The newest ${UNIT_HISTORY_LIMIT} lines, newest first` })
  @Extensions({ maxItems: UNIT_HISTORY_LIMIT })
  history(@Root() unit: InventoryUnit, @Ctx() ctx: Context): Promise<InventoryUnitEvent[]> {
    return ctx.loaders
      .manyBy(InventoryUnitEvent, 'unit', { orderBy: { occurredAt: 'desc' }, limit: UNIT_HISTORY_LIMIT })
      .load(unit.id);
  }
}
