/**
 * The statement of the search box (docs/search.md): one branch per kind of record, each over the pg_trgm
 * indexes of its own table, unioned, ranked and paged in the database. Each branch names its organization
 * (beside row-level security) and yields kind, id, title, subtitle, link and score: the pg_trgm word
 * similarity of the query to the record's best field (`q <% field` is the indexed form of
 * `word_similarity(q, field) >= pg_trgm.word_similarity_threshold`, 0.6 by default).
 */
import { SearchKind } from './search.types';

/** Where a kind's search reads, what it shows, and the fields it matches the query against. */
interface Branch {
  from: string;
  where?: string;
  id: string;
  title: string;
  subtitle: string;
  fields: string[];
  link: string;
}

const BRANCHES: Record<SearchKind, Branch> = {
  [SearchKind.contact]: {
    from: 'contacts c',
    where: 'c.superseded_by_id is null',
    id: 'c.id',
    title: 'c.name',
    subtitle: "concat_ws(' · ', c.status, c.email, c.phone)",
    fields: ['c.name', 'c.email'],
    link: '/api/contacts/',
  },
  [SearchKind.company]: {
    from: 'companies co',
    id: 'co.id',
    title: 'co.name',
    subtitle: "nullif(concat_ws(' · ', co.industry, co.website), '')",
    fields: ['co.name'],
    link: '/api/companies/',
  },
  [SearchKind.lead]: {
    from: 'leads l join contacts c on c.id = l.contact_id',
    id: 'l.id',
    title: 'c.name',
    subtitle: "concat_ws(' · ', l.status, c.email, c.phone)",
    fields: ['c.name', 'c.email'],
    link: '/api/leads/',
  },
  [SearchKind.opportunity]: {
    from: 'opportunities op',
    id: 'op.id',
    title: 'op.name',
    subtitle: "concat_ws(' · ', op.status, op.value::text)",
    fields: ['op.name'],
    link: '/api/opportunities/',
  },
  [SearchKind.inventory_item]: {
    from: 'inventory_items i',
    id: 'i.id',
    title: 'i.name',
    subtitle: "concat_ws(' · ', i.item_number, i.category, nullif(i.status, 'active'))",
    fields: ['i.name', 'i.item_number'],
    link: '/api/inventory/',
  },
  [SearchKind.order]: {
    from: 'rental_orders o join customers cu on cu.id = o.customer_id join contacts c on c.id = cu.contact_id',
    id: 'o.id',
    title: "c.name || ': ' || o.pickup_date || ' to ' || o.return_date",
    subtitle: "concat_ws(' · ', o.status, o.total::text || ' ' || o.currency)",
    fields: ['c.name'],
    link: '/api/transactions/',
  },
};

/** The tie order of equal scores: the order of SearchKind. */
const KINDS = Object.values(SearchKind);

function branch(kind: SearchKind): { sql: string; params: number } {
  const b = BRANCHES[kind];
  const alias = b.from.split(' ')[1];
  const score =
    b.fields.length === 1
      ? `word_similarity(?, ${b.fields[0]})`
      : `greatest(${b.fields.map((f) => `word_similarity(?, coalesce(${f}, ''))`).join(', ')})`;
  const match = b.fields.map((f) => `? <% ${f}`).join(' or ');
  const where = [`${alias}.organization_id = ?`, ...(b.where ? [b.where] : []), `(${match})`].join(' and ');
  return {
    sql: `select '${kind}'::text as kind, ${KINDS.indexOf(kind)} as kind_rank, ${b.id} as id, ${b.title} as title,
       ${b.subtitle} as subtitle, '${b.link}' || ${b.id} as link, ${score} as score
     from ${b.from} where ${where}`,
    params: b.fields.length * 2,
  };
}

/**
 * The statement and its parameters for the kinds asked: ranked by score (highest first), then by kind in the
 * order of SearchKind, then by title and id, so that equal scores page stably; `total` is the count of every hit.
 */
export function searchStatement(
  kinds: readonly SearchKind[],
  q: string,
  organizationId: string,
  limit: number,
  offset: number,
): { sql: string; params: unknown[] } {
  const parts = KINDS.filter((k) => kinds.includes(k)).map(branch);
  const params: unknown[] = [];
  // Each branch binds the query for its score fields, the organization, then the query for its matches.
  for (const p of parts)
    params.push(...Array<string>(p.params / 2).fill(q), organizationId, ...Array<string>(p.params / 2).fill(q));
  const sql = `select kind, id, title, subtitle, link, score, count(*) over () as total
    from (${parts.map((p) => p.sql).join('\n    union all\n    ')}) hits
    order by score desc, kind_rank, title, id
    limit ? offset ?`;
  return { sql, params: [...params, limit, offset] };
}
