// The company's catalogue, one status at a time (active by default), optionally one kind, searched by name or
// code: ?filter={"q":"cement","kind":"product","status":"active"}&sort=["name","ASC"]&range=[0,24]. Each sort
// walks its index (catalogue-items.projection.ts); the count stops at a cap and says so (X-Total-Capped), so a
// page costs the same at a hundred thousand items as at a hundred. filter.id (react-admin's getMany) resolves
// ids of any status.
import {
  CATALOGUE_ITEM_KINDS,
  DocumentListTotalCap,
  type CatalogueItemKind,
  type CatalogueItemRow,
  type CatalogueItemStatus,
} from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { like, parsePageQuery } from '../companies/company-directory.js';

const SORTS: Readonly<Record<string, string>> = { name: 'lower(name)', code: 'upper(code)', updatedAt: 'updated_at', id: 'item_id' };
const SEARCH_CAP = 1_000;

export type CatalogueRowSql = {
  item_id: string;
  kind: string;
  status: string;
  code: string;
  name: string;
  description: string;
  unit: string;
  unit_price: string;
  brand_model: string;
  colour: string;
  size: string;
  manufacturer: string;
  trade_category: string;
  revision: number;
  updated_at: Date | string;
};

export const catalogueRow = (row: CatalogueRowSql): CatalogueItemRow => ({
  id: row.item_id,
  kind: row.kind as CatalogueItemKind,
  status: row.status as CatalogueItemStatus,
  code: row.code,
  name: row.name,
  description: row.description,
  unit: row.unit,
  unitPrice: row.unit_price,
  brandModel: row.brand_model,
  colour: row.colour,
  size: row.size,
  manufacturer: row.manufacturer,
  tradeCategory: row.trade_category,
  revision: Number(row.revision),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function catalogueItemList(db: SqlExecutor, companyId: string, query: Record<string, unknown>) {
  const page = parsePageQuery({ sort: '["name","ASC"]', ...query }, SORTS);
  const filter = listFilter(query.filter);
  const params: unknown[] = [companyId];
  const where = ['company_id = $1'];
  if (page.ids !== null) {
    params.push(page.ids);
    where.push(`item_id = ANY($${params.length}::text[])`);
  } else {
    const status = filter.status ?? 'active';
    if (status !== 'active' && status !== 'retired') throw invalidParameter('filter.status', 'must be active or retired');
    params.push(status);
    where.push(`status = $${params.length}`);
  }
  if (filter.kind !== undefined) {
    if (typeof filter.kind !== 'string' || !(CATALOGUE_ITEM_KINDS as readonly string[]).includes(filter.kind))
      throw invalidParameter('filter.kind', `must be one of ${CATALOGUE_ITEM_KINDS.join(', ')}`);
    params.push(filter.kind);
    where.push(`kind = $${params.length}`);
  }
  if (page.q) {
    params.push(like(page.q.toLowerCase()));
    where.push(`lower(name || ' ' || code) LIKE $${params.length}`);
  }
  const limit = page.range.to - page.range.from + 1;
  const { column, direction } = page.sort;
  const rows = await db.query<CatalogueRowSql>(
    `SELECT item_id, kind, status, code, name, description, unit, unit_price, brand_model, colour, size, manufacturer, trade_category, revision, updated_at
     FROM catalogue_items WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, item_id ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'catalogue_items', where.join(' AND '), params, cap);
  const total = pageTotal(counted, page.range, rows.length);
  return { rows: rows.map(catalogueRow), total, capped, range: page.range };
}
