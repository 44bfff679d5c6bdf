// The monthly usage bill: once a Malaysian calendar month has ended, each company that accrued transaction
// fees in it (transaction-fees.projection.ts) gets one billing record of kind `usage` through the billing
// machine (Create, then Issue, by the platform: `system:usage-billing`), numbered in the one INV- sequence
// with the orders' bills (the number is the stream's name, appended expecting no stream; a race for a
// number takes the next). Its lines are the month's documents with their base and fee at the configured
// `transactionFeeRate`, SST at `sstRate` on the fees.
// - Once per company and month: the run first claims `usageBill-<companyId>-<yyyy-mm>` (appended expecting
//   no stream), so a second run, or a second process, records nothing; the claim is closed with the bill's
//   number once the bill is recorded. A claim left open an hour (the process stopped between the two) is
//   taken over by appending at its revision, so exactly one later run records the bill.
// - Runs as the tender close job does: on the process that runs the reactors, a scan at start and every
//   hour (a month's bills come in the first hour of the next month, or at the next start), never by itself
//   under NODE_ENV=test (tests call run(now)).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { decide, SYSTEM_ACTOR } from '@binaan/workflows';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import type { ApiConfig } from '../../config.js';
import { PlatformConfiguration } from '../../platform-configuration/platform-configuration.service.js';
import { API_CONFIG, EVENT_STORE } from '../../store/store.tokens.js';
import { buyerOf } from '../billing-buyer.js';
import { invoiceNumber } from '../subscriptions.service.js';
import { BILLING_STREAM_TYPE, billingStream, type BillingEvent } from '../subscriptions.events.js';
import type { FeeDocumentKind } from './transaction-fees.projection.js';
import { previousMalaysianMonth, usageBill, type AccruedFee } from './usage-billing.js';

/** Who records usage bills: the platform, not a user. */
export const USAGE_BILLING_ACTOR = 'system:usage-billing';
export const USAGE_BILLING_EVERY_MS = 3_600_000;
/** A claim without its bill this long is the trace of a stopped process: a later run takes it over. */
const STALE_CLAIM_MS = 3_600_000;
export const USAGE_BILL_STREAM_TYPE = 'usageBill';
export const usageBillStream = (companyId: string, period: string) => `${USAGE_BILL_STREAM_TYPE}-${companyId}-${period}`;

export type UsageClaimEvent =
  | { type: 'UsageBillClaimed'; data: { companyId: string; period: string } }
  | { type: 'UsageBillRecorded'; data: { companyId: string; period: string; billingId: string } };

export type UsageRun = { period: string; billed: { companyId: string; billingId: string }[]; skipped: string[] };

const metadata = (companyId: string) => ({ actorUserId: USAGE_BILLING_ACTOR, actorCompanyId: companyId });

export async function billUsage(store: EventStore, db: SqlExecutor, configuration: PlatformConfiguration, now: Date): Promise<UsageRun> {
  const month = previousMalaysianMonth(now);
  const run: UsageRun = { period: month.period, billed: [], skipped: [] };
  const rows = await db.query<{
    company_id: string;
    document_id: string;
    resource: FeeDocumentKind;
    document_no: string;
    base_sen: string | number;
  }>(
    `SELECT company_id, document_id, resource, document_no, base_sen FROM transaction_fees
     WHERE accrued_at >= $1 AND accrued_at < $2 ORDER BY company_id, accrued_at, resource, document_no`,
    [month.start.toISOString(), month.end.toISOString()],
  );
  const byCompany = new Map<string, AccruedFee[]>();
  for (const row of rows) {
    const fees = byCompany.get(row.company_id) ?? [];
    fees.push({ documentId: row.document_id, resource: row.resource, documentNo: row.document_no, baseSen: Number(row.base_sen) });
    byCompany.set(row.company_id, fees);
  }
  for (const [companyId, fees] of byCompany) {
    if (!(await claim(store, companyId, month.period, now))) {
      run.skipped.push(companyId);
      continue;
    }
    const values = await configuration.values();
    const { lines, amounts } = usageBill(fees, values.get('transactionFeeRate') ?? 0, values.get('sstRate') ?? 0);
    const billingId = await record(store, db, companyId, month.period, values.get('transactionFeeRate') ?? 0, lines, amounts, now);
    await store.append({
      streamId: usageBillStream(companyId, month.period),
      streamType: USAGE_BILL_STREAM_TYPE,
      expectedRevision: 'any',
      events: [{ type: 'UsageBillRecorded', data: { companyId, period: month.period, billingId }, metadata: metadata(companyId) }],
    });
    run.billed.push({ companyId, billingId });
  }
  return run;
}

