import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { SalesContext } from '../sales.services';
import { Forecast, ForecastArgs } from './forecast.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class ForecastResolver {
  @Guard(isAuthenticated)
  @Query(() => Forecast, {
    description:
      'Weighted pipeline with best, commit and worst cases by close month or quarter, owner or stage (docs/sales.md)',
  })
  forecast(@Args() args: ForecastArgs, @Ctx() ctx: SalesContext): Promise<Forecast> {
    return ctx.services.forecast.forecast(ctx.em, ctx.principal, args);
  }
}
