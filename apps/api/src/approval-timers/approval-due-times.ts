// What the documents' reads show of a waiting level's timer: its due time and how overdue it is now (the
// app's clock), from the read model by the document's primary key; and the SQL a list uses for the same in
// its own SELECT (one primary-key lookup per row of the page, no whole-set work).
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { overdueBy } from './due-times.js';

export type DueTime = { dueAt: string | null; overdueBy: number | null };

const NONE: DueTime = { dueAt: null, overdueBy: null };

/** A list's column: the due time of the level the row's round waits for (`row` names the list's alias, with id and awaiting level columns). */
export const dueAtColumn = (row: string, idColumn = 'id', levelColumn = 'awaiting_level') =>
  `(SELECT t.due_at FROM approval_timer_waits t WHERE t.document_id = ${row}.${idColumn} AND t.level = ${row}.${levelColumn}) AS due_at`;

export const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

@Injectable()
export class ApprovalDueTimes {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /**
   * The due time of `level` in the document's open round and how long past it the level is now (ms, 0 while
   * not yet due); nulls when the level has no response time (or the round waits for another level). `revision`:
   * the document's revision as read (a view as of a past point), so a round opened after it lends it no due time.
   */
  async of(documentId: string, level: number | null, revision: number): Promise<DueTime> {
    if (level === null) return NONE;
    const [row] = await this.db.query<{ due_at: Date | string | null }>(
      'SELECT due_at FROM approval_timer_waits WHERE document_id = $1 AND level = $2 AND round_revision <= $3',
      [documentId, level, revision],
    );
    if (!row?.due_at) return NONE;
    const dueAt = new Date(row.due_at);
    return { dueAt: dueAt.toISOString(), overdueBy: overdueBy(dueAt, this.now()) };
  }
}
