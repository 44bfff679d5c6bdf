// The arithmetic of an approval level's timers, pure: which timing rules a round takes from the manual in
// force when it opens, when a waiting level is due and when it escalates, and how overdue it is at a time.
import type { AuthorityManualLevelBody, EscalationTarget, VerifyLevel } from '@binaan/contracts';

const HOUR_MS = 3_600_000;

/**
 * One level's timing rules as a round fixed them (`approvalTimers` in the metadata of the status event that
 * opened the round): its approvers have `responseHours` to answer; `escalateAfterHours` after that due time
 * the level is opened to `escalateTo` (null: no escalation, only the reminder).
 */
export type ApprovalTimerRule = {
  level: VerifyLevel;
  responseHours: number;
  escalateAfterHours: number;
  escalateTo: EscalationTarget | null;
};

/** When a waiting level is due and when it escalates (null: it does not). */
export type LevelDeadlines = { dueAt: Date; escalateAt: Date | null };

const wholeHours = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The rules of the round's required levels that have a response time, from the manual's levels. A level
 * without `escalateAfterHours` escalates `responseHours` after its due time (the same span again).
 */
export function timerRulesOf(levels: readonly AuthorityManualLevelBody[], requiredLevels: readonly VerifyLevel[]): ApprovalTimerRule[] {
  const rules: ApprovalTimerRule[] = [];
  for (const level of requiredLevels) {
    const manual = levels.find((l) => l.level === level);
    if (!manual || !wholeHours(manual.responseHours)) continue;
    rules.push({
      level,
      responseHours: manual.responseHours,
      escalateAfterHours: wholeHours(manual.escalateAfterHours) ? manual.escalateAfterHours : manual.responseHours,
      escalateTo: manual.escalateTo ?? null,
    });
  }
  return rules;
}

/** The rules as read back from an event's metadata (anything that is not a well-formed rule is left out). */
export function parseTimerRules(value: unknown): ApprovalTimerRule[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (rule): rule is ApprovalTimerRule =>
      rule !== null &&
      typeof rule === 'object' &&
      typeof (rule as ApprovalTimerRule).level === 'number' &&
      wholeHours((rule as ApprovalTimerRule).responseHours) &&
      wholeHours((rule as ApprovalTimerRule).escalateAfterHours),
  );
}

/** A level waiting since `since` under `rule`: due `responseHours` later, escalated `escalateAfterHours` after that when it names a target. */
export function deadlinesOf(since: Date, rule: ApprovalTimerRule): LevelDeadlines {
  const dueAt = new Date(since.getTime() + rule.responseHours * HOUR_MS);
  return {
    dueAt,
    escalateAt: rule.escalateTo ? new Date(dueAt.getTime() + rule.escalateAfterHours * HOUR_MS) : null,
  };
}

/** How long past its due time a level is at `now`, in ms (0 while not yet due). */
export function overdueBy(dueAt: Date, now: Date): number {
  return Math.max(0, now.getTime() - dueAt.getTime());
}
