/**
 * The statement of the search box (docs/search.md): one branch per kind of record, each over the trigram
 * indexes of its own table (search.indexes.ts), unioned, ranked and paged in the database. Each branch names its
 * organization (beside row-level security) and yields kind, id, title, subtitle, link and score: the pg_trgm word
 * similarity of the query to the record's best field. A record matches when `q <% field` for one of its fields:
 * the indexed form of `word_similarity(q, field) >= pg_trgm.word_similarity_threshold` (0.6 by default).
 *
 * Bounded work (docs/search.md, "Candidates"): a table's matches are gathered in at most two tiers of `:cap` rows
 * each, and only those are scored: a common word (1,800 contacts called Dana) costs a capped read, not a score per
 * match.
 */
import { EMAIL_LOCAL_PART } from './search.indexes';
import { SearchKind } from './search.types';

const score = (fields: string[]) =>
  fields.length === 1
    ? `word_similarity(:q, ${fields[0]})`
    : `greatest(${fields.map((f) => `coalesce(word_similarity(:q, ${f}), 0)`).join(', ')})`;
/** A match condition of a table's rows; a `typed` one is left out of a short query's statement. */
interface Condition {
  sql: string;
  typed?: boolean;
}
/** A match with typos: the word similarity of the query (or the part of it given) to the field passes the threshold. */
const typo = (field: string, q = ':q'): Condition => ({ sql: `${q} <% ${field}` });
/** A match as typed; not in a short query's statement (`searchStatement`), whose pattern gives the index nothing to look up. */
const typed = (field: string): Condition => ({ sql: `${field} ilike :pattern`, typed: true });
/** Any of the fields as typed: the second tier's scan (`matched`). */
const contains = (fields: string[]) => `(${fields.map((f) => typed(f).sql).join(' or ')})`;

/** A table the search matches: the columns its branches show, the fields it scores, which of its rows count. */
interface Source {
  table: string;
  columns: string[];
  fields: string[];
  where?: string;
  /** its match conditions, any of which makes a row a match: by default each scored field with typos */
  matching?: Condition[];
}
const SOURCES = {
  // current contacts only (not merged or converted into another); the contact, lead and order branches read them
  contacts: {
    table: 'contacts',
    columns: ['name', 'email', 'phone', 'status'],
    fields: ['name', 'email'],
    where: 'superseded_by_id is null',
    // docs/search.md, "Emails": an address with typos in its local part (against the query's), else as typed (a
    // domain many contacts share would make a typo match read every contact's entry of its trigrams)
    matching: [typo('name'), typo(EMAIL_LOCAL_PART, ':local'), typed('email')],
  },
  companies: { table: 'companies', columns: ['name', 'industry', 'website'], fields: ['name'] },
  opportunities: { table: 'opportunities', columns: ['name', 'status', 'value'], fields: ['name'] },
  inventory_items: {
    table: 'inventory_items',
    columns: ['name', 'item_number', 'category', 'status'],
    fields: ['name', 'item_number'],
  },
} satisfies Record<string, Source>;
type SourceName = keyof typeof SOURCES;

const match = ({ fields, matching }: Source, short: boolean) =>
  `(${(matching ?? fields.map((f) => typo(f)))
    .filter((c) => !(short && c.typed))
    .map((c) => c.sql)
    .join(' or ')})`;

/**
 * `matched_<table>`: the table's candidates with their score, computed once. The matches come first, at most `:cap`
 * of them (`:more` is one past it, to tell a full tier from a short one); only when there were more than that, the
 * records that contain the text as typed are added (at most `:cap` too), so an exact word is never crowded out by
 * its typo matches.
 */
function matched(name: SourceName, short: boolean): string {
  const source = SOURCES[name] as Source;
  const { table, columns, fields, where } = source;
  const rows = `select ${['id', ...columns].map((c) => `x.${c}`).join(', ')} from ${table} x
      where x.organization_id = :org${where ? ` and x.${where}` : ''}`;
  const matches = match(source, short);
  // The second tier reads the index by the text as typed (its rarest trigrams), then keeps what also matches: `offset
  // 0` keeps the match out of that scan, where a plan made for any query would read the typo matches' entries again.
  // A short query has one tier: its pattern has no trigram of two letters or digits, so the second would read the
  // whole index (or every word starting with one letter), and a typo match of a word of two letters contains it anyway.
  const typedTier = short
    ? ''
    : `\n      union (select * from (${rows} and (select count(*) from matches_${name}) > :cap and ${contains(fields)} offset 0) x
        where ${matches} limit :cap)`;
  return `matches_${name} as materialized (${rows} and ${matches} limit :more),
  matched_${name} as materialized (select m.*, ${score(fields.map((f) => `m.${f}`))} as score from (
      select * from matches_${name}${typedTier}) m)`;
}

/**
 * Each kind's table of candidates, and its hits: columns id, title, subtitle, score. Leads and customers are looked
 * up per matched contact (a lateral subquery that `offset 0` keeps from being flattened into a join): a few hundred
 * index probes at most, where a hash join read all 26,000 leads of the organization.
 */
