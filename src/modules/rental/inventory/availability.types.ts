import { IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { LIMIT_DEFAULT, LIMIT_MAX, PAGE_DEFAULT, Paginated } from '../../../db/pagination';
import { InventoryStatus } from './inventory-item.entity';

export const MAX_AVAILABILITY_DAYS = 366;
export const DEFAULT_AVAILABILITY_DAYS = 30;

@ObjectType()
export class DayAvailability {
  @Field({ description: 'YYYY-MM-DD' }) date: string;
  @Field(() => Int, {
    description: 'quantityOwned - booked - inMaintenance (0 for a retired item; negative: overcommitted)',
  })
  available: number;
  @Field(() => Int, { description: 'Units on orders that occupy this day' }) booked: number;
  @Field(() => Int, { description: 'Units under maintenance holds on this day' }) inMaintenance: number;
}

@ObjectType()
export class ItemAvailability {
  @Field(() => ID) itemId: string;
  @Field() itemNumber: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => InventoryStatus) status: InventoryStatus;
  @Field(() => Int) quantityOwned: number;
  @Field() startDate: string;
  @Field() endDate: string;
  @Field(() => Int, { description: 'The smallest `available` over the range: units bookable for the whole range' })
  minAvailable: number;
  @Field(() => [DayAvailability], { description: 'One entry per day, startDate through endDate' })
  days: DayAvailability[];
}

export const ItemAvailabilityPage = Paginated(ItemAvailability);

/** The range of an availability query; absent: today (UTC) and the 29 days after it. */
@ArgsType()
export class AvailabilityRangeArgs {
  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD); default today (UTC)' })
  startDate?: string;

  @Field(() => String, {
    nullable: true,
    description: `Last day, inclusive (YYYY-MM-DD); default startDate + ${DEFAULT_AVAILABILITY_DAYS - 1} days; at most ${MAX_AVAILABILITY_DAYS} days in all`,
  })
  endDate?: string;
}

/** Active items of the catalog, sorted by name, a page at a time. */
@ArgsType()
export class CatalogAvailabilityArgs extends AvailabilityRangeArgs {
  @Field(() => String, { nullable: true, description: 'Only items of this category (exact)' })
  @IsOptional()
  @MaxLength(100)
  category?: string;

  @Field(() => String, { nullable: true, description: 'Case-insensitive partial match on name and item number' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field(() => Int, { defaultValue: PAGE_DEFAULT })
  @Min(1, { message: 'page must be 1 or more' })
  page: number = PAGE_DEFAULT;

  @Field(() => Int, { defaultValue: LIMIT_DEFAULT, description: `Items per page, ${LIMIT_MAX} at most` })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIMIT_MAX, { message: `limit must not be greater than ${LIMIT_MAX}` })
  limit: number = LIMIT_DEFAULT;
}
