// The tendering lists for the lists bench: the seller's tender invitations (GET
// /api/tendering/received), the buyer's lists of tenderers per status (GET /api/tendering/tenderers) and one
// tender's query board (GET /api/tendering/tenders/<id>/queries), and a project's requests (GET
// /api/tendering/projects/<id>/requests). Their read models are grown in SQL as the
// documents' are (seed.ts): `size` invitations to the bench company, `size` listed companies of the bench
// company as buyer, `size` questions on one tender (made through the API). Each call has an index for its order:
// tender_invitations_received (seller, invited_at, tender), approved_tenderers_by_status (buyer, status,
// changed_at DESC, company), tender_queries_board (tender, asked_at, query). BENCH_CALLS=tendering measures these alone.
import { documentStatesOf } from '@binaan/api/dist/documents/documents.projection.js';
import type { PlanCall } from './plan-lists.js';
import { COMPANY } from './seed.js';

const TENDERER_STATUSES = ['pending', 'approved', 'rejected'];

export const TENDERING_CALLS: PlanCall[] = [
  {
    name: 'tendering invitations received: first page',
    path: '/api/tendering/received',
    bare: { table: 'tender_invitations', owner: 'seller_company_id', order: 'invited_at DESC, tender_id DESC' },
  },
  {
    name: 'tendering invitations received: page 40 (range 975-999)',
    path: '/api/tendering/received',
    range: [975, 999],
    bare: { table: 'tender_invitations', owner: 'seller_company_id', order: 'invited_at DESC, tender_id DESC', offset: 975 },
  },
  ...TENDERER_STATUSES.map((status): PlanCall => ({
    name: `tendering tenderers: ${status}`,
    path: '/api/tendering/tenderers',
    query: { status },
    bare: { table: 'approved_tenderers', owner: 'buyer_company_id', where: `status = '${status}'`, order: 'changed_at DESC, company_id' },
  })),
  // The project's Requests tab (three kinds merged; the bare read is one kind's range of the same index).
  {
    name: 'tendering project requests: first page',
    path: '/api/tendering/projects/{project}/requests',
    bare: {
      table: 'documents',
      owner: 'project_id',
      where: `resource = 'materialRequest' AND company_id = '${COMPANY}'`,
      order: 'created_at DESC, id DESC',
    },
  },
  {
    name: 'tendering project requests: page 40 (range 975-999)',
    path: '/api/tendering/projects/{project}/requests',
    range: [975, 999],
    bare: {
      table: 'documents',
      owner: 'project_id',
      where: `resource = 'materialRequest' AND company_id = '${COMPANY}'`,
      order: 'created_at DESC, id DESC',
      offset: 975,
    },
  },
  {
    name: 'tendering query board (buyer): first page',
    path: '/api/tendering/tenders/{tender}/queries',
    bare: { table: 'tender_queries', owner: 'tender_id', order: 'asked_at, query_id' },
  },
  {
    name: 'tendering query board (buyer): page 40 (range 975-999)',
    path: '/api/tendering/tenders/{tender}/queries',
    range: [975, 999],
    bare: { table: 'tender_queries', owner: 'tender_id', order: 'asked_at, query_id', offset: 975 },
  },
];

const REQUEST_KINDS = ['materialRequest', 'machineRequest', 'tradeRequest'];

/**
 * The SQL that grows rows n = from .. to-1 of the three tables (the invitations' tenders need not exist: the
 * list joins them), and as many requests of the three kinds in the project (documents rows, as seed.ts grows
 * the tenders).
 */
export function growTenderingSql(from: number, to: number, tenderId: string, projectId: string): string[] {
  if (to <= from) return [];
  const series = `FROM generate_series(${from}, ${to - 1}) AS n`;
  const at = (step: string) => `timestamptz '2020-01-01' + n * interval '${step}'`;
  return [
    `INSERT INTO tender_invitations (tender_id, seller_company_id, buyer_company_id, invitation_id, invited_at, invited_by, quoted_at, quotation_revision)
       SELECT 'bench-tender-' || n, '${COMPANY}', 'bench-buyer-' || (n % 500), 'bench-invitation-' || n, ${at('31 seconds')}, 'bench-user',
         CASE WHEN n % 3 = 0 THEN ${at('31 seconds')} + interval '1 day' END, CASE WHEN n % 3 = 0 THEN n % 4 END ${series}`,
    `INSERT INTO approved_tenderers (buyer_company_id, company_id, status, proposed_at, proposed_by, note, decided_at, decided_by, remark, changed_at)
       SELECT '${COMPANY}', 'bench-company-' || n, (ARRAY[${TENDERER_STATUSES.map((s) => `'${s}'`).join(',')}])[1 + n % 3], ${at('43 seconds')}, 'bench-user', NULL,
         CASE WHEN n % 3 <> 0 THEN ${at('43 seconds')} + interval '1 hour' END, CASE WHEN n % 3 <> 0 THEN 'bench-user' END, NULL, ${at('43 seconds')} + (n % 3) * interval '1 hour' ${series}`,
    `INSERT INTO tender_queries (tender_id, query_id, seller_company_id, asked_at, asked_by, question, answered_at, answered_by, answer)
       SELECT '${tenderId}', 'bench-query-' || n, 'bench-seller-' || (n % 50), ${at('29 seconds')}, 'bench-user', 'Is item ' || n || ' to be priced with its fixings?',
         CASE WHEN n % 2 = 0 THEN ${at('29 seconds')} + interval '2 hours' END, CASE WHEN n % 2 = 0 THEN 'bench-user' END, CASE WHEN n % 2 = 0 THEN 'Yes, fixings included.' END ${series}`,
    `INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, shared_with_counterparty, project_id, document_no, title, status,
         total_sen, currency, created_at, updated_at, revision, created_by, approval_round, awaiting_level)
       SELECT 'bench-request-' || n, (ARRAY[${REQUEST_KINDS.map((k) => `'${k}'`).join(',')}])[1 + n % 3], 'request-bench-' || n, '${COMPANY}', NULL, false, '${projectId}',
         'RQ-2026-' || lpad(n::text, 7, '0'), 'Request ' || n, 'new', (n::bigint * 7919) % 1000000000, 'MYR', ${at('23 seconds')}, ${at('23 seconds')}, 1, 'bench-user', NULL, NULL ${series}`,
    documentStatesOf(`id IN (SELECT 'bench-request-' || n ${series})`),
  ];
}

export const TENDERING_ANALYZE = ['tender_invitations', 'approved_tenderers', 'tender_queries', 'documents', 'document_states'].map(
  (table) => `VACUUM ANALYZE ${table}`,
);

/** The tender whose query board is grown: one item, open in 10 minutes, closing in 2 days (§5.3's rules). */
export function benchTenderBody(now = Date.now()) {
  const later = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  return {
    title: 'Bench query board',
    items: [{ description: 'Spun piles 300 mm', unit: 'm', quantity: '1800', rate: '10.00' }],
    openAt: later(10),
    closeAt: later(2 * 24 * 60),
    expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10),
  };
}
