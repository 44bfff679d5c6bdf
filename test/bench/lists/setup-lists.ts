// The lists of a company's setups, for the lists bench: a kind's items (GET /api/company-setups/<kind>, as the
// company's administrator). The read model is grown in SQL: `size` items of the bench company, half project
// categories and half questionnaires, one in four inactive. Each call has an index for its order:
// company_setup_items_by_status (company, kind, status, name key, item) and _by_name (company, kind, name key,
// item). BENCH_CALLS=setup measures these alone.
import type { PlanCall } from './plan-lists.js';
import { COMPANY } from './seed.js';

export const SETUP_CALLS: PlanCall[] = [
  {
    name: 'setups: project categories, active, by name',
    path: '/api/company-setups/project-categories',
    filter: { status: 'active' },
    as: 'companyAdmin',
    bare: {
      table: 'company_setup_items',
      owner: 'company_id',
      where: "kind = 'projectCategory' AND status = 'active'",
      order: 'name_key, item_id',
    },
  },
  {
    name: 'setups: project categories, every status, page 40 (range 975-999)',
    path: '/api/company-setups/project-categories',
    range: [975, 999],
    as: 'companyAdmin',
    bare: { table: 'company_setup_items', owner: 'company_id', where: "kind = 'projectCategory'", order: 'name_key, item_id', offset: 975 },
  },
  {
    name: 'setups: questionnaires, active, search q=item 77',
    path: '/api/company-setups/questionnaires',
    filter: { status: 'active', q: 'item 77' },
    as: 'companyAdmin',
    bare: {
      table: 'company_setup_items',
      owner: 'company_id',
      where: "kind = 'questionnaire' AND status = 'active' AND name_key LIKE '%item 77%'",
      order: 'name_key, item_id',
    },
  },
];

/** Items n = from .. to-1 of the bench company. */
export function growSetupsSql(from: number, to: number): string[] {
  if (to <= from) return [];
  return [
    `INSERT INTO company_setup_items (item_id, company_id, kind, name, name_key, status, fields, revision, updated_at)
       SELECT 'bench-setup-' || n, '${COMPANY}', (ARRAY['projectCategory', 'questionnaire'])[1 + n % 2], 'Bench item ' || n, 'bench item ' || n,
         CASE WHEN n % 4 = 3 THEN 'inactive' ELSE 'active' END,
         jsonb_build_object('name', 'Bench item ' || n, 'description', '', 'type', 'vendorAppraisal', 'minScore', 1, 'maxScore', 5, 'questions', '[]'::jsonb),
         n, timestamptz '2020-01-01' + n * interval '37 seconds'
       FROM generate_series(${from}, ${to - 1}) AS n`,
  ];
}

export const SETUP_ANALYZE = ['VACUUM ANALYZE company_setup_items'];
