// A company's subscription periods (pure): folded from its `subscription-<companyId>` stream, which period
// runs at an instant, and what paying a bill starts (README.md "Periods"). A period runs from `from`
// (included) to `to` (excluded), or until it ended early when the company changed package.
import type { PackageId } from '../platform-configuration/platform-settings.js';
import type { PeriodChange, SubscriptionEvent } from './subscriptions.events.js';

/** A package runs twelve months from payment (§9 "annual subscription"). */
export const PERIOD_MONTHS = 12;
/** A registered company's free trial of the basic package of its type, from its approval. */
export const TRIAL_DAYS = 30;

export type Period = {
  packageId: PackageId;
  billingId: string | null;
  from: string;
  to: string;
  change: PeriodChange;
  endedAt: string | null;
};

/** `months` calendar months after `at` (UTC), the day kept where the month has it, else its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      at.getUTCFullYear(),
      at.getUTCMonth() + months,
      1,
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
}

export function periodsOf(events: readonly SubscriptionEvent[]): Period[] {
  const periods: Period[] = [];
  for (const event of events) {
    if (event.type === 'SubscriptionPeriodStarted') {
      const { packageId, billingId, from, to, change } = event.data;
      periods.push({ packageId, billingId, from, to, change, endedAt: null });
    } else {
      const period = periods.find((p) => p.from === event.data.from);
      if (period) period.endedAt = event.data.at;
    }
  }
  return periods;
}

/** The period that runs at `at`, if any: started, not past its end, not ended early. */
export function runningAt(periods: readonly Period[], at: Date): Period | null {
  const t = at.getTime();
  return periods.find((p) => Date.parse(p.from) <= t && t < Date.parse(p.to) && (p.endedAt === null || Date.parse(p.endedAt) > t)) ?? null;
}

export type PeriodStep = {
  ends: Period | null;
  starts: { packageId: PackageId; billingId: string; from: string; to: string; change: PeriodChange };
};

/**
 * What a paid bill of `packageId` starts at `paidAt`:
 * - the same package as the running (or an already paid, later) period: a renewal from that period's end;
 * - another package, or the trial: the running period ends now ('changed') and the new one starts now
 *   (what was left of the old one was credited on the bill, pro rata);
 * - nothing running: a new period from now.
 */
export function periodOnPayment(periods: readonly Period[], packageId: PackageId, billingId: string, paidAt: Date): PeriodStep {
  const running = runningAt(periods, paidAt);
  const sameLatest = periods
    .filter((p) => p.packageId === packageId && p.change !== 'trial' && p.endedAt === null && Date.parse(p.to) > paidAt.getTime())
    .sort((a, b) => Date.parse(b.to) - Date.parse(a.to))[0];
  if (sameLatest) {
    const from = new Date(sameLatest.to);
    return {
      ends: null,
      starts: { packageId, billingId, from: from.toISOString(), to: addMonths(from, PERIOD_MONTHS).toISOString(), change: 'renewal' },
    };
  }
  const from = paidAt.toISOString();
  const to = addMonths(paidAt, PERIOD_MONTHS).toISOString();
  if (running) return { ends: running, starts: { packageId, billingId, from, to, change: 'change' } };
  return { ends: null, starts: { packageId, billingId, from, to, change: 'new' } };
}

/**
 * The credit for what is left of the running paid period when changing package: the period's paid amount
 * before SST times the share of its time not used, in sen, half up. The trial and unpaid periods give none.
 */
export function proRataCredit(running: Period | null, paidSubtotal: number, at: Date): number {
  if (!running || running.change === 'trial' || running.billingId === null) return 0;
  const from = Date.parse(running.from);
  const to = Date.parse(running.to);
  const left = Math.max(0, to - Math.max(at.getTime(), from));
  if (to <= from) return 0;
  // Exact in BigInt: sen times milliseconds passes 2^53.
  const whole = BigInt(to - from);
  return Number((BigInt(paidSubtotal) * BigInt(left) * 2n + whole) / (2n * whole));
}

/** The reminder to renew shows from this many days before a period ends (a trial's, a paid one's). */
export const RENEWAL_NOTICE_DAYS = 14;
/** After the last period ends, writes go on this many days (the reminder showing), then wait for payment. */
export const GRACE_DAYS = 14;
const DAY_MS = 86_400_000;

export type StandingState = 'active' | 'renewalDue' | 'overdue' | 'unavailable';
export type Standing = {
  state: StandingState;
  /** 'held': the tier the company's subscription names, without periods (the demo's and older companies); never ends. */
  source: 'held' | 'period' | 'trial' | 'lapsed';
  packageId: PackageId | null;
  periodEnd: string | null;
  /** When writes stop waiting for payment (overdue), or stopped (unavailable). */
  unavailableFrom: string | null;
};

/**
 * Where a company stands at `now` (README.md "Standing"): a running period is active, with the reminder in its
 * last RENEWAL_NOTICE_DAYS unless a later period is paid already; after the last period ends it is overdue
 * for GRACE_DAYS (the reminder, writes still allowed), then unavailable for writes until a bill is paid.
 */
export function standingOf(periods: readonly Period[], now: Date): Standing {
  if (periods.length === 0) return { state: 'active', source: 'held', packageId: null, periodEnd: null, unavailableFrom: null };
  const t = now.getTime();
  const running = runningAt(periods, now);
  const endOf = (p: Period) => Math.min(Date.parse(p.to), p.endedAt === null ? Infinity : Date.parse(p.endedAt));
  if (running) {
    // The end of the run of periods that follow one another from the running one (renewals paid early).
    let end = Date.parse(running.to);
    for (
      let next = periods.find((p) => p !== running && Date.parse(p.from) === end && p.endedAt === null);
      next;
      next = periods.find((p) => Date.parse(p.from) === end && p.endedAt === null)
    )
      end = Date.parse(next.to);
    const due = end - t <= RENEWAL_NOTICE_DAYS * DAY_MS;
    return {
      state: due ? 'renewalDue' : 'active',
      source: running.change === 'trial' ? 'trial' : 'period',
      packageId: running.packageId,
      periodEnd: new Date(end).toISOString(),
      unavailableFrom: due ? new Date(end + GRACE_DAYS * DAY_MS).toISOString() : null,
    };
  }
  const last = [...periods].filter((p) => Date.parse(p.from) <= t).sort((a, b) => endOf(b) - endOf(a))[0];
  if (!last) return { state: 'active', source: 'held', packageId: null, periodEnd: null, unavailableFrom: null };
  const unavailableFrom = endOf(last) + GRACE_DAYS * DAY_MS;
  return {
    state: t < unavailableFrom ? 'overdue' : 'unavailable',
    source: 'lapsed',
    packageId: last.packageId,
    periodEnd: new Date(endOf(last)).toISOString(),
    unavailableFrom: new Date(unavailableFrom).toISOString(),
  };
}
