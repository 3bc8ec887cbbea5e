import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '../../db/list-query';
import { executePrepared } from '../../db/prepared-statement';
import { isShortQuery, searchStatement, type SearchBindings } from './search.sql';
import { SearchArgs, SearchHit, SearchHitPage, SearchKind } from './search.types';

interface HitRow {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string | null;
  link: string;
  score: number;
}

/**
 * The most candidates one tier of one table yields before scoring (docs/search.md, "Candidates"), or the page's end
 * when that is further.
 */
export const SEARCH_CANDIDATES = 200;

/**
 * The statement and its bindings for a search (the benchmark replays them on a plain connection), and its name: it
 * runs prepared (docs/search.md, "Speed"), one name per statement text.
 */
export function searchQuery(
  organizationId: string,
  args: SearchArgs,
): { sql: string; bindings: SearchBindings; name: string } {
  const kinds = args.kinds?.length ? args.kinds : Object.values(SearchKind);
  const offset = (args.page - 1) * args.limit;
  const q = args.q.trim().toLowerCase();
  const n = offset + args.limit + 1;
  const cap = Math.max(SEARCH_CANDIDATES, n);
  const bindings = {
    q,
    pattern: likePattern(q),
    org: organizationId,
    n,
    cap,
    more: cap + 1,
    local: q.split('@')[0],
    limit: args.limit + 1,
    offset,
  };
  const short = isShortQuery(q);
  const { sql, name } = searchStatement(kinds, short);
  return { sql, bindings, name };
}

/** One search box over the organization's records of every kind (docs/search.md). */
export class SearchService {
  async search(em: EntityManager, organizationId: string, args: SearchArgs): Promise<SearchHitPage> {
    const { sql, bindings, name } = searchQuery(organizationId, args);
    const rows = await executePrepared<HitRow>(em, name, sql, { ...bindings });
    const data = rows.slice(0, args.limit).map<SearchHit>((r) => ({
      kind: r.kind,
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      link: r.link,
      score: Math.round(Number(r.score) * 1000) / 1000,
    }));
    return {
      data,
      pagination: {
        currentPage: args.page,
        pageSize: args.limit,
        hasNextPage: rows.length > args.limit,
        hasPreviousPage: args.page > 1,
      },
    };
  }
}
