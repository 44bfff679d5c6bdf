// A company's site locations (signed-in-area.md §2.5 "site locations"): added for the whole company or for
// one of its projects, renamed, deleted; one a stock movement names is in use and cannot be deleted (§8.3).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { isUuid } from '../common/uuid.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { LOCATIONS_WRITE, ownProject, readerCompany, writable } from './inventory-access.js';
import { SITE_LOCATION_STREAM_TYPE, siteLocationStream, type SiteLocationEvent } from './inventory.events.js';

export const LOCATION_NAME_MAX = 100;
/** Spec §8.3's message. */
export const LOCATION_IN_USE_MESSAGE = 'Site location in use and cannot be deleted.';

type LocationRow = {
  location_id: string;
  company_id: string;
  project_id: string | null;
  name: string;
  updated_at: Date | string;
  revision: number;
};
const locationView = (row: LocationRow) => ({
  id: row.location_id,
  name: row.name,
  projectId: row.project_id,
  revision: Number(row.revision),
  updatedAt: new Date(row.updated_at).toISOString(),
});

function parseName(body: unknown): string {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as { name?: unknown };
  const name = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, ' ') : '';
  if (name === '' || name.length > LOCATION_NAME_MAX)
    throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: name.', {
      fields: { name: [name === '' ? 'required' : `at most ${LOCATION_NAME_MAX} characters`] },
    });
  return name;
}

const notFound = () => refusal(404, ErrorCodes.siteLocationNotFound, 'There is no such site location.');

@Injectable()
export class SiteLocations {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** By name (A to Z), keyset; `filter.projectId`: the company-wide ones and that project's. */
  async list(principal: Principal, query: Record<string, unknown>) {
    const companyId = readerCompany(principal);
    const filter = listFilter(query.filter);
    const { after, limit } = keysetQuery(query);
    const params: unknown[] = [companyId];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    const where = ['company_id = $1'];
    if (filter.projectId !== undefined) {
      if (typeof filter.projectId !== 'string') throw invalidParameter('filter.projectId', 'must be text');
      where.push(`(project_id IS NULL OR project_id = ${param(filter.projectId)})`);
    }
    for (const key of Object.keys(filter)) if (key !== 'projectId') throw invalidParameter(`filter.${key}`, 'unknown filter');
    if (after) where.push(`(lower(name), location_id) > (${param(after[0])}, ${param(after[1])})`);
    const rows = await this.db.query<LocationRow>(
      `SELECT * FROM site_locations WHERE ${where.join(' AND ')} ORDER BY lower(name), location_id LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(rows, limit, locationView, (row) => [row.name.toLowerCase(), row.location_id]);
  }

  async add(principal: Principal, body: unknown) {
    writable(principal);
    const companyId = companyOf(principal, ...LOCATIONS_WRITE);
    const name = parseName(body);
    const raw = (body as { projectId?: unknown }).projectId;
    if (raw !== undefined && raw !== null && typeof raw !== 'string')
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: projectId.', { fields: { projectId: ['must be text'] } });
    const projectId = typeof raw === 'string' && raw !== '' ? await ownProject(this.db, companyId, raw) : null;
    await this.nameFree(companyId, projectId, name, null);
    const locationId = randomUUID();
    const event: SiteLocationEvent = { type: 'SiteLocationAdded', data: { locationId, companyId, projectId, name, by: principal.userId } };
    await this.append(locationId, 'no_stream', event, principal, companyId);
    return { success: true as const, id: locationId, name, projectId, revision: 0 };
  }

  async rename(principal: Principal, locationId: string, body: unknown) {
    writable(principal);
    const companyId = companyOf(principal, ...LOCATIONS_WRITE);
    const row = await this.row(companyId, locationId);
    const name = parseName(body);
    if (name === row.name) return { success: true as const, ...locationView(row) };
    await this.nameFree(companyId, row.project_id, name, locationId);
    const event: SiteLocationEvent = { type: 'SiteLocationRenamed', data: { locationId, name, by: principal.userId } };
    await this.append(locationId, Number(row.revision), event, principal, companyId);
    return { success: true as const, id: locationId, name, projectId: row.project_id, revision: Number(row.revision) + 1 };
  }

  /** Refused with 409 siteLocationInUse when a stock movement names it (whatever its status). */
  async delete(principal: Principal, locationId: string) {
    writable(principal);
    const companyId = companyOf(principal, ...LOCATIONS_WRITE);
    const row = await this.row(companyId, locationId);
    const [used] = await this.db.query<{ movement_no: string }>(
      `(SELECT movement_no FROM stock_movements WHERE from_location_id = $1 LIMIT 1)
       UNION ALL (SELECT movement_no FROM stock_movements WHERE to_location_id = $1 LIMIT 1) LIMIT 1`,
      [locationId],
    );
    if (used) throw refusal(409, ErrorCodes.siteLocationInUse, LOCATION_IN_USE_MESSAGE, { movementNo: used.movement_no });
    const event: SiteLocationEvent = { type: 'SiteLocationDeleted', data: { locationId, by: principal.userId } };
    await this.append(locationId, Number(row.revision), event, principal, companyId);
    return { success: true as const, id: locationId };
  }

  private async row(companyId: string, locationId: string): Promise<LocationRow> {
    if (!isUuid(locationId)) throw notFound();
    const [row] = await this.db.query<LocationRow>('SELECT * FROM site_locations WHERE location_id = $1 AND company_id = $2', [
      locationId,
      companyId,
    ]);
    if (!row) throw notFound();
    return row;
  }

  /** Names are unique per company and project (a company-wide one against the company-wide ones), without case. */
  private async nameFree(companyId: string, projectId: string | null, name: string, except: string | null) {
    const [taken] = await this.db.query<{ location_id: string }>(
      `SELECT location_id FROM site_locations WHERE company_id = $1 AND lower(name) = lower($2) AND project_id IS NOT DISTINCT FROM $3
       AND location_id IS DISTINCT FROM $4 LIMIT 1`,
      [companyId, name, projectId, except],
    );
    if (taken)
      throw refusal(409, ErrorCodes.siteLocationNameExists, `A site location named ${name} exists already.`, { id: taken.location_id });
  }

  private append(
    locationId: string,
    expectedRevision: number | 'no_stream',
    event: SiteLocationEvent,
    principal: Principal,
    companyId: string,
  ) {
    return this.store.append({
      streamId: siteLocationStream(locationId),
      streamType: SITE_LOCATION_STREAM_TYPE,
      expectedRevision,
      events: [
        {
          type: event.type,
          data: event.data,
          metadata: { actorUserId: principal.userId, actorCompanyId: companyId },
        },
      ],
    });
  }
}
