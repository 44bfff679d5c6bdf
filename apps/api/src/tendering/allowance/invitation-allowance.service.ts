// §9 on the server: a buyer company's tender invitations in its current subscription year, counted over one
// index range (`tender_invitations_by_buyer`: buyer_company_id, invited_at), so the count is one company's
// year and never a whole table. The read model is fed in the append's transaction (inline projection), so
// an invitation is counted as soon as it is recorded. Checked right before each append of
// `TenderSellerInvited` (the directory invite, the e-mail invitation's take-up by a user or on approval).
// A limited company's check and the append it allows run one at a time per company (`withinAllowance`):
// two batches on two tenders at the same instant could both have counted the same 99 and recorded 101.
// The limit is the platform configuration's tender-invitation figure of the company's package (the running
// subscription period's, else the tier its subscription names), so an administrator's change counts at once.
import { Inject, Injectable } from '@nestjs/common';
import type { SqlDatabase, SqlExecutor } from '@binaan/event-store';
import { OneAtATime } from '../../common/one-at-a-time.js';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import { PlatformConfiguration } from '../../platform-configuration/platform-configuration.service.js';
import { packageSettingKey, type PackageId } from '../../platform-configuration/platform-settings.js';
import { SubscriptionStanding } from '../../subscriptions/subscription-standing.service.js';
import { allowanceOf, mustHaveAllowance, subscriptionYear, tierOf, type InvitationAllowance } from './invitation-allowance.js';

@Injectable()
export class InvitationAllowanceService {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly configuration: PlatformConfiguration,
    private readonly standing: SubscriptionStanding,
  ) {}

  /** The company's allowance now: tier, limit, used in this subscription year, what is left, the 80% warning. */
  async of(companyId: string): Promise<InvitationAllowance> {
    const [company] = await this.db.query<{
      subscription_type: number | null;
      subscription_detail_type: string | null;
      approved_at: Date | string | null;
      registered_at: Date | string;
    }>('SELECT subscription_type, subscription_detail_type, approved_at, registered_at FROM companies WHERE company_id = $1', [companyId]);
    const packageId = await this.standing.packageOf(companyId);
    const tier = tierOf(packageId.split('-')[1]);
    const now = this.now();
    // A company approved before approved_at was kept (or never approved: an admin's) counts from its registration.
    const anchor = company ? new Date(company.approved_at ?? company.registered_at) : now;
    const period = subscriptionYear(anchor, now);
    const [row] = await this.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM tender_invitations WHERE buyer_company_id = $1 AND invited_at >= $2 AND invited_at < $3',
      [companyId, period.start.toISOString(), period.end.toISOString()],
    );
    return allowanceOf(tier, Number(row?.n ?? 0), period, await this.limitOf(packageId));
  }

  /**
   * Runs `record` (the append of `adding` invitations) once the year's count allows them, else refuses
   * (409 tenderInvitationLimitReached, all or none, nothing run). For a limited company the count and the
   * append hold the company's turn until the append is committed: in this process a queue per company; on
   * PostgreSQL also a transaction-scoped advisory lock, for the other API processes. The count is read after
   * the turn is taken, so it includes every batch that went before.
   */
  async withinAllowance<T>(companyId: string, adding: number, record: () => Promise<T>): Promise<T> {
    if (!(await this.isLimited(companyId))) return record();
    return this.turns.run(companyId, async () => {
      const database = this.db as Partial<SqlDatabase>;
      // PGlite is one process's database: the queue above is the whole turn there.
      if (database.kind !== 'postgres' || !database.transaction) {
        mustHaveAllowance(await this.of(companyId), adding);
        return record();
      }
      // The lock's transaction holds one pooled connection while the append commits on another.
      return database.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ALLOWANCE_LOCK, companyId]);
        mustHaveAllowance(await this.of(companyId), adding);
        return record();
      });
    });
  }

  private async isLimited(companyId: string): Promise<boolean> {
    return (await this.limitOf(await this.standing.packageOf(companyId))) !== null;
  }

  /** The configured tender invitations a year of the package (null: unlimited). */
  private limitOf(packageId: PackageId): Promise<number | null> {
    return this.configuration.value(packageSettingKey(packageId, 'tenderInvitations'));
  }

  private readonly turns = new OneAtATime();
}

/** The advisory locks' first key for §9's turns (the second: the company id's hash). */
const ALLOWANCE_LOCK = 7_310_018;
