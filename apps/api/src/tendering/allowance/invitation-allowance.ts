// §9 tender invitations per package tier (pure): basic 100, advanced 1,000, elite unlimited, per
// subscription year. The platform has no subscriptions yet, so the year is the company's own: from the day
// it was approved, anniversary to anniversary, in Malaysian time (UTC+8, no daylight saving), as a yearly
// plan runs from its start date (Procore and SAP Ariba count a contract year from the subscription's start,
// not the calendar year). A 29 February start has its anniversary on 28 February in other years.
import { refusal } from '../../common/refusal.js';

export type PackageTier = 'basic' | 'advanced' | 'elite';

/** Invitations a year per tier by default (the platform configuration's figure of the company's package counts); null: unlimited. */
export const TIER_LIMITS: Readonly<Record<PackageTier, number | null>> = { basic: 100, advanced: 1000, elite: null };
/** §9: the buyer is warned once it has used this share of its year's invitations. */
export const WARNING_SHARE = 0.8;
const MYT_OFFSET_MS = 8 * 3_600_000;

/** The company's tier (`companies.subscription_detail_type`); anything else (unset, a seller's kind) is basic. */
export function tierOf(subscriptionDetailType: string | null | undefined): PackageTier {
  return subscriptionDetailType === 'advanced' || subscriptionDetailType === 'elite' ? subscriptionDetailType : 'basic';
}

/** Midnight in Malaysia of the approval day's anniversary in `year` (28 February for a 29 February start). */
function anniversary(year: number, month: number, day: number): Date {
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay)) - MYT_OFFSET_MS);
}

/** The subscription year holding `now`: [start, end), both at midnight Malaysian time. */
export function subscriptionYear(approvedAt: Date, now: Date): { start: Date; end: Date } {
  const local = new Date(approvedAt.getTime() + MYT_OFFSET_MS);
  const [month, day, firstYear] = [local.getUTCMonth(), local.getUTCDate(), local.getUTCFullYear()];
  let year = Math.max(firstYear, new Date(now.getTime() + MYT_OFFSET_MS).getUTCFullYear());
  if (year > firstYear && anniversary(year, month, day) > now) year -= 1;
  return { start: anniversary(year, month, day), end: anniversary(year + 1, month, day) };
}

export type InvitationAllowance = {
  tier: PackageTier;
  /** null: unlimited. */
  limit: number | null;
  used: number;
  /** null: unlimited. */
  remaining: number | null;
  /** Used at least 80% of the limit (§9); never for an unlimited tier. */
  warning: boolean;
  periodStart: string;
  periodEnd: string;
};

/** `limit`: the configured figure of the company's package (the tier's default when not given); null: unlimited. */
export function allowanceOf(
  tier: PackageTier,
  used: number,
  period: { start: Date; end: Date },
  limit: number | null = TIER_LIMITS[tier],
): InvitationAllowance {
  return {
    tier,
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used),
    warning: limit !== null && used >= limit * WARNING_SHARE,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  };
}

/** All or none: refused when the new invitations would pass the year's limit. */
export function mustHaveAllowance(allowance: InvitationAllowance, adding: number): void {
  if (allowance.remaining === null || adding <= allowance.remaining) return;
  throw refusal(
    409,
    'tenderInvitationLimitReached',
    `Your ${allowance.tier} package allows ${allowance.limit} tender invitations a year; ${allowance.remaining} left until ${allowance.periodEnd}, and these are ${adding}.`,
    {
      limit: allowance.limit,
      used: allowance.used,
      remaining: allowance.remaining,
      requested: adding,
      tier: allowance.tier,
      periodEnd: allowance.periodEnd,
    },
  );
}
