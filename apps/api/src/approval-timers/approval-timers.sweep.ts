// One sweep of the approval timers at `now` (the app's clock): every waiting level past its due time and not
// yet reminded gets its `ApprovalReminderSent`; every one past its escalation time and not yet escalated is
// escalated: the document records `Escalate` (the target resolved now: the named member, or the holders of
// the next verify level of this document) and the timer stream `ApprovalEscalated`. Each fact happens once
// however many sweeps run at once: the reminder opens the level's timer stream (expected "no stream"), the
// Escalate is appended at the document revision it was judged at, and `ApprovalEscalated` at the timer
// stream's revision read just before. The read model only says where to look; the document's stream decides.
import { VerifyLevels, type DocumentResource, type VerifyLevel } from '@binaan/contracts';
import { WrongExpectedRevision, type EventStore, type ExpectedRevision, type SqlExecutor } from '@binaan/event-store';
import type { DocumentActors } from '../documents/document-actor.js';
import {
  APPROVAL_TIMER_ACTOR,
  APPROVAL_TIMER_STREAM_TYPE,
  approvalTimerStream,
  type ApprovalEscalatedData,
  type ApprovalReminderSentData,
} from './approval-timer.events.js';
import { parseTimerRules, type ApprovalTimerRule } from './due-times.js';
import { escalateDocument, readTimedDocument, recordedEscalation, stillWaits, type TimedDocument } from './escalate-document.js';
import { iso } from '../common/iso.js';

/** Levels handled by one sweep at most, per kind of fact (the next sweep takes the rest). */
export const SWEEP_LIMIT = 200;

export type SweepRun = { reminded: string[]; escalated: string[]; skipped: string[] };

type DueRow = {
  document_id: string;
  resource: DocumentResource;
  round_revision: string | number;
  level: number;
  since: Date | string;
  due_at: Date | string;
  escalate_at: Date | string | null;
  timers: string;
};

const COLUMNS = 'document_id, resource, round_revision, level, since, due_at, escalate_at, timers';

export class ApprovalTimerSweep {
  constructor(
    private readonly store: EventStore,
    private readonly db: SqlExecutor,
    private readonly actors: () => DocumentActors,
  ) {}

  async run(now: Date): Promise<SweepRun> {
    const run: SweepRun = { reminded: [], escalated: [], skipped: [] };
    const due = await this.db.query<DueRow>(
      `SELECT ${COLUMNS} FROM approval_timer_waits WHERE NOT reminded AND due_at <= $1 ORDER BY due_at, document_id LIMIT ${SWEEP_LIMIT}`,
      [now.toISOString()],
    );
    for (const row of due) ((await this.remind(row, now)) ? run.reminded : run.skipped).push(row.document_id);
    const overdue = await this.db.query<DueRow>(
      `SELECT ${COLUMNS} FROM approval_timer_waits WHERE NOT escalated AND escalate_at <= $1 ORDER BY escalate_at, document_id LIMIT ${SWEEP_LIMIT}`,
      [now.toISOString()],
    );
    for (const row of overdue) ((await this.escalate(row, now)) ? run.escalated : run.skipped).push(row.document_id);
    return run;
  }

  private waiting(row: DueRow): Omit<ApprovalReminderSentData, 'at'> {
    return {
      documentId: row.document_id,
      resource: row.resource,
      roundRevision: Number(row.round_revision),
      level: Number(row.level) as VerifyLevel,
      since: iso(row.since),
      dueAt: iso(row.due_at),
    };
  }

  /** The reminder opens the level's timer stream: only the first sweep to append it succeeds. */
  private async remind(row: DueRow, now: Date): Promise<boolean> {
    const data: ApprovalReminderSentData = { ...this.waiting(row), at: now.toISOString() };
    return this.record(data, 'ApprovalReminderSent', 'no_stream');
  }

  private async escalate(row: DueRow, now: Date): Promise<boolean> {
    const waiting = this.waiting(row);
    const rule = parseTimerRules(JSON.parse(row.timers)).find((r) => r.level === waiting.level);
    if (!rule?.escalateTo || row.escalate_at === null) return false;
    const document = await readTimedDocument(this.store, row.resource, row.document_id);
    if (!document) return false;
    let recorded = recordedEscalation(document, waiting.level);
    if (!recorded) {
      // The read model may trail the stream by an append: the document's stream decides whether the level still waits.
      if (!stillWaits(document, waiting.roundRevision, waiting.level)) return false;
      const toUserIds = await this.targetOf(document, rule);
      if (toUserIds.length === 0) return false;
      const reason = `verify level ${waiting.level} overdue since ${waiting.dueAt}`;
      const revision = await escalateDocument(this.store, document, { level: waiting.level, toUserIds }, now, reason);
      if (revision === null) return false;
      recorded = { revision, toUserIds };
    }
    // The timer stream after the reminder (or opened by this, should the reminder be missing).
    const head = await this.store.streamHead(approvalTimerStream(waiting.documentId, waiting.roundRevision, waiting.level));
    const data: ApprovalEscalatedData = {
      ...waiting,
      escalateAt: iso(row.escalate_at),
      at: now.toISOString(),
      target: rule.escalateTo,
      toUserIds: recorded.toUserIds,
      documentRevision: recorded.revision,
    };
    return this.record(data, 'ApprovalEscalated', head === null ? 'no_stream' : head.revision);
  }

  /**
   * Whom an overdue level is opened to: the named member, or the holders of the next verify level of this
   * document (its project's or its company's), without the overdue level's own holders (they could act all
   * along: opening the level to them changes nothing), those who already approved in the round and the
   * creator unless the round allows self-approval (the machine would refuse them anyway).
   */
  private async targetOf(document: TimedDocument, rule: ApprovalTimerRule): Promise<string[]> {
    if (rule.escalateTo?.to === 'user') return [rule.escalateTo.userId];
    const next = VerifyLevels[VerifyLevels.indexOf(rule.level) + 1];
    if (next === undefined) return [];
    const { state } = document;
    const { approval, createdByUserId } = state.workflow.context;
    const approved = new Set(approval.approvals.map((a) => a.userId));
    for (const holder of await this.actors().holdersOf(state, state.resource, rule.level)) approved.add(holder.userId);
    const holders = await this.actors().holdersOf(state, state.resource, next);
    return holders
      .map((h) => h.userId)
      .filter((userId) => !approved.has(userId) && (approval.allowSelfApproval || userId !== createdByUserId));
  }

  private async record(
    data: ApprovalReminderSentData | ApprovalEscalatedData,
    type: 'ApprovalReminderSent' | 'ApprovalEscalated',
    expectedRevision: ExpectedRevision,
  ): Promise<boolean> {
    try {
      await this.store.append({
        streamId: approvalTimerStream(data.documentId, data.roundRevision, data.level),
        streamType: APPROVAL_TIMER_STREAM_TYPE,
        expectedRevision,
        events: [{ type, data: data, metadata: { actorUserId: APPROVAL_TIMER_ACTOR } }],
      });
      return true;
    } catch (error) {
      // Another sweep recorded it first: nothing more to do here.
      if (error instanceof WrongExpectedRevision) return false;
      throw error;
    }
  }
}
