import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import { InventoryUnit } from './inventory-unit.entity';
import { UnitServiceInput } from './servicing.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** Service intervals (docs/rental.md, "Inspections and service"). */
@Resolver(() => InventoryUnit)
export class ServicingResolver {
  @Guard(isAuthenticated)
  @Mutation(() => InventoryUnit, {
    description: 'Service done: resets the unit’s service counters, ends its open holds, makes it available',
  })
  recordUnitService(
    @Arg('itemId', () => ID) itemId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UnitServiceInput, { nullable: true }) input: UnitServiceInput | null,
    @Ctx() ctx: RentalContext,
  ): Promise<InventoryUnit> {
    return ctx.services.servicing.recordService(ctx.em, ctx.principal, itemId, id, input ?? {});
  }
}
