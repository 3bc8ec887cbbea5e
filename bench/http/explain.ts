/**
 * Every documented sortBy of the contacts list, both orders, alone and with each filter, through EXPLAIN: the
 * plan must read contacts through an index that gives the order (an Index Scan, or an Incremental Sort over
 * one), never a Seq Scan of the table or a full Sort of the organization's rows. Prints one line per case.
 */
import { Client } from 'pg';
import { contactListSql, ListQuery, SORT_COLUMNS } from './contact-sql';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(n: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(n);
  for (const c of n.Plans ?? []) walk(c, out);
  return out;
}

/** `ok` when no node scans contacts sequentially and no full Sort sits under the Limit. */
export function judge(plan: PlanNode): { ok: boolean; shape: string } {
  const nodes = walk(plan);
  const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'contacts');
  const sort = nodes.some((n) => n['Node Type'] === 'Sort');
  const shape = nodes
    .map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`)
    .filter((s) => s !== 'Limit')
    .join(' > ');
  return { ok: !seq && !sort, shape };
}

export async function explainSorts(
  url: string,
  org: string,
): Promise<{ text: string; summary: string; failures: number }> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const owner = (await c.query(`select owner_id from contacts where organization_id = $1 limit 1`, [org])).rows[0]
      .owner_id;
    const company = (
      await c.query(`select company_id from contacts where organization_id = $1 and company_id is not null limit 1`, [
        org,
      ])
    ).rows[0].company_id;
    const filters: [string, Partial<ListQuery>][] = [
      ['', {}],
      ['status', { status: 'lead' }],
      ['ownerId', { ownerId: owner }],
      ['companyId', { companyId: company }],
      ['startDate', { startDate: '2024-06-01' }],
    ];
    const lines: string[] = [];
    let failures = 0;
    for (const sortBy of Object.keys(SORT_COLUMNS)) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const [label, f] of filters) {
          const sql = contactListSql({ org, sortBy, sortOrder, ...f });
          const { rows } = await c.query(`explain (format json) ${sql.page}`, sql.params);
          const { ok, shape } = judge(rows[0]['QUERY PLAN'][0].Plan);
          if (!ok && !label) failures++;
          // With a filter, a Sort of the rows an index found for it (one owner's, one company's) is fine.
          lines.push(
            `${ok ? 'ok  ' : label ? 'sort' : 'FAIL'} sortBy=${sortBy} ${sortOrder}${label ? ` + ${label}` : ''}: ${shape}`,
          );
        }
      }
    }
    return {
      text: `EXPLAIN of the contacts page, every sortBy x order x filter:\n${lines.join('\n')}`,
      summary: `EXPLAIN of the contacts page (\`FAIL\`: a documented sortBy without a filter that sorts the organization's rows; \`sort\`: a filter's rows, found by an index, then sorted):\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n\n${failures} of ${Object.keys(SORT_COLUMNS).length * 2} unfiltered sorts fail.`,
      failures,
    };
  } finally {
    await c.end();
  }
}
