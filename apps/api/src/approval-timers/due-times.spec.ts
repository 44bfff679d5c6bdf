// The due-time arithmetic: which rules a round takes from the manual, when a waiting level is due and when
// it escalates, how overdue it is at a time.
import { describe, expect, it } from '@jest/globals';
import type { AuthorityManualLevelBody } from '@binaan/contracts';
import { deadlinesOf, overdueBy, parseTimerRules, timerRulesOf } from './due-times.js';

const HOUR = 3_600_000;
const since = new Date('2026-03-02T01:00:00.000Z');

describe('timing rules a round takes from the manual', () => {
  const levels: AuthorityManualLevelBody[] = [
    { level: 20, limit: '10000.00', responseHours: 24, escalateTo: { to: 'nextLevel' } },
    { level: 21, limit: '100000.00', responseHours: 48, escalateAfterHours: 12, escalateTo: { to: 'user', userId: 'aminah' } },
    { level: 22, limit: null },
  ];

  it('takes only the required levels that have a response time, in the round order', () => {
    expect(timerRulesOf(levels, [20, 21, 22])).toEqual([
      { level: 20, responseHours: 24, escalateAfterHours: 24, escalateTo: { to: 'nextLevel' } },
      { level: 21, responseHours: 48, escalateAfterHours: 12, escalateTo: { to: 'user', userId: 'aminah' } },
    ]);
    expect(timerRulesOf(levels, [20])).toHaveLength(1);
    expect(timerRulesOf(levels, [22])).toEqual([]);
  });

  it('defaults escalateAfterHours to the response time, and a level without a target to none', () => {
    expect(timerRulesOf([{ level: 20, limit: null, responseHours: 8 }], [20])).toEqual([
      { level: 20, responseHours: 8, escalateAfterHours: 8, escalateTo: null },
    ]);
  });

  it('ignores a response time that is not a whole positive number of hours (a hand-made manual event)', () => {
    expect(timerRulesOf([{ level: 20, limit: null, responseHours: 0 }], [20])).toEqual([]);
    expect(timerRulesOf([{ level: 20, limit: null, responseHours: 1.5 }], [20])).toEqual([]);
    expect(timerRulesOf([{ level: 20, limit: null, responseHours: null }], [20])).toEqual([]);
  });

  it('reads back only well-formed rules from metadata', () => {
    const good = { level: 20, responseHours: 2, escalateAfterHours: 3, escalateTo: null };
    expect(parseTimerRules([good, { level: 21 }, null, 'x', { ...good, responseHours: -1 }])).toEqual([good]);
    expect(parseTimerRules(undefined)).toEqual([]);
    expect(parseTimerRules({ level: 20 })).toEqual([]);
  });
});

describe('due and escalation times', () => {
  it('is due responseHours after the level began to wait and escalates escalateAfterHours after that', () => {
    const { dueAt, escalateAt } = deadlinesOf(since, {
      level: 20,
      responseHours: 24,
      escalateAfterHours: 12,
      escalateTo: { to: 'nextLevel' },
    });
    expect(dueAt.toISOString()).toBe('2026-03-03T01:00:00.000Z');
    expect(escalateAt?.toISOString()).toBe('2026-03-03T13:00:00.000Z');
  });

  it('has no escalation time without a target', () => {
    expect(deadlinesOf(since, { level: 20, responseHours: 1, escalateAfterHours: 1, escalateTo: null }).escalateAt).toBeNull();
  });

  it('counts whole days across a month end as hours (no calendar rules: every hour counts)', () => {
    const end = new Date('2026-02-28T23:00:00.000Z');
    expect(deadlinesOf(end, { level: 20, responseHours: 48, escalateAfterHours: 48, escalateTo: null }).dueAt.toISOString()).toBe(
      '2026-03-02T23:00:00.000Z',
    );
  });

  it('is overdue by nothing before and at its due time, then by the time past it', () => {
    const dueAt = new Date(since.getTime() + 24 * HOUR);
    expect(overdueBy(dueAt, since)).toBe(0);
    expect(overdueBy(dueAt, dueAt)).toBe(0);
    expect(overdueBy(dueAt, new Date(dueAt.getTime() + 2 * 24 * HOUR + 1))).toBe(2 * 24 * HOUR + 1);
  });
});
