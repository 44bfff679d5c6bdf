// The lists stay flat (README "Lists that stay flat"): on PGlite with the real read-model
// tables and indexes, 10,400 tenders of one company and 20,100 it received, every first page (each sort
// both ways, each filter, search for a word common in one branch and absent from the other) is run under
// EXPLAIN ANALYZE, and no step of its plan may touch more than 1,000 rows: no sort or scan of a whole
// branch. The count stops at the cap. The timings at a million are test/bench/lists (by hand).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGliteDatabase } from '@binaan/event-store';
import { approvalWaitsProjection } from '../approval-timers/approval-waits.projection.js';
import { companiesProjection } from '../companies/companies.projection.js';
import { projectsProjection } from '../projects/projects.projection.js';
import { LIST_SORTS, LIST_TOTAL_CAP, SEARCH_TOTAL_CAP, listDocuments, listSql, parseListQuery } from './document-list.js';
import { documentStatesOf, documentsProjection } from './documents.projection.js';

const ROWS = 10_500;
const RECEIVED = 20_000;
const BOUND = 1_000;
const COMPANY = 'teguh-bina';

type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
};

let db: PGliteDatabase;

beforeAll(async () => {
  db = await PGliteDatabase.open();
  await db.script(companiesProjection.setupSql);
  await db.script(documentsProjection.setupSql);
  // A list row's due time is one primary-key lookup in the approval timers' read model.
  await db.script(approvalWaitsProjection.setupSql);
  // Each row of a page names its project (document-list.ts): the projects read model beside the documents.
  await db.script(projectsProjection.setupSql);
  await db.query(`INSERT INTO companies (company_id, name, registration_no, status, subscription_type, subscription_detail_type, is_demo, registered_at)
    SELECT id, name, 'R-' || id, 1, 1, 'contractor', false, now() FROM (VALUES ('teguh-bina', 'Teguh Bina'), ('mutiara-supplies', 'Mutiara Supplies'), ('kukuh-jaya', 'Kukuh Jaya'), ('bekal-prima', 'Bekal Prima')) AS c(id, name)`);
  // One in a hundred received from Mutiara (shared), every tenth other party varies, one in fifty in an approval round,
  // four in five typed (material, machine, trade, technical).
  await db.query(`INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, shared_with_counterparty, project_id, document_no, title, status,
      total_sen, currency, created_at, updated_at, revision, created_by, awaiting_level, tender_type)
    SELECT 'd-' || n, 'tender', 'tender-d-' || n, CASE WHEN n % 100 = 7 THEN 'mutiara-supplies' ELSE '${COMPANY}' END,
      CASE WHEN n % 100 = 7 THEN '${COMPANY}' ELSE (ARRAY['mutiara-supplies', 'kukuh-jaya', 'bekal-prima', NULL])[1 + (n / 10) % 4] END, n % 100 = 7,
      CASE WHEN n % 5 = 0 THEN 'p-' || (n / 5) % 7 END, 'TD-' || lpad(n::text, 7, '0'),
      CASE WHEN n = 777 THEN 'Quokka bridge' ELSE (ARRAY['Concrete works', 'Piling works', 'Rebar supply', 'Formwork hire', 'Scaffolding', 'Roofing', 'Landscape', 'Painting'])[1 + n % 8] || ', lot ' || n END,
      (ARRAY['new', 'active', 'comparison', 'cancelled'])[1 + (n / 3) % 4], (n * 7919) % 1000000, 'MYR',
      timestamptz '2024-01-01' + n * interval '1 minute', timestamptz '2024-01-01' + n * interval '1 minute' + (n % 97) * interval '1 hour',
      1 + n % 9, 'u', CASE WHEN n % 50 = 1 THEN 1 END, (ARRAY['material', 'machine', 'trade', 'technical', NULL])[1 + n % 5]
    FROM generate_series(1, ${ROWS}) AS n`);
  // 20,000 more received from Bekal Prima (shared), none with the common word and all with a word the
  // company's own tenders lack: each search below has a large branch with no match (a word
  // common in one branch walked the whole other branch looking for it).
  await db.query(`INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, shared_with_counterparty, document_no, title, status,
      total_sen, currency, created_at, updated_at, revision, created_by)
    SELECT 'r-' || n, 'tender', 'tender-r-' || n, 'bekal-prima', '${COMPANY}', true, 'TB-' || lpad(n::text, 7, '0'), 'Sand delivery, lot ' || n, 'active',
      n * 13, 'MYR', timestamptz '2024-01-01' + n * interval '2 minute', timestamptz '2024-01-01' + n * interval '2 minute', 1, 'u'
    FROM generate_series(1, ${RECEIVED}) AS n`);
  // 2,000 tenders between two other companies, each in an approval round: the platform's other open rounds,
  // which no list of this company may read (the awaiting-approval page's received branch read every company's
  // rows in a round, this company's own and these: 2,210 here, growing with the platform).
  await db.query(`INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, shared_with_counterparty, document_no, title, status,
      total_sen, currency, created_at, updated_at, revision, created_by, awaiting_level)
    SELECT 'o-' || n, 'tender', 'tender-o-' || n, 'kukuh-jaya', 'bekal-prima', false, 'TK-' || lpad(n::text, 7, '0'), 'Drainage, lot ' || n, 'new',
      n * 17, 'MYR', timestamptz '2024-01-01' + n * interval '3 minute', timestamptz '2024-01-01' + n * interval '3 minute', 2, 'u', 1
    FROM generate_series(1, 2000) AS n`);
  // Each document's narrow row (documents.projection.ts), as the projection writes it beside the wide one.
  await db.query(documentStatesOf('true'));
  await db.script('VACUUM ANALYZE');
  // At this size a sequential scan of every row is honestly cheap, and the planner takes it; at a
  // million it is not. Without it, the plan shows whether an index path serves the page at all: the
  // shape this test guards (the bench shows the planner's own choice at a million).
  await db.script('SET enable_seqscan = off');
}, 120_000);