/** Whether this run is the one to bill the company's month: it claimed it first, or took over a claim left open. */
async function claim(store: EventStore, companyId: string, period: string, now: Date): Promise<boolean> {
  const streamId = usageBillStream(companyId, period);
  const events = await store.readStream(streamId);
  if (events.some((event) => event.type === 'UsageBillRecorded')) return false;
  const last = events.at(-1);
  if (last && now.getTime() - Date.parse(last.metadata.recordedAt) < STALE_CLAIM_MS) return false;
  try {
    await store.append({
      streamId,
      streamType: USAGE_BILL_STREAM_TYPE,
      expectedRevision: last ? last.revision : 'no_stream',
      events: [
        {
          type: 'UsageBillClaimed',
          data: { companyId, period },
          metadata: { ...metadata(companyId), reason: last ? 'claim left open taken over' : `transaction fees of ${period}` },
        },
      ],
    });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return false;
    throw error;
  }
}

/** The bill through the billing machine (Create, Issue by the platform) under the next invoice number. */
async function record(
  store: EventStore,
  db: SqlExecutor,
  companyId: string,
  period: string,
  feeRate: number,
  lines: ReturnType<typeof usageBill>['lines'],
  amounts: ReturnType<typeof usageBill>['amounts'],
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  const created = decide('billing', null, { type: 'Create', at, ownerCompanyId: companyId }, SYSTEM_ACTOR);
  if (!created.ok) throw new Error(`usage bill not made: ${created.refusal.code}`);
  const issued = decide('billing', created.state, { type: 'Issue', at }, SYSTEM_ACTOR);
  if (!issued.ok) throw new Error(`usage bill not issued: ${issued.refusal.code}`);
  const buyer = await buyerOf(db, companyId);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [last] = await db.query<{ n: number | string | null }>('SELECT max(sequence) AS n FROM billings');
    const sequence = Number(last?.n ?? 0) + 1;
    const billingId = invoiceNumber(sequence);
    const events: BillingEvent[] = [
      {
        type: 'BillingRecorded',
        data: {
          billingId,
          invoiceNo: billingId,
          sequence,
          orderId: randomUUID(),
          buyer,
          packageId: null,
          coupon: null,
          amounts,
          orderedBy: USAGE_BILLING_ACTOR,
          kind: 'usage',
          period,
          feeRate,
          lines,
        },
      },
      { type: 'BillingStatusChanged', data: { billingId, change: created.event } },
      { type: 'BillingStatusChanged', data: { billingId, change: issued.event } },
    ];
    try {
      await store.append({
        streamId: billingStream(billingId),
        streamType: BILLING_STREAM_TYPE,
        expectedRevision: 'no_stream',
        events: events.map((e) => ({ type: e.type, data: e.data as unknown as JsonValue, metadata: metadata(companyId) })),
      });
      return billingId;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
    }
  }
  throw new Error('usage bill: no invoice number after 50 tries');
}

@Injectable()
export class UsageBillingJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UsageBilling');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<UsageRun> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly configuration: PlatformConfiguration,
  ) {}

  onApplicationBootstrap(): void {
    // Under NODE_ENV=test the suites bill by hand (run(now)) at the months they choose.
    if (!this.config.reactors || this.config.environment === 'test') return;
    const tick = () =>
      this.run().catch((error: unknown) => {
        this.logger.error(`usage billing: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
    void tick();
    this.timer = setInterval(() => void tick(), USAGE_BILLING_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One scan for the month before `now`'s (a scan under way is joined, not doubled). */
  run(now: Date = this.now()): Promise<UsageRun> {
    this.running ??= billUsage(this.store, this.db, this.configuration, now)
      .then((run) => {
        if (run.billed.length > 0) this.logger.log(`usage billing: ${run.billed.length} bill(s) for ${run.period}`);
        return run;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