const BRANCHES: Record<SearchKind, [SourceName, string]> = {
  [SearchKind.contact]: [
    'contacts',
    `select c.id, c.name as title, concat_ws(' · ', c.status, c.email, c.phone) as subtitle, c.score from matched_contacts c`,
  ],
  [SearchKind.company]: [
    'companies',
    `select co.id, co.name as title, concat_ws(' · ', co.industry, co.website) as subtitle, co.score from matched_companies co`,
  ],
  [SearchKind.lead]: [
    'contacts',
    `select l.id, c.name as title, concat_ws(' · ', l.status, c.email, c.phone) as subtitle, c.score
    from matched_contacts c cross join lateral (select l.id, l.status from leads l
      where l.contact_id = c.id and l.organization_id = :org offset 0) l`,
  ],
  [SearchKind.opportunity]: [
    'opportunities',
    `select op.id, op.name as title, concat_ws(' · ', op.status, op.value::text) as subtitle, op.score from matched_opportunities op`,
  ],
  [SearchKind.inventory_item]: [
    'inventory_items',
    `select i.id, i.name as title, concat_ws(' · ', i.item_number, i.category, nullif(i.status, 'active')) as subtitle, i.score
    from matched_inventory_items i`,
  ],
  // An order is found by its customer's name: the best :n customers first, then their orders.
  [SearchKind.order]: [
    'contacts',
    `select o.id, t.title || ': ' || o.pickup_date || ' to ' || o.return_date as title,
      concat_ws(' · ', o.status, o.total::text || ' ' || o.currency) as subtitle, t.score
    from (select cu.id, c.name as title, c.score
            from matched_contacts c cross join lateral (select cu.id from customers cu
              where cu.contact_id = c.id and cu.organization_id = :org offset 0) cu
           order by c.score desc, c.name, cu.id limit :n) t
    join rental_orders o on o.customer_id = t.id and o.organization_id = :org`,
  ],
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

/** The statements built so far, by the kinds asked and the query's length (at most 2 x 63), and their names. */
const STATEMENTS = new Map<string, { sql: string; name: string }>();

/**
 * The statement for the kinds asked, with named bindings `:q`, `:pattern`, `:org`, `:n` (offset + limit + 1),
 * `:cap`, `:more` (`:cap` + 1), `:local` (`q` up to its `@`), `:limit` and `:offset`: ranked by score (highest
 * first), then by kind in the order of SearchKind, then by title and id, so that equal scores page stably. A `short`
 * query (no trigram of two letters or digits in its pattern: `isShortQuery`) has no match as typed and one tier of candidates: its
 * pattern gives the trigram index nothing to look up. `name` is the statement's name when prepared
 * (search.service.ts), the same for the same text.
 */
export function searchStatement(kinds: readonly SearchKind[], short: boolean): { sql: string; name: string } {
  const asked = KINDS.filter((k) => kinds.includes(k));
  const key = `${asked.join(',')}${short ? ' short' : ''}`;
  let statement = STATEMENTS.get(key);
  if (!statement)
    STATEMENTS.set(key, (statement = { sql: buildStatement(asked, short), name: `crm_search_${STATEMENTS.size}` }));
  return statement;
}

/**
 * A query whose pattern gives the trigram index nothing selective to look up: no trigram with two letters or digits
 * in it (docs/search.md, "Speed"). pg_trgm takes the trigrams of `%q%` word by word (runs of letters and digits), a
 * word padded with blanks only where a non-word character of the query meets it, never beside the wildcards: so a
 * single word of two letters ("Al", "7") yields none at all (the index scan reads every entry), and a word of one
 * letter among others only trigrams of one letter and blanks ("a b": "  b", every word starting with b). A word of
 * three yields its own ("dan"), and a word of two beside another yields one with both ("IT-42": "it ", "  4", " 42").
 */
export function isShortQuery(q: string): boolean {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  const enough = words.length > 1 ? 2 : 3;
  return !words.some((w) => [...w].length >= enough);
}

function buildStatement(asked: SearchKind[], short: boolean): string {
  const sources = [...new Set(asked.map((k) => BRANCHES[k][0]))];
  const parts = asked.map(
    (
      k,
    ) => `(select '${k}'::text as kind, ${KINDS.indexOf(k)} as kind_rank, h.id, h.title, nullif(h.subtitle, '') as subtitle,
       '${LINKS[k]}' || h.id as link, h.score
     from (${BRANCHES[k][1]}) h order by h.score desc, h.title, h.id limit :n)`,
  );
  return `with ${sources.map((s) => matched(s, short)).join(',\n  ')}
  select kind, id, title, subtitle, link, score from (${parts.join('\n    union all\n    ')}) hits
    order by score desc, kind_rank, title, id limit :limit offset :offset`;
}

export interface SearchBindings {
  q: string;
  pattern: string;
  org: string;
  n: number;
  cap: number;
  more: number;
  local: string;
  limit: number;
  offset: number;
}
