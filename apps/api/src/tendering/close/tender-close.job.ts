// The timer close: at a tender's close time the tender machine's `Close` is recorded by the
// system (`system:tender-close`, the machine's `system` guard), so the tender moves to comparison by itself
// and its bids are opened by a recorded act, as the manual close records one with its user.
// - Due times come from `tender_close_due` (tender-close.projection.ts), rebuilt by `store rebuild`.
// - The job runs on the process that runs the reactors (config.reactors: the first worker of a cluster, as
//   the retention job): a scan at start (a tender whose close time passed while no process ran is closed
//   then) and one every TENDER_CLOSE_EVERY_MS. Not scheduled under NODE_ENV=test (tests call run()).
// - Safe when two run (two hosts both with reactors, or a scan overlapping a manual Close): each tender is
//   folded from its stream, judged again (still active, close time passed on this clock) and appended with
//   the revision it was read at, so the second writer is refused by the store and records nothing.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { SYSTEM_ACTOR, type Actor } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import type { ApiConfig } from '../../config.js';
import { decideAction } from '../../documents/document.decider.js';
import { documentStreamId, foldDocument } from '../../documents/document.state.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';

/** Who closes a tender at its close time: the platform, not a user (as retention is `system:retention`). */
export const TENDER_CLOSE_ACTOR = 'system:tender-close';
/** How often the due tenders are looked for: a tender closes at most this long after its close time. */
export const TENDER_CLOSE_EVERY_MS = 15_000;
/** Tenders closed by one scan at most (the next scan takes the rest). */
const SCAN_LIMIT = 200;

export type CloseRun = { closed: string[]; skipped: string[] };

const actor: Actor = { ...SYSTEM_ACTOR, userId: TENDER_CLOSE_ACTOR };

/** Closes every active tender whose close time is at or before `now`; each append guarded by the revision it was judged at. */
export async function closeDueTenders(store: EventStore, db: SqlExecutor, now: Date): Promise<CloseRun> {
  const run: CloseRun = { closed: [], skipped: [] };
  const due = await db.query<{ tender_id: string }>(
    'SELECT tender_id FROM tender_close_due WHERE active AND close_at <= $1 ORDER BY close_at, tender_id LIMIT $2',
    [now.toISOString(), SCAN_LIMIT],
  );
  for (const { tender_id: id } of due) {
    const streamId = documentStreamId('tender', id);
    const state = foldDocument(await store.readStream(streamId));
    // The read model may lag a moment behind the stream (another process's append): the stream decides.
    if (state === null || state.workflow.status !== 'active' || !state.fields.closeAt || Date.parse(state.fields.closeAt) > now.getTime()) {
      run.skipped.push(id);
      continue;
    }
    const event = decideAction(state, 'Close', {}, actor, now.toISOString());
    try {
      await store.append({
        streamId,
        streamType: 'tender',
        expectedRevision: state.revision,
        events: [
          {
            type: 'WorkflowStatusChanged',
            data: event as unknown as JsonValue,
            metadata: { actorUserId: TENDER_CLOSE_ACTOR, reason: `close time ${state.fields.closeAt} reached` },
          },
        ],
      });
      run.closed.push(id);
    } catch (error) {
      // Another process (or a user's manual Close) moved the tender first: nothing recorded, nothing to do.
      if (!(error instanceof WrongExpectedRevision)) throw error;
      run.skipped.push(id);
    }
  }
  return run;
}

@Injectable()
export class TenderCloseJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TenderClose');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<CloseRun> | null = null;
  /** The scan made at start (tests wait on it). */
  started: Promise<CloseRun> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  onApplicationBootstrap(): void {
    // Under NODE_ENV=test the suites move a test clock past close times and close by hand (or call run()):
    // a schedule of its own would close their tenders between two steps. Everywhere else it runs.
    if (!this.config.reactors || this.config.environment === 'test') return;
    const tick = () =>
      this.run().catch((error: unknown) => {
        this.logger.error(`tender close: ${error instanceof Error ? error.message : String(error)}`);
        return { closed: [], skipped: [] } satisfies CloseRun;
      });
    this.started = tick();
    this.timer = setInterval(() => void tick(), TENDER_CLOSE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One scan (a scan already under way is joined, not doubled). */
  run(): Promise<CloseRun> {
    this.running ??= closeDueTenders(this.store, this.db, this.now())
      .then((run) => {
        if (run.closed.length > 0) this.logger.log(`tender close: closed ${run.closed.length} tender(s) at their close time`);
        return run;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
