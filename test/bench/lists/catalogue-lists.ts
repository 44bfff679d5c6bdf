// The company's catalogue for the lists bench (GET /api/catalogue-items, as the bench user, a procurement
// officer whose drafting right reads it): `size` items of the bench company grown in SQL (a half products, a
// third trades, the rest others; one in ten retired). Each call has an index for its order:
// catalogue_items_by_name / _by_kind_name / _by_code (company, status, [kind,] order, item); the search the
// trigram index catalogue_items_search. BENCH_CALLS=catalogue measures these alone.
import type { PlanCall } from './plan-lists.js';
import { COMPANY } from './seed.js';

const ACTIVE = "status = 'active'";

export const CATALOGUE_CALLS: PlanCall[] = [
  {
    name: 'catalogue: active, by name',
    path: '/api/catalogue-items',
    bare: { table: 'catalogue_items', owner: 'company_id', where: ACTIVE, order: 'lower(name), item_id' },
  },
  {
    name: 'catalogue: products, page 40 (range 975-999)',
    path: '/api/catalogue-items',
    filter: { kind: 'product' },
    range: [975, 999],
    bare: {
      table: 'catalogue_items',
      owner: 'company_id',
      where: `${ACTIVE} AND kind = 'product'`,
      order: 'lower(name), item_id',
      offset: 975,
    },
  },
  {
    name: 'catalogue: picker search q=item 7777, products',
    path: '/api/catalogue-items',
    filter: { kind: 'product', q: 'item 7777' },
    range: [0, 9],
    bare: {
      table: 'catalogue_items',
      owner: 'company_id',
      where: `${ACTIVE} AND kind = 'product' AND lower(name || ' ' || code) LIKE '%item 7777%'`,
      order: 'lower(name), item_id',
    },
  },
];

/** Items n = from .. to-1 of the bench company. */
export function growCatalogueSql(from: number, to: number): string[] {
  if (to <= from) return [];
  return [
    `INSERT INTO catalogue_items (company_id, item_id, kind, status, code, name, unit, unit_price, revision, updated_at)
       SELECT '${COMPANY}', 'bench-item-' || n, (ARRAY['product', 'product', 'product', 'trade', 'trade', 'other'])[1 + n % 6],
         CASE WHEN n % 10 = 9 THEN 'retired' ELSE 'active' END, 'BI-' || n, 'Bench item ' || n, 'nos', (n % 1000) || '.50', 0,
         timestamptz '2020-01-01' + n * interval '41 seconds'
       FROM generate_series(${from}, ${to - 1}) AS n`,
  ];
}

export const CATALOGUE_ANALYZE = ['VACUUM ANALYZE catalogue_items'];
