import { ArrayMaxSize, IsIn, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ArgsType, Extensions, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PAGE_DEFAULT } from '../../db/pagination';
import type { CostExtensions } from '../../lib/cost-extensions';

/** The kinds of record one search box finds, in the order that breaks a tie of score (docs/search.md). */
export enum SearchKind {
  contact = 'contact',
  company = 'company',
  lead = 'lead',
  opportunity = 'opportunity',
  inventory_item = 'inventory_item',
  order = 'order',
}
registerEnumType(SearchKind, { name: 'SearchKind', description: 'A kind of record the search box finds' });

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_Q_MIN = 2;
export const SEARCH_Q_MAX = 100;
/** Pages past this one are refused: a search box shows the best hits (the first 1,000 at the largest page size). */
export const SEARCH_PAGE_MAX = 20;

@ObjectType('SearchHit', { description: 'One record found by the search box' })
export class SearchHit {
  @Field(() => SearchKind) kind: SearchKind;
  @Field(() => ID) id: string;
  @Field({ description: 'What the record is called: a name, or for an order its customer and dates' })
  title: string;
  @Field(() => String, { nullable: true, description: 'A second line: email, industry, status, item number ...' })
  subtitle: string | null;
  @Field({ description: 'The REST path of the record, e.g. /api/contacts/<id>' })
  link: string;
  @Field(() => Float, { description: 'pg_trgm word similarity of the query to the best matching field, 0-1' })
  score: number;
}

@ObjectType('SearchPagination', {
  description: 'A ranked search counts no total: that would score every match of every kind (docs/search.md)',
})
export class SearchPagination {
  @Field(() => Int) currentPage: number;
  @Field(() => Int) pageSize: number;
  @Field() hasNextPage: boolean;
  @Field() hasPreviousPage: boolean;
}

@ObjectType('SearchHitPage')
export class SearchHitPage {
  // Query cost (graphql/query-cost.ts): the page's `limit` multiplies one hit.
  @Extensions({ pageItems: true } satisfies CostExtensions)
  @Field(() => [SearchHit])
  data: SearchHit[];

  @Extensions({ cost: 0 } satisfies CostExtensions)
  @Field(() => SearchPagination)
  pagination: SearchPagination;
}

@ArgsType()
export class SearchArgs {
  @Field({ description: `What to look for: ${SEARCH_Q_MIN}-${SEARCH_Q_MAX} characters; typos are tolerated` })
  @IsString()
  @Matches(/\S/, { message: 'q must not be empty' })
  @MinLength(SEARCH_Q_MIN, { message: `q must be at least ${SEARCH_Q_MIN} characters` })
  @MaxLength(SEARCH_Q_MAX, { message: `q must be at most ${SEARCH_Q_MAX} characters` })
  q: string;

  @Field(() => [SearchKind], { nullable: true, description: 'Only these kinds (default: every kind)' })
  @IsOptional()
  @ArrayMaxSize(Object.keys(SearchKind).length)
  @IsIn(Object.values(SearchKind), { each: true })
  kinds?: SearchKind[];

  @Field(() => Int, { defaultValue: PAGE_DEFAULT, description: `Page number, 1-${SEARCH_PAGE_MAX}` })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(SEARCH_PAGE_MAX, { message: `page must not be greater than ${SEARCH_PAGE_MAX}` })
  page: number = PAGE_DEFAULT;

  @Field(() => Int, { defaultValue: SEARCH_LIMIT_DEFAULT, description: `Page size, ${SEARCH_LIMIT_MAX} at most` })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(SEARCH_LIMIT_MAX, { message: `limit must not be greater than ${SEARCH_LIMIT_MAX}` })
  limit: number = SEARCH_LIMIT_DEFAULT;
}
