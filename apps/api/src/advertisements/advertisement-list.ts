// The admin list, newest first: ?filter={"status":"published","q":"raya"}&range=[0,24]; filter.id (one id
// or a list) reads those rows. The count stops at a cap and says so (X-Total-Capped), as every admin list
// does. And the public list: the current advertisements (published, today within their dates), at most 20.
import { DocumentListTotalCap, type AdvertisementRow, type AdvertisementStatus, type PublicAdvertisement } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { like, parsePageQuery } from '../companies/company-directory.js';

const SORTS: Readonly<Record<string, string>> = { createdAt: 'created_at', validFrom: 'valid_from', validTo: 'valid_to', title: 'title' };
const STATUSES: readonly AdvertisementStatus[] = ['draft', 'published', 'withdrawn'];
const SEARCH_CAP = 1_000;
/** The landing page shows at most this many at once (the newest first). */
export const PUBLIC_AD_LIMIT = 20;

type AdSql = {
  advertisement_id: string;
  title: string;
  link_url: string | null;
  valid_from: Date | string;
  valid_to: Date | string;
  status: string;
  image_media_type: string;
  image_size: string | number;
  image_width: number;
  image_height: number;
  created_at: Date | string;
  changed_at: Date | string;
  revision: number;
};

/** A date column as YYYY-MM-DD, whichever way the driver gave it. */
const day = (value: Date | string) =>
  typeof value === 'string'
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
const COLUMNS =
  'advertisement_id, title, link_url, valid_from::text AS valid_from, valid_to::text AS valid_to, status, image_media_type, image_size, image_width, image_height, created_at, changed_at, revision';

export async function advertisementList(db: SqlExecutor, query: Record<string, unknown>, today: string) {
  const page = parsePageQuery({ sort: '["createdAt","DESC"]', ...query }, SORTS);
  const filter = listFilter(query.filter);
  const params: unknown[] = [];
  const where = ['true'];
  if (page.ids !== null) {
    params.push(page.ids);
    where.push(`advertisement_id = ANY($${params.length}::text[])`);
  }
  if (filter.status !== undefined) {
    if (typeof filter.status !== 'string' || !(STATUSES as readonly string[]).includes(filter.status))
      throw invalidParameter('filter.status', `must be one of ${STATUSES.join(', ')}`);
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  if (page.q) {
    params.push(like(page.q.toLowerCase()));
    where.push(`lower(title || ' ' || coalesce(link_url, '')) LIKE $${params.length}`);
  }
  const limit = page.range.to - page.range.from + 1;
  const { column, direction } = page.sort;
  const rows = await db.query<AdSql>(
    // The table's columns by name: the dates are selected as text under their own names, and an unqualified
    // ORDER BY would sort those strings (every row read) instead of walking the date's index.
    `SELECT ${COLUMNS} FROM advertisements WHERE ${where.join(' AND ')} ORDER BY advertisements.${column} ${direction}, advertisements.position ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'advertisements', where.join(' AND '), params, cap);
  return {
    rows: rows.map((row): AdvertisementRow => {
      const validFrom = day(row.valid_from);
      const validTo = day(row.valid_to);
      return {
        id: row.advertisement_id,
        title: row.title,
        linkUrl: row.link_url,
        validFrom,
        validTo,
        status: row.status as AdvertisementStatus,
        current: row.status === 'published' && validFrom <= today && today <= validTo,
        image: { mediaType: row.image_media_type, size: Number(row.image_size), width: row.image_width, height: row.image_height },
        createdAt: new Date(row.created_at).toISOString(),
        changedAt: new Date(row.changed_at).toISOString(),
        revision: row.revision,
      };
    }),
    total: pageTotal(counted, page.range, rows.length),
    capped,
    range: page.range,
  };
}

/** The advertisements shown now: published, today within their dates; the latest to start first. */
export async function currentAdvertisements(db: SqlExecutor, today: string): Promise<PublicAdvertisement[]> {
  const rows = await db.query<AdSql>(
    `SELECT ${COLUMNS} FROM advertisements WHERE status = 'published' AND valid_from <= $1::date AND valid_to >= $1::date
     ORDER BY valid_from DESC, position DESC LIMIT ${PUBLIC_AD_LIMIT}`,
    [today],
  );
  return rows.map((row) => ({
    id: row.advertisement_id,
    title: row.title,
    linkUrl: row.link_url,
    width: row.image_width,
    height: row.image_height,
    // The revision in the address: a new image is a new address, so a kept copy never shows the old one.
    imageUrl: `/api/advertisements/${row.advertisement_id}/image?v=${row.revision}`,
  }));
}

/** The image of a current advertisement; null when there is none, or it is not shown now. */
export async function currentImage(db: SqlExecutor, id: string, today: string) {
  const [row] = await db.query<{ image_file_id: string; image_media_type: string; title: string }>(
    `SELECT image_file_id, image_media_type, title FROM advertisements WHERE advertisement_id = $1 AND status = 'published' AND valid_from <= $2::date AND valid_to >= $2::date`,
    [id, today],
  );
  return row ?? null;
}
