import { IsIn, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { IsCalendarDay } from '../lib/calendar-days';
import { ArgsType, ClassType, Extensions, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CostExtensions } from '../lib/cost-extensions';

export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 50;
export const LIMIT_MAX = 100;

export enum SortOrder {
  asc = 'asc',
  desc = 'desc',
}
registerEnumType(SortOrder, { name: 'SortOrder' });

/** The spec's paginated list shape; REST returns it as is: `{ data, pagination }`. */
@ObjectType()
export class Pagination {
  @Field(() => Int) currentPage: number;
  @Field(() => Int) totalPages: number;
  @Field(() => Int) totalItems: number;
  @Field(() => Int) pageSize: number;
  @Field() hasNextPage: boolean;
  @Field() hasPreviousPage: boolean;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** `Paginated(User)` is the GraphQL type `UserPage { data: [User!]!, pagination: Pagination! }`. */
export function Paginated<T extends object>(item: ClassType<T>, name = `${item.name}Page`) {
  @ObjectType(name)
  class PageType implements Page<T> {
    // Query cost (graphql/query-cost.ts): the page's `limit` multiplies one item; the count is part of the page.
    @Extensions({ pageItems: true } satisfies CostExtensions)
    @Field(() => [item])
    data: T[];

    @Extensions({ cost: 0 } satisfies CostExtensions)
    @Field(() => Pagination)
    pagination: Pagination;
  }
  return PageType;
}

/** The spec's list parameters that every list honours. Domain lists extend it with their own filters. */
@ArgsType()
export class ListArgs {
  @Field(() => Int, { defaultValue: PAGE_DEFAULT, description: 'Page number, from 1' })
  @Min(1, { message: 'page must be 1 or more' })
  page: number = PAGE_DEFAULT;

  @Field(() => Int, { defaultValue: LIMIT_DEFAULT, description: `Page size, ${LIMIT_MAX} at most` })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIMIT_MAX, { message: `limit must not be greater than ${LIMIT_MAX}` })
  limit: number = LIMIT_DEFAULT;

  @Field({ nullable: true, description: 'Case-insensitive partial match on name and email' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field({ nullable: true, description: 'Created on or after this day (YYYY-MM-DD, UTC)' })
  @IsOptional()
  @IsCalendarDay()
  startDate?: string;

  @Field({ nullable: true, description: 'Created on or before this day (YYYY-MM-DD, UTC, inclusive)' })
  @IsOptional()
  @IsCalendarDay()
  endDate?: string;

  @Field({ nullable: true, description: 'Field to sort by; each list documents the ones it allows' })
  @IsOptional()
  sortBy?: string;

  @Field(() => SortOrder, { nullable: true })
  @IsOptional()
  @IsIn([SortOrder.asc, SortOrder.desc])
  sortOrder?: SortOrder;
}

/**
 * A relation list of a record (`company.contacts`): at most `limit` items per parent, cut in the database
 * (graphql/loaders.ts manyBy). The list queries (`contacts(companyId: ...)`) page through all of them.
 */
@ArgsType()
export class RelationArgs {
  @Field(() => Int, { defaultValue: LIMIT_DEFAULT, description: `Most items returned, ${LIMIT_MAX} at most` })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIMIT_MAX, { message: `limit must not be greater than ${LIMIT_MAX}` })
  limit: number = LIMIT_DEFAULT;
}

export function pagination(totalItems: number, page: number, pageSize: number): Pagination {
  const totalPages = Math.ceil(totalItems / pageSize);
  return {
    currentPage: page,
    totalPages,
    totalItems,
    pageSize,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
