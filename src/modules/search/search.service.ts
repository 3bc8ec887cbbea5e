import type { EntityManager } from '@mikro-orm/postgresql';
import { type Page, pagination } from '../../db/pagination';
import { searchStatement } from './search.sql';
import { SearchArgs, SearchHit, SearchKind } from './search.types';

interface HitRow {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  link: string;
  score: number;
  total: string;
}

/** One search box over the organization's records of every kind (docs/search.md). */
export class SearchService {
  async search(em: EntityManager, organizationId: string, args: SearchArgs): Promise<Page<SearchHit>> {
    const kinds = args.kinds?.length ? args.kinds : Object.values(SearchKind);
    const q = args.q.trim().toLowerCase();
    const offset = (args.page - 1) * args.limit;
    const run = (limit: number, skip: number) => {
      const { sql, params } = searchStatement(kinds, q, organizationId, limit, skip);
      return em.execute<HitRow[]>(sql, params);
    };
    const rows = await run(args.limit, offset);
    // A page past the last one has no row to carry the total: counted again from the first hit.
    const total = rows.length ? Number(rows[0].total) : offset > 0 ? Number((await run(1, 0))[0]?.total ?? 0) : 0;
    return {
      data: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        subtitle: r.subtitle || null,
        link: r.link,
        score: Math.round(Number(r.score) * 1000) / 1000,
      })),
      pagination: pagination(total, args.page, args.limit),
    };
  }
}
