// The inventory's lists for the lists bench (apps/api/src/inventory): the bench company's site locations, and the
// movements and on-hand rows of the bench project, grown in SQL. Each call has an index for its order:
// site_locations_by_name (company, lower(name), id), stock_movements_by_project / _by_kind (project, [kind,]
// position), and stock_on_hand's primary key (project, product, location). BENCH_CALLS=inventory measures these alone.
import type { PlanCall } from './plan-lists.js';
import { SCAN_PROJECT } from './plan-lists.js';
import { COMPANY } from './seed.js';

export const INVENTORY_CALLS: PlanCall[] = [
  {
    name: 'inventory: site locations by name',
    path: '/api/inventory/site-locations',
    query: { limit: '25' },
    bare: { table: 'site_locations', owner: 'company_id', order: 'lower(name), location_id' },
  },
  {
    name: 'inventory: movements, newest first',
    path: '/api/inventory/projects/{project}/movements',
    query: { limit: '25' },
    bare: { table: 'stock_movements', owner: 'project_id', order: 'position DESC' },
  },
  {
    name: 'inventory: transfers, newest first',
    path: '/api/inventory/projects/{project}/movements',
    filter: { kind: 'transfer' },
    query: { limit: '25' },
    bare: { table: 'stock_movements', owner: 'project_id', where: "kind = 'transfer'", order: 'position DESC' },
  },
  {
    name: 'inventory: on hand',
    path: '/api/inventory/projects/{project}/on-hand',
    query: { limit: '25' },
    bare: { table: 'stock_on_hand', owner: 'project_id', where: 'quantity <> 0', order: 'product_id, location_id' },
  },
];

/** Rows n = from .. to-1: a site location of the company, a movement of the bench project (a quarter transfers), an on-hand row. */
export function growInventorySql(from: number, to: number): string[] {
  if (to <= from) return [];
  return [
    `INSERT INTO site_locations (location_id, company_id, project_id, name, created_at, updated_at, revision)
       SELECT 'bench-location-' || n, '${COMPANY}', NULL, 'Bench location ' || n, now(), now(), 0 FROM generate_series(${from}, ${to - 1}) AS n`,
    `INSERT INTO stock_movements (movement_id, position, company_id, project_id, movement_no, kind, status, from_location_id, to_location_id,
         delivery_order_id, reason, lines, created_at, created_by, updated_at)
       SELECT 'bench-movement-' || n, 1000000000 + n, '${COMPANY}', '${SCAN_PROJECT}', 'STK-' || n,
         (ARRAY['receive', 'utilisation', 'transfer', 'adjustment'])[1 + n % 4], 'confirmed', 'bench-location-' || (n % 50), 'bench-location-' || ((n + 1) % 50),
         NULL, '', '[]'::jsonb, now(), 'bench', now()
       FROM generate_series(${from}, ${to - 1}) AS n`,
    `INSERT INTO stock_on_hand (project_id, product_id, location_id, company_id, quantity)
       SELECT '${SCAN_PROJECT}', 'bench-item-' || n, 'bench-location-' || (n % 50), '${COMPANY}', 1 + n % 7 FROM generate_series(${from}, ${to - 1}) AS n`,
  ];
}

export const INVENTORY_ANALYZE = ['VACUUM ANALYZE site_locations', 'VACUUM ANALYZE stock_movements', 'VACUUM ANALYZE stock_on_hand'];
