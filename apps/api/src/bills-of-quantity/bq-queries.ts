// Reads of bills of quantity: a project's BQ now or as it stood (revision or time), the changes since a
// revision (what a second editor applies without reloading), the history timeline with the chain check,
// and the company's flat list of BQs per status.
import { refusal, invalidFields } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import type { BqNode, BqStatus, BqTab } from '@binaan/contracts';
import type { EventStore, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { availableActions, type Actor } from '@binaan/workflows';
import { listFilter } from '../common/list-query.js';
import { pageRange } from '../common/page-range.js';
import { READ_MODELS, type Principal } from '../common/principal.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { formatSen } from '../documents/money.js';
import { BqAccess } from './bq-access.js';
import { bqStreamId, type BqBuildUp } from './bq.events.js';
import { BqLoader } from './bq-loader.js';
import { emptyBq, flatNodes, tabViews, type BqState } from './bq-tree.js';
import { isEditable } from './bq.decider.js';

export type BqView = {
  projectId: string;
  status: BqStatus | null;
  revision: number;
  amount: string;
  /** This user may change the rows, tabs and build-ups now. */
  editable: boolean;
  /** Why not, as the code a change would be refused with (noAccessRight, noAuthority, bqNotEditable); null when editable. */
  readOnlyBecause: string | null;
  tabs: BqTab[];
  nodes: BqNode[];
  buildUps: BqBuildUp[];
  availableActions: ReturnType<typeof availableActions>;
  createdAt: string | null;
  updatedAt: string | null;
};

export type BqChange = { revision: number; type: string; data: unknown; at: string; userId: string | null };
export type BqHistoryRow = BqChange & { hash: string; chainVerified: boolean };

/** At most this many changes a reply; `more` says to ask again from the last one. */
const CHANGES_PAGE = 1000;

export const toChange = (stored: StoredEvent): BqChange => ({
  revision: stored.revision,
  type: stored.type,
  data: stored.data,
  at: stored.metadata.recordedAt,
  userId: stored.metadata.actorUserId ?? null,
});

@Injectable()
export class BqQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    private readonly loader: BqLoader,
    private readonly access: BqAccess,
  ) {}

  async view(principal: Principal, projectId: string, point: { revision?: string; asOf?: string }): Promise<BqView> {
    const actor = await this.access.actor(principal, projectId);
    let state: BqState | null;
    if (point.revision !== undefined || point.asOf !== undefined) {
      const revision = point.revision === undefined ? undefined : Number(point.revision);
      if (revision !== undefined && (!Number.isInteger(revision) || revision < 0))
        throw invalidFields({ revision: ['must be a revision number'] });
      const time = point.asOf === undefined ? undefined : new Date(point.asOf);
      if (time !== undefined && Number.isNaN(time.getTime())) throw refusal(400, 'invalidAsOf', 'asOf must be an ISO 8601 time.');
      state = await this.loader.asOf(projectId, { ...(revision !== undefined ? { revision } : {}), ...(time ? { time } : {}) });
    } else {
      state = await this.loader.current(projectId);
    }
    return toView(projectId, state, actor, this.access.editRefusal(principal, actor));
  }

  async changes(
    principal: Principal,
    projectId: string,
    sinceText: string | undefined,
  ): Promise<{ success: true; revision: number; changes: BqChange[]; more: boolean }> {
    await this.access.reader(principal, projectId);
    const since = Number(sinceText ?? '-1');
    if (!Number.isInteger(since) || since < -1) throw invalidFields({ since: ['must be a revision number'] });
    const events = await this.store.readStream(bqStreamId(projectId), { fromRevision: since + 1, limit: CHANGES_PAGE + 1 });
    const page = events.slice(0, CHANGES_PAGE);
    const head = await this.store.streamHead(bqStreamId(projectId));
    return { success: true, revision: head?.revision ?? -1, changes: page.map(toChange), more: events.length > CHANGES_PAGE };
  }

  /** Every event, oldest first, with its hash and whether the chain verifies up to it. */
  async history(principal: Principal, projectId: string): Promise<BqHistoryRow[]> {
    await this.access.reader(principal, projectId);
    const streamId = bqStreamId(projectId);
    const [events, verification] = await Promise.all([this.store.readStream(streamId), this.store.verifyStream(streamId)]);
    if (events.length === 0) throw refusal(404, 'bqNotFound', 'This project has no bill of quantity yet.');
    const firstBad = verification.ok ? Number.POSITIVE_INFINITY : (verification.firstBadRevision ?? 0);
    return events.map((stored) => ({ ...toChange(stored), hash: stored.hash, chainVerified: stored.revision < firstBad }));
  }

  /** The company's BQs, `?filter={"status":"pendingApproval"}&range=[0,24]`, newest status change first. */
  async list(principal: Principal, query: Record<string, unknown>): Promise<{ rows: BqListRow[]; from: number; total: number }> {
    const companyId = principal.companyId!;
    const filter = listFilter(query.filter);
    const unknown = Object.keys(filter).filter((key) => key !== 'status');
    if (unknown.length > 0) throw refusal(400, 'unknownFilter', `Unknown filter: ${unknown.join(', ')}.`);
    const { from, to } = pageRange(query.range, 25, 1000);
    const status = typeof filter.status === 'string' ? filter.status : null;
    const rows = await this.db.query<{
      project_id: string;
      name: string | null;
      code: string | null;
      status: string;
      amount: string | null;
      updated_at: Date | string;
      revision: number;
    }>(
      `SELECT b.project_id, p.name, p.code, b.status, b.amount::text AS amount, b.updated_at, b.revision FROM bills_of_quantity b
       LEFT JOIN projects p ON p.project_id = b.project_id
       WHERE b.company_id = $1 AND ($2::text IS NULL OR b.status = $2) ORDER BY b.updated_at DESC, b.project_id LIMIT $3 OFFSET $4`,
      [companyId, status, to - from + 1, from],
    );
    // Counted up to the page's end and one more: a flat list never counts the whole set.
    const [{ n }] = (await this.db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM bills_of_quantity WHERE company_id = $1 AND ($2::text IS NULL OR status = $2) LIMIT $3) x',
      [companyId, status, to + 2],
    )) as [{ n: number | string }];
    return {
      rows: rows.map((row) => ({
        id: row.project_id,
        projectId: row.project_id,
        projectName: row.name,
        projectCode: row.code,
        status: row.status as BqStatus,
        amount: row.amount,
        updatedAt: new Date(row.updated_at).toISOString(),
        revision: Number(row.revision),
      })),
      from,
      total: Number(n),
    };
  }
}

export type BqListRow = {
  id: string;
  projectId: string;
  projectName: string | null;
  projectCode: string | null;
  status: BqStatus;
  amount: string | null;
  updatedAt: string;
  revision: number;
};

export function toView(projectId: string, state: BqState | null, actor: Actor, refusal: string | null): BqView {
  const bq = state ?? emptyBq(projectId);
  const readOnlyBecause = refusal ?? (isEditable(bq) ? null : 'bqNotEditable');
  return {
    projectId,
    status: bq.workflow?.status ?? null,
    revision: bq.revision,
    amount: formatSen(bq.amount),
    editable: readOnlyBecause === null,
    readOnlyBecause,
    tabs: tabViews(bq),
    nodes: flatNodes(bq),
    buildUps: [...bq.buildUps.values()],
    availableActions: availableActions('billOfQuantity', bq.workflow, actor),
    createdAt: bq.createdAt,
    updatedAt: bq.updatedAt,
  };
}
