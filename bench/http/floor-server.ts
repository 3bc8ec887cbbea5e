/**
 * The floor of `npm run bench http`: a bare node:http + pg handler that runs the same two statements as
 * `GET /api/contacts` (the page and the count, with the same filter, search and sort) and answers the same
 * JSON (`{ data, pagination }` with the same fields), with no session, rate limit, GraphQL or ORM.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { contactListSql } from './contact-sql';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const org = process.env.BENCH_ORG ?? '';
/** src/db/pagination.ts's shape (not imported: that module loads type-graphql). */
function pagination(totalItems: number, page: number, pageSize: number) {
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

interface Row {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  status: string;
  company_id: string | null;
  owner_id: string | null;
  last_contacted_at: Date | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  source: string | null;
  superseded_by_id: string | null;
  superseded_reason: string | null;
  organization_id: string;
  created_at: Date;
  updated_at: Date;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const page = Number(url.searchParams.get('page') ?? 1);
  const search = url.searchParams.get('search');
  const sortBy = url.searchParams.get('sortBy');
  const sql = contactListSql({ org, search, sortBy, limit, page });
  Promise.all([pool.query<Row>(sql.page, sql.params), pool.query<{ count: string }>(sql.count, sql.params)])
    .then(([rows, count]) => {
      const data = rows.rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        status: r.status,
        companyId: r.company_id,
        ownerId: r.owner_id,
        lastContactedAt: r.last_contacted_at?.toISOString() ?? null,
        address: r.address,
        city: r.city,
        state: r.state,
        zipCode: r.zip_code,
        source: r.source,
        supersededById: r.superseded_by_id,
        supersededReason: r.superseded_reason,
        organizationId: r.organization_id,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      }));
      const body = JSON.stringify({ data, pagination: pagination(Number(count.rows[0].count), page, limit) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    })
    .catch((e: Error) => {
      res.writeHead(500);
      res.end(e.message);
    });
});
server.listen(0, process.env.HOST, () => process.send?.({ ready: (server.address() as { port: number }).port }));
