// Read models of the documents context, fed in the append's transaction:
//   documents              one row per document (lists, visibility, filters); while an approval round is open,
//                          the round and the verify level it waits for (`awaiting_level`), as the machine answers
//   document_states        the same document's keys and what a workflow action changes (status, updated_at,
//                          revision, awaiting_level), with the indexes of the lists sorted or filtered by those:
//                          so an action changes no indexed column of the wide row, whose UPDATE is then HOT
//                          (no index entry written; fillfactor leaves the page room for it), and only this
//                          narrow row's indexes take new entries (README "The narrow status row")
//   document_idempotency   (user, Idempotency-Key) -> the stream and revision of the action it recorded
//   document_sources       a document -> the document it draws on (the order delivered or claimed, the tender awarded)
//   document_draws         what it takes from that source: delivered quantities per source line, a claim's percent
import { evolve, initialContext, nextMissingLevel, type ApprovalRound, type WorkflowState } from '@binaan/workflows';
import {
  isDocumentResource,
  type DocumentDrafted,
  type DocumentFields,
  type DocumentResource,
  type DocumentEdited,
  type WorkflowStatusChanged,
} from '@binaan/contracts';
import type { InlineStatement, Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { drawRows } from './document-kind-rules.js';
import { LIST_INDEXES_SQL, STATE_LIST_INDEXES_SQL } from './document-list-indexes.js';
import { MY_ACTIVITY_INDEX_SQL } from './my-activity.js';
import { isSharedStatus } from './document-rules.js';
import { documentIdOf } from './document.state.js';

export const documentsProjection: Projection = {
  name: 'documents',
  eventTypes: ['DocumentDrafted', 'DocumentEdited', 'WorkflowStatusChanged'],
  tables: ['documents', 'document_states', 'document_idempotency', 'document_sources', 'document_draws', 'document_instruction_links'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS documents (
      id text PRIMARY KEY, resource text NOT NULL, stream_id text NOT NULL UNIQUE, company_id text NOT NULL,
      counterparty_company_id text, shared_with_counterparty boolean NOT NULL DEFAULT false, project_id text,
      document_no text NOT NULL, title text NOT NULL, status text NOT NULL, total_sen bigint NOT NULL, currency text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision bigint NOT NULL, created_by text NOT NULL,
      approval_round text, awaiting_level smallint, tender_type text, close_at timestamptz) WITH (fillfactor = 80);
    -- A tender's type, for the tenders list's filter; added to read models made before it.
    ALTER TABLE documents ADD COLUMN IF NOT EXISTS tender_type text;
    -- A tender's closing time (drafts, edits and addenda set it), shown by the tenders list; not sorted by, so no index.
    ALTER TABLE documents ADD COLUMN IF NOT EXISTS close_at timestamptz;
    CREATE TABLE IF NOT EXISTS document_states (
      id text PRIMARY KEY, resource text NOT NULL, company_id text NOT NULL, counterparty_company_id text,
      shared_with_counterparty boolean NOT NULL DEFAULT false, created_by text NOT NULL, created_at timestamptz NOT NULL,
      status text NOT NULL, updated_at timestamptz NOT NULL, revision bigint NOT NULL, awaiting_level smallint);
    ${MY_ACTIVITY_INDEX_SQL}
    ${STATE_LIST_INDEXES_SQL}
    CREATE TABLE IF NOT EXISTS document_idempotency (
      user_id text NOT NULL, idempotency_key text NOT NULL, stream_id text NOT NULL, revision bigint NOT NULL,
      workflow_event text NOT NULL, PRIMARY KEY (user_id, idempotency_key));
    CREATE TABLE IF NOT EXISTS document_sources (stream_id text PRIMARY KEY, source_document_id text NOT NULL);
    CREATE INDEX IF NOT EXISTS document_sources_by_source ON document_sources (source_document_id);
    -- A variation order -> the instruction it comes from (the instruction's comparison).
    CREATE TABLE IF NOT EXISTS document_instruction_links (stream_id text PRIMARY KEY, instruction_id text NOT NULL);
    CREATE INDEX IF NOT EXISTS document_instruction_links_by_instruction ON document_instruction_links (instruction_id);
    CREATE TABLE IF NOT EXISTS document_draws (
      stream_id text NOT NULL, measure text NOT NULL, line_no integer NOT NULL, amount bigint NOT NULL,
      PRIMARY KEY (stream_id, measure, line_no));
    ${LIST_INDEXES_SQL}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (!isDocumentResource(stored.streamType)) continue;
      await applyOne(stored, stored.streamType, db);
    }
  },
  // A workflow action (one status event) rides in the append's own statement on PostgreSQL: the same
  // writes as apply, each only when the append wrote (`appended` has the row). Drafts and edits (several
  // statements on one table) take the transaction.
  // An event that opens a round sets it whole (the round before does not count), so it rides too; one that
  // fills a level needs the round as it stood (a read): it takes the transaction.
  inline(events) {
    const [stored] = events;
    if (events.length !== 1 || !stored || stored.type !== 'WorkflowStatusChanged') return null;
    if (fillsRound(stored)) return null;
    if (!isDocumentResource(stored.streamType)) return [];
    return statusWrites(stored, stored.streamType, true, opensRound(stored) ? roundFrom(stored, stored.streamType, null) : CLOSED);
  },
};

/**
 * The writes of one status event: the document's status and revision, and its Idempotency-Key if it has
 * one. `inline`: as statements riding in the append's own (each writes only when the append did).
 */
function statusWrites(stored: StoredEvent, resource: DocumentResource, inline: boolean, round: OpenRound): InlineStatement[] {
  const event = stored.data as unknown as WorkflowStatusChanged;
  const shared = isSharedStatus(resource, event.machineVersion, event.statusAfter);
  const appended = inline ? ' AND EXISTS (SELECT 1 FROM appended)' : '';
  const writes: InlineStatement[] = [
    {
      text: `UPDATE documents SET status = $2, updated_at = $3, revision = $4, shared_with_counterparty = shared_with_counterparty OR $5,
             approval_round = $6, awaiting_level = $7 WHERE stream_id = $1${appended}`,
      params: [stored.streamId, event.statusAfter, stored.metadata.recordedAt, stored.revision, shared, round.json, round.awaitingLevel],
    },
    {
      text: `UPDATE document_states SET status = $2, updated_at = $3, revision = $4, shared_with_counterparty = shared_with_counterparty OR $5,
             awaiting_level = $6 WHERE id = $1${appended}`,
      params: [
        documentIdOf(stored.streamId, resource),
        event.statusAfter,
        stored.metadata.recordedAt,
        stored.revision,
        shared,
        round.awaitingLevel,
      ],
    },
  ];
  const key = stored.metadata.idempotencyKey;
  if (typeof key === 'string' && typeof stored.metadata.actorUserId === 'string') {
    writes.push({
      text: `INSERT INTO document_idempotency (user_id, idempotency_key, stream_id, revision, workflow_event)
             SELECT $1::text, $2::text, $3::text, $4::bigint, $5::text WHERE true${appended} ON CONFLICT DO NOTHING`,
      params: [stored.metadata.actorUserId, key, stored.streamId, stored.revision, event.workflowEvent],
    });
  }
  return writes;
}

/**
 * The narrow rows of wide rows already there (`where` picks them): for tests and benches that seed the wide
 * table with SQL of their own, and for nothing else (the projection writes both as events come).
 */
export const documentStatesOf = (
  where: string,
) => `INSERT INTO document_states (id, resource, company_id, counterparty_company_id, shared_with_counterparty, created_by, created_at, status, updated_at, revision, awaiting_level)
  SELECT id, resource, company_id, counterparty_company_id, shared_with_counterparty, created_by, created_at, status, updated_at, revision, awaiting_level FROM documents WHERE ${where}
  ON CONFLICT (id) DO NOTHING`;

const totalSen = (total: string) => total.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1');

async function applyOne(stored: StoredEvent, resource: DocumentResource, db: SqlExecutor): Promise<void> {
  const at = stored.metadata.recordedAt;
  if (stored.type === 'DocumentDrafted') {
    const { data } = stored as unknown as DocumentDrafted;
    const f = data.fields;
    await db.query(
      `INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, project_id, document_no, title, status, total_sen, currency, created_at, updated_at, revision, created_by, tender_type, close_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'none', $9, $10, $11, $11, $12, $13, $14, $15) ON CONFLICT (id) DO NOTHING`,
      [
        data.documentId,
        data.resource,
        stored.streamId,
        data.companyId,
        f.counterpartyCompanyId,
        f.projectId,
        data.documentNo,
        f.title,
        totalSen(f.totals.total),
        f.currency,
        at,
        stored.revision,
        data.createdBy,
        f.tenderType ?? null,
        f.closeAt ?? null,
      ],
    );
    await db.query(
      `INSERT INTO document_states (id, resource, company_id, counterparty_company_id, created_by, created_at, status, updated_at, revision)
       VALUES ($1, $2, $3, $4, $5, $6, 'none', $6, $7) ON CONFLICT (id) DO NOTHING`,
      [data.documentId, data.resource, data.companyId, f.counterpartyCompanyId, data.createdBy, at, stored.revision],
    );
    await recordDraws(stored.streamId, resource, f, db);
    return;
  }
  if (stored.type === 'DocumentEdited') {
    const { changes } = (stored as unknown as DocumentEdited).data;
    await db.query(
      `UPDATE documents SET title = COALESCE($2, title), project_id = CASE WHEN $3::boolean THEN $4 ELSE project_id END,
         total_sen = COALESCE($5::bigint, total_sen), currency = COALESCE($6, currency), updated_at = $7, revision = $8,
         tender_type = CASE WHEN $9::boolean THEN $10 ELSE tender_type END,
         close_at = CASE WHEN $11::boolean THEN $12::timestamptz ELSE close_at END WHERE stream_id = $1`,
      [
        stored.streamId,
        changes.title ?? null,
        'projectId' in changes,
        changes.projectId ?? null,
        changes.totals ? totalSen(changes.totals.total) : null,
        changes.currency ?? null,
        at,
        stored.revision,
        'tenderType' in changes,
        changes.tenderType ?? null,
        'closeAt' in changes,
        changes.closeAt ?? null,
      ],
    );
    await db.query('UPDATE document_states SET updated_at = $2, revision = $3 WHERE id = $1', [
      documentIdOf(stored.streamId, resource),
      at,
      stored.revision,
    ]);
    await recordDraws(stored.streamId, resource, changes, db);
    return;
  }
  const round = touchesRound(stored) ? await roundAfter(stored, resource, db) : CLOSED;
  for (const write of statusWrites(stored, resource, false, round)) await db.query(write.text, write.params);
}

/** The open round as kept in the row (JSON of the machine's ApprovalRound) and the level it waits for; nulls when none is open. */
type OpenRound = { json: string | null; awaitingLevel: number | null };
const CLOSED: OpenRound = { json: null, awaitingLevel: null };

/**
 * Whether the event opens a round (a fresh one: the reducer, workflows/src/context.ts, keeps nothing of the
 * round before) or fills one of its levels. Any other accepted event ends an open round, so it leaves the row
 * with no round.
 */
const opensRound = (stored: StoredEvent) => (stored.data as unknown as WorkflowStatusChanged).requiredLevels !== null;
/** An approval, a reject vote that leaves the round open, or an escalation: each moves the kept round on. */
const fillsRound = (stored: StoredEvent) => {
  const event = stored.data as unknown as WorkflowStatusChanged;
  return !opensRound(stored) && (event.approvalLevel !== null || event.rejectionLevel != null || event.escalation != null);
};
const touchesRound = (stored: StoredEvent) => opensRound(stored) || fillsRound(stored);

/**
 * The round after this event, as the machine answers it: the row's round folded with the workflows'
 * own `evolve`, and `nextMissingLevel` of the result. So the lists' "awaiting verify level n" is the level
 * whose holders the machine offers Approve, never a rule of its own.
 */
async function roundAfter(stored: StoredEvent, resource: DocumentResource, db: SqlExecutor): Promise<OpenRound> {
  if (opensRound(stored)) return roundFrom(stored, resource, null);
  const [row] = await db.query<{ approval_round: string | null }>('SELECT approval_round FROM documents WHERE stream_id = $1', [
    stored.streamId,
  ]);
  return roundFrom(stored, resource, row?.approval_round ?? null);
}

/** The round after the event, folded from the round kept before it (`kept`, JSON; null: none). */
function roundFrom(stored: StoredEvent, resource: DocumentResource, kept: string | null): OpenRound {
  const event = stored.data as unknown as WorkflowStatusChanged;
  const context = initialContext(resource, event.machineVersion);
  if (kept) context.approval = JSON.parse(kept) as ApprovalRound;
  const before = { status: event.statusBefore, context } as WorkflowState;
  const after = evolve(event.statusBefore === null ? null : before, event);
  const awaiting = after.context.approval.open ? nextMissingLevel(after.context.approval) : null;
  return awaiting === null ? CLOSED : { json: JSON.stringify(after.context.approval), awaitingLevel: awaiting };
}

/** The source and draws a Draft or Edit sets: only what the event carries is replaced. */
async function recordDraws(streamId: string, resource: DocumentResource, fields: Partial<DocumentFields>, db: SqlExecutor): Promise<void> {
  if ('instructionId' in fields) {
    await db.query('DELETE FROM document_instruction_links WHERE stream_id = $1', [streamId]);
    if (fields.instructionId)
      await db.query('INSERT INTO document_instruction_links (stream_id, instruction_id) VALUES ($1, $2)', [
        streamId,
        fields.instructionId,
      ]);
  }
  if ('sourceDocumentId' in fields) {
    await db.query('DELETE FROM document_sources WHERE stream_id = $1', [streamId]);
    if (fields.sourceDocumentId)
      await db.query('INSERT INTO document_sources (stream_id, source_document_id) VALUES ($1, $2)', [streamId, fields.sourceDocumentId]);
  }
  const replaced = [
    ...(resource === 'variationOrder' && 'totals' in fields ? ['variationAmount'] : []),
    ...(resource === 'variationOrder' && 'variationType' in fields ? ['variationSign'] : []),
    ...('items' in fields ? ['quantity'] : []),
    ...('claimPercentage' in fields || 'claimItems' in fields ? ['percent'] : []),
  ];
  if (replaced.length === 0) return;
  await db.query('DELETE FROM document_draws WHERE stream_id = $1 AND measure = ANY($2::text[])', [streamId, replaced]);
  for (const row of drawRows(resource, fields)) {
    await db.query('INSERT INTO document_draws (stream_id, measure, line_no, amount) VALUES ($1, $2, $3, $4)', [
      streamId,
      row.measure,
      row.lineNo,
      row.amount.toString(),
    ]);
  }
}
