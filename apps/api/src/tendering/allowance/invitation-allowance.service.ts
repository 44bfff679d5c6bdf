// §9 on the server: a buyer company's tender invitations in its current subscription year, counted over one
// index range (`tender_invitations_by_buyer`: buyer_company_id, invited_at), so the count is one company's
// year and never a whole table. The read model is fed in the append's transaction (inline projection), so
// an invitation is counted as soon as it is recorded. Checked right before each append of
// `TenderSellerInvited` (the directory invite, the e-mail invitation's take-up by a user or on approval).
import { Inject, Injectable } from '@nestjs/common';
import type { SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock } from '../../common/principal.js';
import { allowanceOf, mustHaveAllowance, subscriptionYear, TIER_LIMITS, tierOf, type InvitationAllowance } from './invitation-allowance.js';

@Injectable()
export class InvitationAllowanceService {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** The company's allowance now: tier, limit, used in this subscription year, what is left, the 80% warning. */
  async of(companyId: string): Promise<InvitationAllowance> {
    const [company] = await this.db.query<{ subscription_detail_type: string | null; approved_at: Date | string | null; registered_at: Date | string }>(
      'SELECT subscription_detail_type, approved_at, registered_at FROM companies WHERE company_id = $1', [companyId],
    );
    const tier = tierOf(company?.subscription_detail_type);
    const now = this.now();
    // A company approved before approved_at was kept (or never approved: an admin's) counts from its registration.
    const anchor = company ? new Date(company.approved_at ?? company.registered_at) : now;
    const period = subscriptionYear(anchor, now);
    const [row] = await this.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM tender_invitations WHERE buyer_company_id = $1 AND invited_at >= $2 AND invited_at < $3',
      [companyId, period.start.toISOString(), period.end.toISOString()],
    );
    return allowanceOf(tier, Number(row?.n ?? 0), period);
  }

  /** Refuses (409 tenderInvitationLimitReached, all or none) when `adding` more would pass the year's limit. */
  async mustAllow(companyId: string, adding: number): Promise<void> {
    const [company] = await this.db.query<{ subscription_detail_type: string | null }>('SELECT subscription_detail_type FROM companies WHERE company_id = $1', [companyId]);
    if (TIER_LIMITS[tierOf(company?.subscription_detail_type)] === null) return; // unlimited: nothing to count
    mustHaveAllowance(await this.of(companyId), adding);
  }
}
