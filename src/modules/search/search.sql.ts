/**
 * The statement of the search box (docs/search.md): one branch per kind of record, each over the trigram
 * indexes of its own table (search.indexes.ts), unioned, ranked and paged in the database. Each branch names its
 * organization (beside row-level security) and yields kind, id, title, subtitle, link and score: the pg_trgm word
 * similarity of the query to the record's best field. A record matches when `q <% field` for one of its fields:
 * the indexed form of `word_similarity(q, field) >= pg_trgm.word_similarity_threshold` (0.6 by default).
 * Each branch keeps its best `:n` hits (the page's end plus one), so an order branch joins the orders of at most
 * `:n` customers.
 */
import { SearchKind } from './search.types';

const score = (fields: string[]) =>
  fields.length === 1
    ? `word_similarity(:q, ${fields[0]})`
    : `greatest(${fields.map((f) => `coalesce(word_similarity(:q, ${f}), 0)`).join(', ')})`;
const match = (fields: string[]) => `(${fields.map((f) => `:q <% ${f}`).join(' or ')})`;

/**
 * The current contacts (not merged or converted into another) whose name or email matches, scored once: the
 * contact, lead and order branches read them.
 */
const MATCHED_CONTACTS = `matched_contacts as materialized (
    select c.id, c.name, c.email, c.phone, c.status, ${score(['c.name', 'c.email'])} as score
      from contacts c where c.organization_id = :org and c.superseded_by_id is null and ${match(['c.name', 'c.email'])})`;
const READS_CONTACTS = new Set([SearchKind.contact, SearchKind.lead, SearchKind.order]);

/** Each kind's hits: columns id, title, subtitle, score (the branch keeps its best `:n`, title and id break ties). */
const BRANCHES: Record<SearchKind, string> = {
  [SearchKind.contact]: `select c.id, c.name as title, concat_ws(' · ', c.status, c.email, c.phone) as subtitle, c.score
    from matched_contacts c`,
  [SearchKind.company]: `select co.id, co.name as title, concat_ws(' · ', co.industry, co.website) as subtitle, ${score(['co.name'])} as score
    from companies co where co.organization_id = :org and ${match(['co.name'])}`,
  [SearchKind.lead]: `select l.id, c.name as title, concat_ws(' · ', l.status, c.email, c.phone) as subtitle, c.score
    from matched_contacts c join leads l on l.contact_id = c.id and l.organization_id = :org`,
  [SearchKind.opportunity]: `select op.id, op.name as title, concat_ws(' · ', op.status, op.value::text) as subtitle, ${score(['op.name'])} as score
    from opportunities op where op.organization_id = :org and ${match(['op.name'])}`,
  [SearchKind.inventory_item]: `select i.id, i.name as title, concat_ws(' · ', i.item_number, i.category, nullif(i.status, 'active')) as subtitle,
      ${score(['i.name', 'i.item_number'])} as score
    from inventory_items i where i.organization_id = :org and ${match(['i.name', 'i.item_number'])}`,
  // An order is found by its customer's name: the best :n customers first, then their orders.
  [SearchKind.order]: `select o.id, t.title || ': ' || o.pickup_date || ' to ' || o.return_date as title,
      concat_ws(' · ', o.status, o.total::text || ' ' || o.currency) as subtitle, t.score
    from (select cu.id, c.name as title, c.score
            from matched_contacts c join customers cu on cu.contact_id = c.id and cu.organization_id = :org
           order by c.score desc, c.name, cu.id limit :n) t
    join rental_orders o on o.customer_id = t.id and o.organization_id = :org`,
};

const LINKS: Record<SearchKind, string> = {
  [SearchKind.contact]: '/api/contacts/',
  [SearchKind.company]: '/api/companies/',
  [SearchKind.lead]: '/api/leads/',
  [SearchKind.opportunity]: '/api/opportunities/',
  [SearchKind.inventory_item]: '/api/inventory/',
  [SearchKind.order]: '/api/transactions/',
};

/** The tie order of equal scores: the order of SearchKind. */
const KINDS = Object.values(SearchKind);

/**
 * The statement for the kinds asked, with named bindings `:q`, `:org`, `:n` (offset + limit + 1), `:limit` and
 * `:offset`: ranked by score (highest first), then by kind in the order of SearchKind, then by title and id, so
 * that equal scores page stably.
 */
export function searchStatement(kinds: readonly SearchKind[]): string {
  const parts = KINDS.filter((k) => kinds.includes(k)).map(
    (
      k,
    ) => `(select '${k}'::text as kind, ${KINDS.indexOf(k)} as kind_rank, h.id, h.title, nullif(h.subtitle, '') as subtitle,
       '${LINKS[k]}' || h.id as link, h.score
     from (${BRANCHES[k]}) h order by h.score desc, h.title, h.id limit :n)`,
  );
  const contacts = kinds.some((k) => READS_CONTACTS.has(k)) ? `with ${MATCHED_CONTACTS}\n` : '';
  return `${contacts}select kind, id, title, subtitle, link, score from (${parts.join('\n    union all\n    ')}) hits
    order by score desc, kind_rank, title, id limit :limit offset :offset`;
}

export interface SearchBindings {
  q: string;
  org: string;
  n: number;
  limit: number;
  offset: number;
}
