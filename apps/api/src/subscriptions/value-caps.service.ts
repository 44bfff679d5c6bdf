// §9's annual value caps where the work happens: before a company asks for approval of (or submits) a
// letter of award, an order or a claim, its committed value this subscription year plus this document's
// must stay within its package's cap, else 409 subscriptionLimit (§8.3 "subscription limit exceeded").
// Counted over the documents read model's company rows, one company's year at a time. The check and the
// append it allows run one at a time per company (in this process a queue, on PostgreSQL also an advisory
// lock for the other API processes), as the tender-invitation allowance does: two requests at the same
// instant cannot both pass on the same remaining amount.
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { SqlDatabase, SqlExecutor } from '@binaan/event-store';
import { OneAtATime } from '../common/one-at-a-time.js';
import { CLOCK, READ_MODELS, type Clock } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { PlatformConfiguration } from '../platform-configuration/platform-configuration.service.js';
import { packageSettingKey } from '../platform-configuration/platform-settings.js';
import { subscriptionYear } from '../tendering/allowance/invitation-allowance.js';
import { SubscriptionStanding } from './subscription-standing.service.js';
import {
  CAP_FIGURE,
  CAP_GROUPS,
  CAPPED_RESOURCES,
  DRAFT_STATUS,
  UNCOMMITTED_STATUSES,
  capGroupOf,
  capUsageOf,
  type CapGroup,
  type CapUsage,
} from './value-caps.js';

/** The advisory locks' first key for the value caps' turns (the second: the company id's hash). */
const VALUE_CAP_LOCK = 7_310_019;

@Injectable()
export class ValueCaps {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly configuration: PlatformConfiguration,
    private readonly standing: SubscriptionStanding,
  ) {}

  /** The company's use of each cap this subscription year, with the 80% warning. */
  async usage(companyId: string): Promise<CapUsage[]> {
    return Promise.all(CAP_GROUPS.map((group) => this.usageOf(companyId, group)));
  }

  /**
   * Runs `record` (the append that commits a document of `resource` worth `addingSen`) once the company's cap
   * allows it; a resource no cap counts, or an unlimited package, runs it at once.
   */
  async within<T>(companyId: string, resource: string, addingSen: number, record: () => Promise<T>): Promise<T> {
    const group = capGroupOf(resource);
    if (group === null || (await this.limitOf(companyId, group)) === null) return record();
    return this.turns.run(companyId, async () => {
      const database = this.db as Partial<SqlDatabase>;
      if (database.kind !== 'postgres' || !database.transaction) {
        await this.mustFit(companyId, group, addingSen);
        return record();
      }
      return database.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [VALUE_CAP_LOCK, companyId]);
        await this.mustFit(companyId, group, addingSen);
        return record();
      });
    });
  }

  private async mustFit(companyId: string, group: CapGroup, addingSen: number): Promise<void> {
    const usage = await this.usageOf(companyId, group);
    if (usage.limit === null || usage.used + addingSen <= usage.limit) return;
    throw refusal(
      409,
      ErrorCodes.subscriptionLimit,
      `This would pass the package's ${group} value a year: RM ${(usage.used / 100).toFixed(2)} of RM ${(usage.limit / 100).toFixed(2)} used, this one RM ${(addingSen / 100).toFixed(2)}. A larger package raises the cap.`,
      { group, limit: usage.limit, used: usage.used, adding: addingSen },
    );
  }

  private async usageOf(companyId: string, group: CapGroup): Promise<CapUsage> {
    const [company] = await this.db.query<{ approved_at: Date | string | null; registered_at: Date | string }>(
      'SELECT approved_at, registered_at FROM companies WHERE company_id = $1',
      [companyId],
    );
    const now = this.now();
    const period = subscriptionYear(company ? new Date(company.approved_at ?? company.registered_at) : now, now);
    const [row] = await this.db.query<{ used: string | number | null }>(
      `SELECT COALESCE(SUM(total_sen), 0) AS used FROM documents
       WHERE company_id = $1 AND resource = ANY($2::text[]) AND created_at >= $3 AND created_at < $4 AND NOT (status = ANY($5::text[]))
         AND (status <> $6 OR awaiting_level IS NOT NULL)`,
      [companyId, CAPPED_RESOURCES[group], period.start.toISOString(), period.end.toISOString(), UNCOMMITTED_STATUSES, DRAFT_STATUS],
    );
    return capUsageOf(group, await this.limitOf(companyId, group), Number(row?.used ?? 0), period);
  }

  /** The configured cap of the company's package for the group, in sen a year (null: unlimited). */
  private async limitOf(companyId: string, group: CapGroup): Promise<number | null> {
    return this.configuration.value(packageSettingKey(await this.standing.packageOf(companyId), CAP_FIGURE[group]));
  }

  private readonly turns = new OneAtATime();
}
