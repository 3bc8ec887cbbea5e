import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { InventoryItem, InventoryStatus } from './inventory-item.entity';
import { InventoryItemInput, InventoryItemPage, InventoryItemUpdateInput, InventoryListArgs } from './inventory.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => InventoryItem)
export class InventoryResolver {
  @Guard(isAuthenticated)
  @Query(() => InventoryItemPage, {
    description: 'The equipment catalog (paginated; search, category and status filters, sorting)',
  })
  inventoryItems(@Args() args: InventoryListArgs, @Ctx() ctx: RentalContext): Promise<Page<InventoryItem>> {
    return ctx.services.inventory.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => InventoryItem)
  inventoryItem(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<InventoryItem> {
    return ctx.services.inventory.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryItem, { description: '409 when the item number is taken in your organization' })
  createInventoryItem(@Arg('input') input: InventoryItemInput, @Ctx() ctx: RentalContext): Promise<InventoryItem> {
    return ctx.services.inventory.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryItem)
  updateInventoryItem(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: InventoryItemUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryItem> {
    return ctx.services.inventory.update(ctx.em, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryItem, {
    description: 'Takes the item out of the catalog: never available again until reactivated',
  })
  retireInventoryItem(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<InventoryItem> {
    return ctx.services.inventory.setStatus(ctx.em, id, InventoryStatus.retired);
  }

  @Guard(isAuthenticated)
  @Mutation(() => InventoryItem)
  reactivateInventoryItem(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<InventoryItem> {
    return ctx.services.inventory.setStatus(ctx.em, id, InventoryStatus.active);
  }
}
