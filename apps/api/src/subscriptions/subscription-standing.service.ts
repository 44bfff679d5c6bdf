// Where a company stands with its subscription (subscription-periods.ts standingOf) and what follows from it:
// the package its caps and allowances read, the reminder with the bill to pay, and — past the grace period —
// writes refused with §8.3's "payment overdue, service temporarily unavailable" while reads keep working.
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { iso, isoOrNull } from '../common/iso.js';
import { refusal } from '../common/refusal.js';
import type { PackageId } from '../platform-configuration/platform-settings.js';
import { tierOf } from '../tendering/allowance/invitation-allowance.js';
import { packageTypeOf } from './package-of-company.js';
import { standingOf, type Period, type Standing } from './subscription-periods.js';
import type { PeriodChange } from './subscriptions.events.js';

/**
 * Writes that go on while writes wait for payment: paying (quotes, orders, checkout, cheques), signing in and
 * out, the terms, one's own password, notifications read, and the ui's error reports. Path prefixes.
 */
const WRITES_WHILE_UNAVAILABLE = [
  '/api/subscriptions/',
  '/api/billings/',
  '/api/cheque-payments',
  '/api/login',
  '/api/users/logout',
  '/api/accept-eula',
  '/api/users/change-password',
  '/api/application/clear-notification-count',
  '/api/notifications',
  '/api/log-ui-error',
];

type PeriodRow = {
  package_id: string;
  billing_id: string | null;
  period_from: Date | string;
  period_to: Date | string;
  change: string;
  ended_at: Date | string | null;
};

export const SERVICE_AVAILABILITY = Symbol('SERVICE_AVAILABILITY');
export interface ServiceAvailability {
  /** Refuses a write of the chosen company's member while the company's writes wait for payment. */
  mustAllowWrite(principal: Principal, path: string): Promise<void>;
}

@Injectable()
export class SubscriptionStanding implements ServiceAvailability {
  constructor(
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  async periods(companyId: string): Promise<Period[]> {
    const rows = await this.db.query<PeriodRow>(
      'SELECT package_id, billing_id, period_from, period_to, change, ended_at FROM subscription_periods WHERE company_id = $1 ORDER BY period_from',
      [companyId],
    );
    return rows.map((row) => ({
      packageId: row.package_id as PackageId,
      billingId: row.billing_id,
      from: iso(row.period_from),
      to: iso(row.period_to),
      change: row.change as PeriodChange,
      endedAt: isoOrNull(row.ended_at),
    }));
  }

  /** The standing with the package it stands on (the held tier's when there are no periods) and the oldest bill waiting for payment. */
  async of(companyId: string): Promise<Standing & { packageId: PackageId; billToPay: { id: string; total: number } | null }> {
    const standing = standingOf(await this.periods(companyId), this.now());
    const [bill] = await this.db.query<{ billing_id: string; total: string | number }>(
      "SELECT billing_id, total FROM billings WHERE company_id = $1 AND status = 'pendingPayment' ORDER BY sequence LIMIT 1",
      [companyId],
    );
    return {
      ...standing,
      packageId: standing.packageId ?? (await this.heldPackage(companyId)),
      billToPay: bill ? { id: bill.billing_id, total: Number(bill.total) } : null,
    };
  }

  /** The package the company's caps and allowances read now. */
  async packageOf(companyId: string): Promise<PackageId> {
    return (await this.of(companyId)).packageId;
  }

  async mustAllowWrite(principal: Principal, path: string): Promise<void> {
    if (!principal.companyId || principal.userType === 2 || WRITES_WHILE_UNAVAILABLE.some((prefix) => path.startsWith(prefix))) return;
    const standing = standingOf(await this.periods(principal.companyId), this.now());
    if (standing.state !== 'unavailable') return;
    throw refusal(
      402,
      ErrorCodes.serviceTemporarilyUnavailable,
      `Payment overdue: service temporarily unavailable since ${standing.unavailableFrom}. Reading goes on; pay the bill (Subscription) to make changes again.`,
      { unavailableFrom: standing.unavailableFrom },
    );
  }

  private async heldPackage(companyId: string): Promise<PackageId> {
    const [company] = await this.db.query<{ subscription_type: number | null; subscription_detail_type: string | null }>(
      'SELECT subscription_type, subscription_detail_type FROM companies WHERE company_id = $1',
      [companyId],
    );
    return `${packageTypeOf(company?.subscription_type ?? null)}-${tierOf(company?.subscription_detail_type)}`;
  }
}
