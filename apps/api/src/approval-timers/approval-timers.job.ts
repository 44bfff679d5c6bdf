// The approval timers' schedule, on the process that runs the reactors (config.reactors: the first worker of
// a cluster, as the tender close and the subscription periods): a sweep at start (levels that fell due while
// no process ran are handled then) and one every APPROVAL_TIMERS_EVERY_MS. Not scheduled under
// NODE_ENV=test (the suites move a test clock and call run()). Safe when several run: see the sweep.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import type { ApiConfig } from '../config.js';
import { DocumentActors } from '../documents/document-actor.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { ApprovalTimerSweep, type SweepRun } from './approval-timers.sweep.js';

/** How often overdue levels are looked for: a reminder or an escalation comes at most this long late. */
export const APPROVAL_TIMERS_EVERY_MS = 60_000;

const NOTHING: SweepRun = { reminded: [], escalated: [], skipped: [] };

@Injectable()
export class ApprovalTimersJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ApprovalTimers');
  private readonly sweep: ApprovalTimerSweep;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepRun> | null = null;
  /** The sweep made at start (tests wait on it). */
  started: Promise<SweepRun> | null = null;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(READ_MODELS) db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
    modules: ModuleRef,
  ) {
    // The documents context's own DocumentActors (holders of a level, through its read cache).
    this.sweep = new ApprovalTimerSweep(store, db, () => modules.get(DocumentActors, { strict: false }));
  }

  onApplicationBootstrap(): void {
    if (!this.config.reactors || this.config.environment === 'test') return;
    const tick = () =>
      this.run().catch((error: unknown) => {
        this.logger.error(`approval timers: ${error instanceof Error ? error.message : String(error)}`);
        return NOTHING;
      });
    this.started = tick();
    this.timer = setInterval(() => void tick(), APPROVAL_TIMERS_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => NOTHING);
  }

  /** One sweep at the app's clock (a sweep already under way in this process is joined, not doubled). */
  run(): Promise<SweepRun> {
    this.running ??= this.sweep
      .run(this.now())
      .then((run) => {
        if (run.reminded.length + run.escalated.length > 0)
          this.logger.log(`approval timers: ${run.reminded.length} reminder(s), ${run.escalated.length} escalation(s)`);
        return run;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
