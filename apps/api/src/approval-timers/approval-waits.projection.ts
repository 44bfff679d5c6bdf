// The read model of waiting approval levels, `approval_timer_waits`: one row per document whose open round
// has timing rules (`approvalTimers` in the metadata of the status event that opened it), with the level the
// round waits for, since when, when it is due and when it escalates, and whether the reminder and the
// escalation were recorded. Fed from the documents' status events and the timers' own events, in the
// append's transaction (riding in the append's statement on PostgreSQL where no read is needed); `store
// rebuild` makes it again from the log. The sweep reads it by two partial indexes (due_at, escalate_at).
import { isDocumentResource, type DocumentResource, type VerifyLevel, type WorkflowStatusChanged } from '@binaan/contracts';
import type { InlineStatement, Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { initialContext, roundAfter, type ApprovalRound } from '@binaan/workflows';
import { documentIdOf } from '../documents/document.state.js';
import { deadlinesOf, parseTimerRules, type ApprovalTimerRule } from './due-times.js';
import type { ApprovalEscalatedData, ApprovalReminderSentData } from './approval-timer.events.js';

export const APPROVAL_WAITS_TABLE = 'approval_timer_waits';

export const approvalWaitsSql = `
  CREATE TABLE IF NOT EXISTS approval_timer_waits (
    document_id text PRIMARY KEY, stream_id text NOT NULL, resource text NOT NULL, round_revision bigint NOT NULL,
    approval_round text NOT NULL, timers text NOT NULL, level smallint NOT NULL, since timestamptz NOT NULL,
    due_at timestamptz, escalate_at timestamptz, reminded boolean NOT NULL DEFAULT false, escalated boolean NOT NULL DEFAULT false);
  CREATE INDEX IF NOT EXISTS approval_timer_waits_due ON approval_timer_waits (due_at, document_id) WHERE NOT reminded;
  CREATE INDEX IF NOT EXISTS approval_timer_waits_escalate ON approval_timer_waits (escalate_at, document_id) WHERE NOT escalated;`;

type Row = {
  documentId: string;
  streamId: string;
  resource: DocumentResource;
  roundRevision: number;
  round: ApprovalRound;
  timers: ApprovalTimerRule[];
  level: VerifyLevel;
  since: string;
};

const UPSERT = `INSERT INTO approval_timer_waits
    (document_id, stream_id, resource, round_revision, approval_round, timers, level, since, due_at, escalate_at, reminded, escalated)
  SELECT $1::text, $2::text, $3::text, $4::bigint, $5::text, $6::text, $7::smallint, $8::timestamptz, $9::timestamptz, $10::timestamptz, false, false
  WHERE true{appended}
  ON CONFLICT (document_id) DO UPDATE SET stream_id = EXCLUDED.stream_id, resource = EXCLUDED.resource,
    round_revision = EXCLUDED.round_revision, approval_round = EXCLUDED.approval_round, timers = EXCLUDED.timers,
    level = EXCLUDED.level, since = EXCLUDED.since, due_at = EXCLUDED.due_at, escalate_at = EXCLUDED.escalate_at,
    reminded = false, escalated = false`;

const APPENDED = ' AND EXISTS (SELECT 1 FROM appended)';

/** The row of a level that begins to wait (flags cleared), as one statement. */
function waitingRow(row: Row, appended: string): InlineStatement {
  const rule = row.timers.find((t) => t.level === row.level);
  const deadlines = rule ? deadlinesOf(new Date(row.since), rule) : null;
  return {
    text: UPSERT.replace('{appended}', appended),
    params: [
      row.documentId,
      row.streamId,
      row.resource,
      row.roundRevision,
      JSON.stringify(row.round),
      JSON.stringify(row.timers),
      row.level,
      row.since,
      deadlines?.dueAt.toISOString() ?? null,
      deadlines?.escalateAt?.toISOString() ?? null,
    ],
  };
}

const dropRow = (documentId: string, appended: string): InlineStatement => ({
  text: `DELETE FROM approval_timer_waits WHERE document_id = $1${appended}`,
  params: [documentId],
});

/** A reminder or escalation recorded for the level the row still waits for (of the same round) sets its flag. */
function flagRow(stored: StoredEvent, appended: string): InlineStatement {
  const data = stored.data as unknown as ApprovalReminderSentData | ApprovalEscalatedData;
  const column = stored.type === 'ApprovalReminderSent' ? 'reminded' : 'escalated';
  return {
    text: `UPDATE approval_timer_waits SET ${column} = true WHERE document_id = $1 AND round_revision = $2 AND level = $3${appended}`,
    params: [data.documentId, data.roundRevision, data.level],
  };
}

const statusOf = (stored: StoredEvent) => stored.data as unknown as WorkflowStatusChanged;
const opensRound = (stored: StoredEvent) => statusOf(stored).requiredLevels !== null;
/** Events that move an open round on without ending it: an approval, a reject vote, an escalation. */
const touchesRound = (stored: StoredEvent) => {
  const event = statusOf(stored);
  return !opensRound(stored) && (event.approvalLevel !== null || event.rejectionLevel != null || event.escalation != null);
};

/** The row a round-opening event gives (null: the round has no timing rules, or it is not open). */
function openedRow(stored: StoredEvent, resource: DocumentResource): Row | null {
  const timers = parseTimerRules(stored.metadata.approvalTimers);
  if (timers.length === 0) return null;
  const event = statusOf(stored);
  const { context, waitingLevel } = roundAfter(null, { ...event, statusBefore: null });
  if (waitingLevel === null) return null;
  return {
    documentId: documentIdOf(stored.streamId, resource),
    streamId: stored.streamId,
    resource,
    roundRevision: stored.revision,
    round: context.approval,
    timers,
    level: waitingLevel,
    since: event.at,
  };
}

type Kept = { round_revision: string | number; approval_round: string; timers: string; level: number; since: Date | string };

/** The statements for an event that moves a kept round on (the row as it stood is `kept`). */
function movedOn(stored: StoredEvent, resource: DocumentResource, kept: Kept): InlineStatement[] {
  const event = statusOf(stored);
  const documentId = documentIdOf(stored.streamId, resource);
  const before = { ...initialContext(event.resource, event.machineVersion), approval: JSON.parse(kept.approval_round) as ApprovalRound };
  const { context, waitingLevel } = roundAfter(before, event);
  if (waitingLevel === null) return [dropRow(documentId, '')];
  if (waitingLevel === kept.level)
    return [
      {
        text: 'UPDATE approval_timer_waits SET approval_round = $2 WHERE document_id = $1',
        params: [documentId, JSON.stringify(context.approval)],
      },
    ];
  // The previous level got its quorum: the next one waits from this event's time.
  const row: Row = {
    documentId,
    streamId: stored.streamId,
    resource,
    roundRevision: Number(kept.round_revision),
    round: context.approval,
    timers: parseTimerRules(JSON.parse(kept.timers)),
    level: waitingLevel,
    since: event.at,
  };
  return [waitingRow(row, '')];
}

async function applyOne(stored: StoredEvent, db: SqlExecutor): Promise<void> {
  const run = async (statements: readonly InlineStatement[]) => {
    for (const statement of statements) await db.query(statement.text, [...statement.params]);
  };
  if (stored.type !== 'WorkflowStatusChanged') return run([flagRow(stored, '')]);
  const resource = stored.streamType;
  if (!isDocumentResource(resource)) return;
  if (!touchesRound(stored)) return run(statusWrites(stored, resource, ''));
  const [kept] = await db.query<Kept>(
    'SELECT round_revision, approval_round, timers, level, since FROM approval_timer_waits WHERE document_id = $1',
    [documentIdOf(stored.streamId, resource)],
  );
  if (kept) await run(movedOn(stored, resource, kept));
}

/** An event that opens a round (sets the row whole) or ends it (drops the row): no read needed. */
function statusWrites(stored: StoredEvent, resource: DocumentResource, appended: string): InlineStatement[] {
  const opened = opensRound(stored) ? openedRow(stored, resource) : null;
  return [opened ? waitingRow(opened, appended) : dropRow(documentIdOf(stored.streamId, resource), appended)];
}

export const approvalWaitsProjection: Projection = {
  name: 'approvalTimerWaits',
  eventTypes: ['WorkflowStatusChanged', 'ApprovalReminderSent', 'ApprovalEscalated'],
  tables: [APPROVAL_WAITS_TABLE],
  setupSql: approvalWaitsSql,
  async apply(events, db) {
    for (const stored of events) await applyOne(stored, db);
  },
  // One status event that opens or ends a round, or one timer event, rides in the append's statement; one
  // that moves a round on needs the kept round (a read): it takes the transaction, as the documents' does.
  inline(events) {
    const [stored] = events;
    if (events.every((e) => e.type === 'WorkflowStatusChanged' && !isDocumentResource(e.streamType))) return [];
    if (events.length !== 1 || !stored) return null;
    if (stored.type !== 'WorkflowStatusChanged') return [flagRow(stored, APPENDED)];
    if (!isDocumentResource(stored.streamType)) return [];
    if (touchesRound(stored)) return null;
    return statusWrites(stored, stored.streamType, APPENDED);
  },
};