afterAll(async () => {
  await db.close();
});

/**
 * The step that reads the most rows: those it gives and those it read and dropped (a filter the index does not
 * serve: the awaiting-approval page once read every received row to give none, and its own rows counted 0).
 */
/** The steps of the plan that read a table or an index, in the plan's order. */
function scans(node: PlanNode): PlanNode[] {
  return [...(node['Relation Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(scans)];
}

function widest(node: PlanNode): { rows: number; step: string } {
  const read = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  let top = { rows: read * node['Actual Loops'], step: node['Node Type'] };
  for (const child of node.Plans ?? []) {
    const inner = widest(child);
    if (inner.rows > top.rows) top = inner;
  }
  return top;
}

async function plan(text: string, params: unknown[]): Promise<PlanNode> {
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const raw = row!['QUERY PLAN'];
  return (typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan;
}

const firstPages: [string, Record<string, string>][] = [
  ...LIST_SORTS.flatMap((field) =>
    (['ASC', 'DESC'] as const).map((dir): [string, Record<string, string>] => [
      `sorted by ${field} ${dir}`,
      { sort: JSON.stringify([field, dir]) },
    ]),
  ),
  ['search for a common word', { filter: '{"q":"piling"}' }],
  ['search for a rare word', { filter: '{"q":"quokka"}' }],
  // Not here: a word only in the received tenders ("sand"): the own branch's fallback reads the words'
  // index over every company (README, known limit); its rows are checked below.
  ['search for a common word sorted by total', { filter: '{"q":"piling"}', sort: '["total","ASC"]' }],
  ['search for a common word, page 3', { filter: '{"q":"piling"}', range: '[50,74]' }],
  ['a status tab', { filter: '{"status":"active"}' }],
  ['two statuses sorted by total', { filter: '{"status":["new","cancelled"]}', sort: '["total","DESC"]' }],
  ['a status no document has, sorted by title', { filter: '{"status":"approved"}', sort: '["title","ASC"]' }],
  ['a counterparty', { filter: '{"counterparty":"kukuh-jaya"}' }],
  ['a project', { filter: '{"projectId":"p-3"}' }],
  ['a tender type', { filter: '{"tenderType":"trade"}' }],
  ['received only', { filter: '{"direction":"received"}' }],
  ['awaiting approval', { filter: '{"awaitingApproval":true}' }],
  ['one day', { filter: '{"dateFrom":"2024-01-05","dateTo":"2024-01-05"}' }],
  ['getMany by ids', { filter: '{"id":["d-5","d-900","d-17000"]}' }],
  ['page 40', { range: '[975,999]' }],
];

describe(`document lists at ${ROWS.toLocaleString('en')} tenders: no step of a first page reads the whole set`, () => {
  it.each(firstPages)('%s', async (_name, query) => {
    const sql = listSql('tender', COMPANY, parseListQuery(query));
    const tree = await plan(sql.page.text, sql.page.params);
    const top = widest(tree);
    if (top.rows > BOUND && process.env.PLAN_DEBUG) console.log(JSON.stringify(tree, null, 1));
    expect(`${top.step}: ${top.rows <= BOUND ? 'at most' : 'more than'} ${BOUND}`).toBe(`${top.step}: at most ${BOUND}`);
  });

  it(`the count stops at ${LIST_TOTAL_CAP.toLocaleString('en')} and the reply says it is capped`, async () => {
    const sql = listSql('tender', COMPANY, parseListQuery({}));
    expect(widest(await plan(sql.count.text, sql.count.params)).rows).toBeLessThanOrEqual(LIST_TOTAL_CAP);
    const page = await listDocuments(db, 'tender', COMPANY, parseListQuery({}));
    expect({ total: page.total, capped: page.capped, rows: page.rows.length }).toEqual({ total: LIST_TOTAL_CAP, capped: true, rows: 25 });
  });

  // What an action changes is indexed on the narrow document_states row only (documents.projection.ts): a count
  // by status or open round reads that index, and not the wide rows (the left join to them is dropped).
  // The status tab's count is not bounded here: its received part checks each row's sender (company_id <> the
  // caller, which the received indexes do not hold), so PostgreSQL reads the status's received entries as a
  // bitmap, all 20,105 of them, before the cap stops the count: so it was on the wide table before the narrow
  // one (measured 2026-11-28), a known limit of the count, not of the page.
  it.each<[string, string, number]>([
    ['a status tab', '{"status":"active"}', Number.POSITIVE_INFINITY],
    ['a status no document has', '{"status":"approved"}', 1],
    ['awaiting approval', '{"awaitingApproval":true}', BOUND],
  ])('the count of %s reads the narrow rows alone', async (_name, filter, most) => {
    const sql = listSql('tender', COMPANY, parseListQuery({ filter }));
    const tree = await plan(sql.count.text, sql.count.params);
    const tables = new Set(scans(tree).map((scan) => scan['Relation Name']));
    if (process.env.PLAN_DEBUG) console.log(JSON.stringify(tree, null, 1));
    expect({ tables: [...tables], widest: widest(tree).rows <= most }).toEqual({ tables: ['document_states'], widest: true });
  });

  // The capped count of documents in a round counts index entries and reads no row: at a million (20,000 in a
  // round) reading a heap page for each entry counted cost 14 ms (test/bench/lists), against 3 ms for this.
  it('the count of awaiting approval is an index-only scan of its partial index on each side', async () => {
    const sql = listSql('tender', COMPANY, parseListQuery({ filter: '{"awaitingApproval":true}' }));
    const read = scans(await plan(sql.count.text, sql.count.params)).map((scan) =>
      `${scan['Node Type']} ${scan['Index Name'] ?? ''}`.trim(),
    );
    expect(read).toEqual(['Index Only Scan document_states_own_awaiting', 'Index Only Scan document_states_received_awaiting']);
  });

  // A workflow action changes these columns of the wide row: were one of them in an index of `documents`
  // (its key, an expression or a partial index's condition), every action's UPDATE would write an entry into
  // all of its ~20 indexes again instead of a HOT update (documents.projection.ts; README "The narrow status row").
  it('no index of the wide documents row holds what an action changes', async () => {
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'documents'",
    );
    expect(indexes.length).toBeGreaterThan(15);
    const changed = /\b(status|updated_at|revision|awaiting_level|approval_round)\b/;
    expect(indexes.filter((index) => changed.test(index.indexdef)).map((index) => index.indexname)).toEqual([]);
  });

  it(`a search's count stops at ${SEARCH_TOTAL_CAP.toLocaleString('en')} (each match is a row read)`, async () => {
    const query = parseListQuery({ filter: '{"q":"piling"}' });
    const sql = listSql('tender', COMPANY, query);
    expect(widest(await plan(sql.count.text, sql.count.params)).rows).toBeLessThanOrEqual(SEARCH_TOTAL_CAP * 10);
    const page = await listDocuments(db, 'tender', COMPANY, query);
    expect({ total: page.total, capped: page.capped }).toEqual({ total: SEARCH_TOTAL_CAP, capped: true });
  });

  it.each([
    ['piling', 'DESC'],
    ['piling', 'ASC'],
    ['sand', 'DESC'],
    ['quokka', 'DESC'],
    ['lot 10', 'ASC'],
  ])('a search for %s (createdAt %s) finds the first matches of both branches in order', async (word, dir) => {
    const page = await listDocuments(
      db,
      'tender',
      COMPANY,
      parseListQuery({ filter: JSON.stringify({ q: word }), sort: JSON.stringify(['createdAt', dir]) }),
    );
    const expected = await db.query<{ id: string }>(
      `SELECT id FROM documents WHERE (company_id = $1 OR (counterparty_company_id = $1 AND shared_with_counterparty))
      AND (document_no || ' ' || title) ILIKE $2 ORDER BY created_at ${dir}, id ${dir} LIMIT 25`,
      [COMPANY, `%${word}%`],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(page.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('a set below the cap is counted exactly, and the rows come in the order asked', async () => {
    const page = await listDocuments(db, 'tender', COMPANY, parseListQuery({ filter: '{"projectId":"p-3"}', sort: '["total","ASC"]' }));
    const [exact] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM documents WHERE project_id = 'p-3' AND (company_id = $1 OR (counterparty_company_id = $1 AND shared_with_counterparty))`,
      [COMPANY],
    );
    expect({ total: page.total, capped: page.capped }).toEqual({ total: exact!.n, capped: false });
    // The own tenders by total; those received (their buyers' estimates withheld: null) after them.
    const totals = page.rows.map((row) => (row.total === null ? null : Number(row.total.replace(/,/g, ''))));
    const own = totals.filter((total) => total !== null);
    expect(totals).toEqual([...own.sort((a, b) => a - b), ...totals.filter((total) => total === null)]);
  });
});
