// The lists of a company joining and keeping its people, for the lists bench: the company's users of one
// status (GET /api/company/users, as its administrator) and the platform administrator's review queue
// (GET /api/company/registrations). Their read models are grown in SQL: `size` members of the bench company
// (a third each activated, pending, suspended) and `size` companies (a third each in progress, submitted,
// approved). Each call has an index for its order: company_members_list_* (company, status, order, member) and
// companies_review_* (status, order, company). BENCH_CALLS=company measures these alone.
import type { PlanCall } from './plan-lists.js';
import { COMPANY } from './seed.js';

export const COMPANY_CALLS: PlanCall[] = [
  {
    name: 'company users: active, by name',
    path: '/api/company/users',
    filter: { status: 'active' },
    as: 'companyAdmin',
    bare: { table: 'company_members', owner: 'company_id', where: "status = 'activated'", order: 'lower(name), member_id' },
  },
  {
    name: 'company users: pending, page 40 (range 975-999)',
    path: '/api/company/users',
    filter: { status: 'pending' },
    range: [975, 999],
    as: 'companyAdmin',
    bare: { table: 'company_members', owner: 'company_id', where: "status = 'pending'", order: 'lower(name), member_id', offset: 975 },
  },
  {
    name: 'company users: active, search q=member 77',
    path: '/api/company/users',
    filter: { status: 'active', q: 'member 77' },
    as: 'companyAdmin',
    bare: {
      table: 'company_members',
      owner: 'company_id',
      where: "status = 'activated' AND (name || ' ' || email) ILIKE '%member 77%'",
      order: 'lower(name), member_id',
    },
  },
  {
    name: 'company registrations: submitted, oldest first',
    path: '/api/company/registrations',
    as: 'platformAdmin',
    bare: { table: 'companies', owner: 'status', order: 'submitted_at, company_id' },
  },
  {
    name: 'company registrations: submitted, page 40 (range 975-999)',
    path: '/api/company/registrations',
    range: [975, 999],
    as: 'platformAdmin',
    bare: { table: 'companies', owner: 'status', order: 'submitted_at, company_id', offset: 975 },
  },
];

/** Rows n = from .. to-1 of the members of the bench company and of the companies under review. */
export function growCompanySql(from: number, to: number): string[] {
  if (to <= from) return [];
  const series = `FROM generate_series(${from}, ${to - 1}) AS n`;
  const at = `timestamptz '2020-01-01' + n * interval '37 seconds'`;
  return [
    `INSERT INTO company_members (company_id, member_id, user_id, invitation_id, email, name, status, is_site_team, invited_at, updated_at)
       SELECT '${COMPANY}', 'bench-member-' || n, 'bench-user-' || n, NULL, 'member' || n || '@bench.my', 'Bench member ' || n,
         (ARRAY['activated', 'pending', 'suspended'])[1 + n % 3], false, ${at}, ${at} ${series}`,
    `INSERT INTO companies (company_id, name, registration_no, status, subscription_type, subscription_detail_type, is_demo, registered_at, registration_no_new, company_code, submitted_at)
       SELECT 'bench-company-' || n, 'Bench company ' || n || ' Sdn Bhd', n || '-B', 1 + n % 3, 1, 'basic', false, ${at}, '2020010' || lpad(n::text, 5, '0'), NULL,
         CASE WHEN n % 3 <> 0 THEN ${at} + interval '1 hour' END ${series}`,
  ];
}

export const COMPANY_ANALYZE = ['company_members', 'companies'].map((table) => `VACUUM ANALYZE ${table}`);
