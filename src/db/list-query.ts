import type { EntityManager, FilterQuery, QueryOrder } from '@mikro-orm/postgresql';
import { Utils, type EntityClass, type EntityName } from '@mikro-orm/core';
import { AppError, FieldError } from '../lib/errors';
import { checkDay } from '../lib/calendar-days';
import { ListArgs, Page, pagination, SortOrder } from './pagination';
import { TENANT_FILTER, TenantFilterArgs } from './tenant-filter';
import { cachedCount, plainCount, plainRows, type PlainRow, type Reads } from './read-path';
import { takeListSource } from './list-source';

export interface ListSpec<T> {
  /** Properties the free-text search matches (case-insensitive, partial); a relation's as `contact.name`. */
  searchFields: ((keyof T & string) | `${string}.${string}`)[];
  /** Allowed sortBy values, mapped to the property they sort on (a relation's as `contact.name`). */
  sortable: Record<string, string>;
  defaultSort: { field: string; order: SortOrder };
  /** Property the startDate/endDate range applies to. */
  dateField?: keyof T & string;
}

/** `contact.name` + value -> `{ contact: { name: value } }`: a condition or ordering on a related entity's property. */
export function atPath(path: string, value: unknown): Record<string, unknown> {
  return path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/** `%`, `_` and `\` are literal in search terms. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function dayBounds(args: ListArgs): { $gte?: Date; $lt?: Date } | undefined {
  const range: { $gte?: Date; $lt?: Date } = {};
  const parse = (field: 'startDate' | 'endDate', s: string) => {
    const errors: FieldError[] = [];
    if (!checkDay(s, field, errors)) throw AppError.validation(errors);
    return new Date(`${s}T00:00:00.000Z`);
  };
  if (args.startDate) range.$gte = parse('startDate', args.startDate);
  if (args.endDate) range.$lt = new Date(parse('endDate', args.endDate).getTime() + 24 * 3600 * 1000);
  if (range.$gte && range.$lt && range.$gte >= range.$lt)
    throw AppError.validation([{ field: 'endDate', message: 'endDate must not be before startDate' }]);
  return range.$gte || range.$lt ? range : undefined;
}

/** The list and filter set a count is cached under (db/read-path); none (not cached) if not plain data. */
function countKey<T extends object>(em: EntityManager, entity: EntityName<T>, conditions: unknown): string | undefined {
  try {
    return `${em.getMetadata().find(entity)?.className}:${JSON.stringify(conditions)}`;
  } catch {
    return undefined;
  }
}

/** A list's filter (its own conditions, `search` and the day range) as conditions to AND: the rows a list pages through. */
export function listConditions<T extends object>(
  args: Pick<ListArgs, 'search' | 'startDate' | 'endDate'>,
  spec: ListSpec<T>,
  where: FilterQuery<T>,
): Record<string, unknown>[] {
  const conditions: Record<string, unknown>[] = [where as Record<string, unknown>];
  const term = args.search?.trim();
  if (term) conditions.push({ $or: spec.searchFields.map((f) => atPath(f, { $ilike: likePattern(term) })) });
  const range = spec.dateField ? dayBounds(args as ListArgs) : undefined;
  if (range && spec.dateField) conditions.push({ [spec.dateField]: range });
  return conditions;
}

export interface ListOptions<T> {
  populate?: string[];
  /** Platform-level lists (super admin) only: every organization's rows. */
  allTenants?: boolean;
  /** Read-only plain rows (db/read-path) for types whose field resolvers read only ids and getters. */
  plain?: boolean;
  /** With `plain`: the relations of each row the caller will read (the read path reads them with the rows). */
  reads?: Reads<T>;
}

/**
 * One implementation of the spec's list parameters for every list: filters combine (AND), search is an
 * OR over the search fields, dates are whole UTC days (endDate inclusive), sortBy is checked against the
 * list's allowed fields, and ties are broken by id in the same direction, so pages never overlap and one
 * index on (organization, field, id) serves both orders without a sort. With `plain`, the page holds plain
 * rows (`PlainRow<T>`), entities where a plain row cannot serve (`populate`, `allTenants`).
 */
export function listPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  args: ListArgs,
  spec: ListSpec<T>,
  where: FilterQuery<T>,
  options: ListOptions<T> & { plain: true },
): Promise<Page<PlainRow<T>>>;
export function listPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  args: ListArgs,
  spec: ListSpec<T>,
  where?: FilterQuery<T>,
  options?: ListOptions<T> & { plain?: false },
): Promise<Page<T>>;
export async function listPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  args: ListArgs,
  spec: ListSpec<T>,
  where: FilterQuery<T> = {} as FilterQuery<T>,
  options: ListOptions<T> = {},
): Promise<Page<T | PlainRow<T>>> {
  const conditions = listConditions(args, spec, where);

  // Own keys only: `__proto__` or `constructor` must not resolve to an inherited member of the table.
  const sortField = args.sortBy
    ? Object.hasOwn(spec.sortable, args.sortBy)
      ? spec.sortable[args.sortBy]
      : undefined
    : spec.defaultSort.field;
  if (!sortField) {
    throw AppError.validation([
      { field: 'sortBy', message: `sortBy must be one of: ${Object.keys(spec.sortable).join(', ')}` },
    ]);
  }
  const order = (args.sortOrder ?? (args.sortBy ? SortOrder.asc : spec.defaultSort.order)) as unknown as QueryOrder;
  const filter = { $and: conditions } as FilterQuery<T>;
  // Only platform-level lists (super admin) read across organizations, and they say so explicitly.
  const scope = options.allTenants ? { filters: false } : {};
  const organizationId = options.allTenants
    ? undefined
    : (em.getFilterParams(TENANT_FILTER) as TenantFilterArgs | undefined)?.organizationId;
  const orderBy = [atPath(sortField, order), { id: order }] as never;
  const offset = (args.page - 1) * args.limit;
  const plain = options.plain && !options.allTenants && !options.populate;
  // A streamed export of this list (db/list-source.ts) takes the checked read and answers its rows.
  const source = options.allTenants ? undefined : takeListSource();
  if (source) {
    const rows = await source({
      em,
      entity: em.getMetadata().get(Utils.className(entity)).class as EntityClass<object>,
      where: filter as FilterQuery<object>,
      orderBy,
      plain: !!plain,
      reads: (options.reads ?? {}) as unknown as Reads<object>,
      populate: options.populate,
    });
    return { data: rows as T[], pagination: pagination(rows.length, 1, Math.max(rows.length, 1)) };
  }
  const [data, total] = await Promise.all([
    plain
      ? plainRows(em, entity as EntityClass<T>, filter, { orderBy, limit: args.limit, offset }, options.reads)
      : em.find(entity, filter, {
          orderBy,
          limit: args.limit,
          offset,
          populate: options.populate as never,
          ...scope,
        }),
    cachedCount(organizationId, countKey(em, entity, conditions), () =>
      plain ? plainCount(em, entity as EntityClass<T>, filter) : em.count(entity, filter, scope),
    ),
  ]);
  return { data, pagination: pagination(total, args.page, args.limit) };
}
