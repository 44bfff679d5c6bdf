// How a waiting approval level's due time reads: "Due 03/03/2026 09:00" before it, "Overdue by 2 days"
// after it (the largest whole unit: days, else hours, else minutes), from the api's `dueAt` and, where the
// api gives it, its `overdueBy` (the server's clock); a list row has only `dueAt` and is judged at `now`.
import { formatDateTime } from '../format.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DueReading = { overdue: boolean; text: string };

/** A span in its largest whole unit ("2 days", "5 hours", "1 minute"; at least one minute). */
export function durationText(translate: Translate, ms: number): string {
  if (ms >= DAY) return translate('admin.approvalTimers.days', { count: Math.floor(ms / DAY) });
  if (ms >= HOUR) return translate('admin.approvalTimers.hours', { count: Math.floor(ms / HOUR) });
  return translate('admin.approvalTimers.minutes', { count: Math.max(1, Math.floor(ms / MINUTE)) });
}

/** Null without a due time. */
export function dueReading(
  translate: Translate,
  dueAt: string | null | undefined,
  overdueBy?: number | null,
  now = Date.now(),
): DueReading | null {
  if (!dueAt) return null;
  const late = overdueBy ?? Math.max(0, now - Date.parse(dueAt));
  return late > 0
    ? { overdue: true, text: translate('admin.approvalTimers.overdueBy', { duration: durationText(translate, late) }) }
    : { overdue: false, text: translate('admin.approvalTimers.dueAt', { time: formatDateTime(dueAt) }) };
}
