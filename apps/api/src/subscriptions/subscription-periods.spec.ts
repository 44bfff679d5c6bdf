import { describe, expect, it } from '@jest/globals';
import { addMonths, periodOnPayment, periodsOf, proRataCredit, runningAt, standingOf, type Period } from './subscription-periods.js';

const paid = (over: Partial<Period>): Period => ({
  packageId: 'subcontractor-basic',
  billingId: 'INV-000001',
  from: '2026-01-10T00:00:00.000Z',
  to: '2027-01-10T00:00:00.000Z',
  change: 'new',
  endedAt: null,
  ...over,
});

describe('subscription periods', () => {
  it("adds calendar months, keeping the day or taking the month's last", () => {
    expect(addMonths(new Date('2026-01-31T05:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T05:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T00:00:00.000Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-07T16:00:00.000Z'), 12).toISOString()).toBe('2027-12-07T16:00:00.000Z');
  });

  it('folds started and ended periods, and finds the one running at an instant', () => {
    const periods = periodsOf([
      {
        type: 'SubscriptionPeriodStarted',
        data: {
          companyId: 'c',
          packageId: 'subcontractor-basic',
          billingId: null,
          from: '2026-01-01T00:00:00.000Z',
          to: '2026-01-31T00:00:00.000Z',
          change: 'trial',
        },
      },
      {
        type: 'SubscriptionPeriodStarted',
        data: {
          companyId: 'c',
          packageId: 'subcontractor-advanced',
          billingId: 'INV-000002',
          from: '2026-01-20T00:00:00.000Z',
          to: '2027-01-20T00:00:00.000Z',
          change: 'change',
        },
      },
      {
        type: 'SubscriptionPeriodEnded',
        data: {
          companyId: 'c',
          packageId: 'subcontractor-basic',
          billingId: null,
          from: '2026-01-01T00:00:00.000Z',
          at: '2026-01-20T00:00:00.000Z',
          reason: 'changed',
        },
      },
    ]);
    expect(periods.map((p) => [p.packageId, p.endedAt])).toEqual([
      ['subcontractor-basic', '2026-01-20T00:00:00.000Z'],
      ['subcontractor-advanced', null],
    ]);
    expect(runningAt(periods, new Date('2026-01-10T00:00:00.000Z'))?.packageId).toBe('subcontractor-basic');
    expect(runningAt(periods, new Date('2026-01-25T00:00:00.000Z'))?.packageId).toBe('subcontractor-advanced');
    expect(runningAt(periods, new Date('2027-01-20T00:00:00.000Z'))).toBeNull();
  });

  it('renews the same package from the end of its period, changes another at once, starts new when nothing runs', () => {
    const periods = [paid({})];
    const renewal = periodOnPayment(periods, 'subcontractor-basic', 'INV-000009', new Date('2026-12-20T00:00:00.000Z'));
    expect(renewal).toEqual({
      ends: null,
      starts: {
        packageId: 'subcontractor-basic',
        billingId: 'INV-000009',
        from: '2027-01-10T00:00:00.000Z',
        to: '2028-01-10T00:00:00.000Z',
        change: 'renewal',
      },
    });
    const change = periodOnPayment(periods, 'subcontractor-elite', 'INV-000010', new Date('2026-07-10T00:00:00.000Z'));
    expect(change.ends?.billingId).toBe('INV-000001');
    expect(change.starts).toMatchObject({ from: '2026-07-10T00:00:00.000Z', to: '2027-07-10T00:00:00.000Z', change: 'change' });
    expect(periodOnPayment(periods, 'subcontractor-basic', 'INV-000011', new Date('2027-03-01T00:00:00.000Z')).starts.change).toBe('new');
  });

  it('credits what is left of a paid period, pro rata and half up; the trial credits nothing', () => {
    // 365 days; 1 day used of RM 3,000.00: 300000 * 364 / 365 = 299178.08... -> 299178 sen.
    const period = paid({ from: '2026-01-10T00:00:00.000Z', to: '2027-01-10T00:00:00.000Z' });
    expect(proRataCredit(period, 300_000, new Date('2026-01-11T00:00:00.000Z'))).toBe(299_178);
    // Half way by time: 150000 exactly... 182.5 days left of 365.
    expect(proRataCredit(period, 300_000, new Date('2026-07-11T12:00:00.000Z'))).toBe(150_000);
    expect(proRataCredit(paid({ change: 'trial', billingId: null }), 300_000, new Date('2026-02-01T00:00:00.000Z'))).toBe(0);
    expect(proRataCredit(null, 300_000, new Date())).toBe(0);
  });
});

describe("a company's standing", () => {
  const year = paid({ from: '2026-01-10T00:00:00.000Z', to: '2027-01-10T00:00:00.000Z' });
  it('is active without periods (the held tier), and while a period runs', () => {
    expect(standingOf([], new Date('2026-05-01T00:00:00.000Z'))).toMatchObject({ state: 'active', source: 'held' });
    expect(standingOf([year], new Date('2026-05-01T00:00:00.000Z'))).toMatchObject({
      state: 'active',
      source: 'period',
      packageId: 'subcontractor-basic',
      periodEnd: '2027-01-10T00:00:00.000Z',
      unavailableFrom: null,
    });
  });

  it('is due for renewal in the last 14 days, unless the next period is paid already', () => {
    expect(standingOf([year], new Date('2026-12-28T00:00:00.000Z'))).toMatchObject({
      state: 'renewalDue',
      unavailableFrom: '2027-01-24T00:00:00.000Z',
    });
    expect(standingOf([year], new Date('2026-12-26T23:59:00.000Z')).state).toBe('active');
    const renewed = paid({ billingId: 'INV-000002', from: '2027-01-10T00:00:00.000Z', to: '2028-01-10T00:00:00.000Z', change: 'renewal' });
    expect(standingOf([year, renewed], new Date('2026-12-28T00:00:00.000Z'))).toMatchObject({
      state: 'active',
      periodEnd: '2028-01-10T00:00:00.000Z',
    });
  });

  it('is overdue for 14 days after the last period ends, then unavailable for writes', () => {
    expect(standingOf([year], new Date('2027-01-10T00:00:00.000Z'))).toMatchObject({
      state: 'overdue',
      source: 'lapsed',
      packageId: 'subcontractor-basic',
      unavailableFrom: '2027-01-24T00:00:00.000Z',
    });
    expect(standingOf([year], new Date('2027-01-24T00:00:00.000Z')).state).toBe('unavailable');
    const trial = paid({ billingId: null, change: 'trial', from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z' });
    expect(standingOf([trial], new Date('2026-01-20T00:00:00.000Z'))).toMatchObject({ state: 'renewalDue', source: 'trial' });
    expect(standingOf([trial], new Date('2026-02-20T00:00:00.000Z')).state).toBe('unavailable');
  });
});
