// The project plans' flat lists for the lists bench: the company's bills of quantity, ongoing
// budgets and progress plans (GET /api/bills-of-quantity, /api/ongoing-budgets, /api/progress-plans) and one
// project's BQ scans (GET /api/project/<id>/bill-of-quantity-scan-list). Their read models are grown in SQL
// as the documents' are (seed.ts): `size` plans of the bench company (a plan per project, so as many
// projects), and `size` scans of one demo project. A page at a million should cost about what it costs at a
// thousand: each call has an index for its order (company or project, [status,] newest first).
// BENCH_CALLS=plans measures these alone (and grows no tenders).
import { COMPANY } from './seed.js';

/** A list call other than the documents': its path (`{project}` is the scan project) and its floor's table. */
export type PlanCall = {
  name: string;
  path: string;
  filter?: Record<string, unknown>;
  range?: [number, number];
  /** Plain query parameters besides range and filter (e.g. the tenderers' status). */
  query?: Record<string, string>;
  /** Who calls: the bench user (a procurement officer), the company's administrator, or the platform administrator. */
  as?: 'companyAdmin' | 'platformAdmin';
  /**
   * owner: the column holding the company (the bench company), the project (`{project}`), the tender (`{tender}`),
   * or the status (`status`: submitted, the review queue's); for the public directory, `shown` (every row of the
   * table) or the `trade` named by `ownerValue`.
   */
  bare: {
    table: string;
    owner:
      | 'company_id'
      | 'seller_company_id'
      | 'buyer_company_id'
      | 'project_id'
      | 'tender_id'
      | 'status'
      | 'shown'
      | 'trade'
      | 'company_low'
      | 'conversation_id';
    ownerValue?: string;
    where?: string;
    order: string;
    offset?: number;
  };
};

const PLAN_TABLES = [
  {
    table: 'bills_of_quantity',
    path: '/api/bills-of-quantity',
    statuses: ['new', 'pendingApproval', 'rejected', 'active'],
    status: 'pendingApproval',
  },
  { table: 'ongoing_budgets', path: '/api/ongoing-budgets', statuses: ['pending', 'approved', 'rejected'], status: 'pending' },
  { table: 'progress_plans', path: '/api/progress-plans', statuses: ['pending', 'approved', 'rejected'], status: 'approved' },
] as const;
const SCAN_STATUSES = ['reading', 'pendingReview', 'imported', 'failed', 'discarded'];
const NEWEST = 'updated_at DESC, project_id';

export const PLAN_CALLS: PlanCall[] = [
  ...PLAN_TABLES.flatMap(({ table, path, status }): PlanCall[] => [
    { name: `plans ${path}: first page`, path, bare: { table, owner: 'company_id', order: NEWEST } },
    {
      name: `plans ${path}: status ${status}`,
      path,
      filter: { status },
      bare: { table, owner: 'company_id', where: `status = '${status}'`, order: NEWEST },
    },
    {
      name: `plans ${path}: page 40 (range 975-999)`,
      path,
      range: [975, 999],
      bare: { table, owner: 'company_id', order: NEWEST, offset: 975 },
    },
  ]),
  {
    name: 'plans BQ scan list: first page',
    path: '/api/project/{project}/bill-of-quantity-scan-list',
    bare: { table: 'bq_scans', owner: 'project_id', order: 'uploaded_at DESC, scan_id DESC' },
  },
  {
    name: 'plans BQ scan list: status pendingReview',
    path: '/api/project/{project}/bill-of-quantity-scan-list',
    filter: { status: 'pendingReview' },
    bare: { table: 'bq_scans', owner: 'project_id', where: "status = 'pendingReview'", order: 'uploaded_at DESC, scan_id DESC' },
  },
];

const list = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/** The SQL that grows rows n = from .. to-1 of every plan table, and of the scan project's scans. */
export function growPlansSql(from: number, to: number, scanProject: string): string[] {
  if (to <= from) return [];
  const series = `FROM generate_series(${from}, ${to - 1}) AS n`;
  const at = (step: string) => `timestamptz '2020-01-01' + n * interval '${step}'`;
  return [
    ...PLAN_TABLES.map(
      ({
        table,
        statuses,
      }) => `INSERT INTO ${table} (project_id, company_id, status, created_at, updated_at, revision${table === 'bills_of_quantity' ? ', amount' : ''})
       SELECT 'bench-plan-' || n, '${COMPANY}', (${list(statuses)})[1 + n % ${statuses.length}], ${at('37 seconds')}, ${at('37 seconds')} + (n % 97) * interval '1 hour', 1 + n % 9
       ${table === 'bills_of_quantity' ? ', (n % 100000)::numeric / 100' : ''} ${series}`,
    ),
    `INSERT INTO bq_scans (scan_id, project_id, company_id, file_name, media_type, status, pages, row_count, problem_count, uploaded_by, uploaded_at, updated_at, revision)
       SELECT 'bench-scan-' || n, '${scanProject}', '${COMPANY}', 'page-' || n || '.png', 'image/png', (${list(SCAN_STATUSES)})[1 + n % 5], 1, n % 40, n % 3, 'bench-user',
         ${at('41 seconds')}, ${at('41 seconds')}, 1 + n % 4 ${series}`,
  ];
}

export const PLAN_ANALYZE = ['bills_of_quantity', 'ongoing_budgets', 'progress_plans', 'bq_scans'].map(
  (table) => `VACUUM ANALYZE ${table}`,
);

/** The project whose scans are grown: one of the bench company's, Kumar an approved member (the list checks he sees it). */
export const SCAN_PROJECT = '5b0c3f0e-7d4a-4c2e-9a61-3f2d8e1b7c40';

export function scanProjectSql(userId: string): string[] {
  return [
    `INSERT INTO projects (project_id, company_id, name, code, project_type, location, short_desc, site_contact_person, site_contact_person_number, status, created_by, created_at, updated_at, revision)
       VALUES ('${SCAN_PROJECT}', '${COMPANY}', 'Bench scans', 'BENCH-SCANS', 3, 'Cyberjaya', 'Bench', '', '', 'active', '${userId}', now(), now(), 0) ON CONFLICT DO NOTHING`,
    `INSERT INTO project_members (project_id, user_id, status, updated_at) VALUES ('${SCAN_PROJECT}', '${userId}', 'Approved', now()) ON CONFLICT DO NOTHING`,
  ];
}
