// The subscription periods' clock, on the process that runs the reactors (as the tender close): a scan at
// start and every PERIODS_EVERY_MS. Not scheduled under NODE_ENV=test (tests call run(now)).
// - A company approved on the platform (not the demo's) gets its free trial: the basic package of its type for
//   TRIAL_DAYS from its approval. The trial is the first event of its subscription stream, appended with
//   no_stream, so two scans (two hosts) record it once, and a company with periods already gets none.
// - A period past its end gets its SubscriptionPeriodEnded (reason expired), at the revision read.
// - A bill paid in the last day without its period (a process stopped between the two appends) gets it.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { CompanySubmissionStatus } from '@binaan/contracts';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, EVENT_STORE } from '../store/store.tokens.js';
import { BillingPayments } from './billing-payments.service.js';
import { packageTypeOf } from './package-of-company.js';
import { TRIAL_DAYS } from './subscription-periods.js';
import { SUBSCRIPTION_STREAM_TYPE, subscriptionStream, type SubscriptionEvent } from './subscriptions.events.js';

export const PERIODS_EVERY_MS = 60_000;
const ACTOR = 'system:subscriptions';
/** Companies, periods and bills handled by one scan at most (the next scan takes the rest). */
const SCAN_LIMIT = 200;
const DAY_MS = 86_400_000;

export type PeriodsRun = { trials: string[]; expired: string[]; repaired: string[] };

@Injectable()
export class SubscriptionPeriodsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SubscriptionPeriods');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly bills: BillingPayments,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.reactors || this.config.environment === 'test') return;
    const tick = () => {
      this.running = this.run(this.now()).catch((error: unknown) =>
        this.logger.error(`subscription periods: ${error instanceof Error ? error.message : String(error)}`),
      );
    };
    tick();
    this.timer = setInterval(tick, PERIODS_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async run(now: Date): Promise<PeriodsRun> {
    return { trials: await this.startTrials(now), expired: await this.endExpired(now), repaired: await this.repair(now) };
  }

  /** Approved companies (not the demo's) without a subscription stream: the trial from their approval. */
  private async startTrials(now: Date): Promise<string[]> {
    const rows = await this.db.query<{ company_id: string; subscription_type: number | null; approved_at: Date | string }>(
      `SELECT c.company_id, c.subscription_type, c.approved_at FROM companies c
       WHERE c.status = $1 AND NOT c.is_demo AND c.approved_at IS NOT NULL AND c.approved_at > $2
         AND NOT EXISTS (SELECT 1 FROM subscription_periods p WHERE p.company_id = c.company_id)
       ORDER BY c.approved_at LIMIT $3`,
      // Only companies approved since trials began to be recorded may be missing one; older ones keep their tier.
      [CompanySubmissionStatus.Approved, new Date(now.getTime() - TRIAL_DAYS * DAY_MS).toISOString(), SCAN_LIMIT],
    );
    const started: string[] = [];
    for (const row of rows) {
      const from = new Date(row.approved_at);
      const event: SubscriptionEvent = {
        type: 'SubscriptionPeriodStarted',
        data: {
          companyId: row.company_id,
          packageId: `${packageTypeOf(row.subscription_type)}-basic`,
          billingId: null,
          from: from.toISOString(),
          to: new Date(from.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
          change: 'trial',
        },
      };
      try {
        await this.store.append({
          streamId: subscriptionStream(row.company_id),
          streamType: SUBSCRIPTION_STREAM_TYPE,
          expectedRevision: 'no_stream',
          events: [
            {
              type: event.type,
              data: event.data,
              metadata: { actorUserId: ACTOR, actorCompanyId: row.company_id, reason: `free trial of ${TRIAL_DAYS} days from approval` },
            },
          ],
        });
        started.push(row.company_id);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // a period was recorded meanwhile: it stands
      }
    }
    return started;
  }

  /** Periods past their end: each ended by the event that says so, at its end. */
  private async endExpired(now: Date): Promise<string[]> {
    const rows = await this.db.query<{
      company_id: string;
      package_id: string;
      billing_id: string | null;
      period_from: Date | string;
      period_to: Date | string;
    }>(
      'SELECT company_id, package_id, billing_id, period_from, period_to FROM subscription_periods WHERE ended_at IS NULL AND period_to <= $1 ORDER BY period_to LIMIT $2',
      [now.toISOString(), SCAN_LIMIT],
    );
    const ended: string[] = [];
    for (const row of rows) {
      const stream = await this.store.readStream(subscriptionStream(row.company_id));
      const from = new Date(row.period_from).toISOString();
      const already = stream.some((e) => e.type === 'SubscriptionPeriodEnded' && (e.data as { from: string }).from === from);
      if (already) continue;
      const event: SubscriptionEvent = {
        type: 'SubscriptionPeriodEnded',
        data: {
          companyId: row.company_id,
          packageId: row.package_id as never,
          billingId: row.billing_id,
          from,
          at: new Date(row.period_to).toISOString(),
          reason: 'expired',
        },
      };
      try {
        await this.store.append({
          streamId: subscriptionStream(row.company_id),
          streamType: SUBSCRIPTION_STREAM_TYPE,
          expectedRevision: stream[stream.length - 1]!.revision,
          events: [
            {
              type: event.type,
              data: event.data,
              metadata: { actorUserId: ACTOR, actorCompanyId: row.company_id, reason: 'the period reached its end' },
            },
          ],
        });
        ended.push(`${row.company_id} ${from}`);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error; // another scan or a payment moved the stream: the next scan judges again
      }
    }
    return ended;
  }

  private async repair(now: Date): Promise<string[]> {
    const missing = await this.bills.paidWithoutPeriod(new Date(now.getTime() - DAY_MS), SCAN_LIMIT);
    for (const billingId of missing) await this.bills.startPeriodOf(billingId);
    return missing;
  }
}
