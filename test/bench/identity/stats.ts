// Percentiles, formatting and the printed table of the login benchmark.

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

export const ms = (value: number): string => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : '-');
export const perSecond = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)}/s` : '-');
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}x` : '-');
export const percent = (value: number): string => (Number.isFinite(value) ? `${(value * 100).toFixed(0)}%` : '-');

/** A markdown table, as the other benches print. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string {
  const align = header.map((_, i) => (rightAligned.includes(i) ? '---:' : '---'));
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

/** Counts by HTTP status (0: no reply: connection error or time-out). */
export function statusCounts(statuses: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a - b));
}

export function describeStatuses(counts: Map<number, number>): string {
  return [...counts].map(([status, count]) => `${status === 0 ? 'no reply' : status}: ${count}`).join(', ');
}
