/**
 * The two statements of `GET /api/contacts` written by hand (the floor's, the search check's raw query and
 * the EXPLAIN check's): the page and the count, for a filter set and a sort.
 */

/** As src/db/list-query.ts: `%`, `_` and `\` are literal (not imported: that module loads type-graphql). */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The contacts list's documented sortBy values and their columns (contact.service.ts LIST.sortable). */
export const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  email: 'email',
  status: 'status',
  lastContactedAt: 'last_contacted_at',
};

export const COLUMNS = `id, name, email, phone, status, company_id, owner_id, last_contacted_at, address, city, state, zip_code, source,
  superseded_by_id, superseded_reason, organization_id, created_at, updated_at`;

export interface ListQuery {
  org: string;
  search?: string | null;
  sortBy?: string | null;
  sortOrder?: 'asc' | 'desc';
  status?: string;
  ownerId?: string;
  companyId?: string;
  startDate?: string;
  limit?: number;
  page?: number;
}

export function contactListSql(q: ListQuery): { page: string; count: string; params: unknown[] } {
  const params: unknown[] = [q.org];
  const where = [`organization_id = $1`, `superseded_by_id is null`];
  const add = (cond: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(cond(params.length));
  };
  if (q.search) add((n) => `(name ilike $${n} or email ilike $${n})`, likePattern(q.search));
  if (q.status) add((n) => `status = $${n}`, q.status);
  if (q.ownerId) add((n) => `owner_id = $${n}`, q.ownerId);
  if (q.companyId) add((n) => `company_id = $${n}`, q.companyId);
  if (q.startDate) add((n) => `created_at >= $${n}`, new Date(`${q.startDate}T00:00:00Z`));
  const column = (q.sortBy && SORT_COLUMNS[q.sortBy]) ?? 'created_at';
  const order = q.sortOrder ?? (q.sortBy ? 'asc' : 'desc');
  const limit = q.limit ?? 50;
  const offset = ((q.page ?? 1) - 1) * limit;
  const cond = where.join(' and ');
  return {
    page: `select ${COLUMNS} from contacts where ${cond} order by ${column} ${order}, id ${order} limit ${limit} offset ${offset}`,
    count: `select count(*) from contacts where ${cond}`,
    params,
  };
}
