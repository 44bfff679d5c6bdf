// CPU time, which the machine's other load does not inflate the way it does wall time: the API's processes'
// (read from /proc by ../support/api-process.ts), and the PostgreSQL backends serving the
// bench database from /proc/<pid>/stat (the server runs on this machine). Per request, the two add up to
// what one verification costs, and so to the rate two idle cores could serve.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export type CpuSample = { processMs: number; postgresMs: number };

function backendMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return 0; // not readable (another machine, or the backend has gone)
  }
}

/** `apiMs`: the API's CPU milliseconds so far (its processes, ../support/api-process.ts). */
export async function sampleCpu(
  admin: pg.Client,
  database: string,
  apiMs: () => Promise<number>,
): Promise<CpuSample & { backends: Map<number, number> }> {
  const processMs = await apiMs();
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  const backends = new Map(rows.map((r) => [r.pid, backendMs(r.pid)]));
  return { processMs, postgresMs: [...backends.values()].reduce((a, b) => a + b, 0), backends };
}

/** CPU spent between two samples; PostgreSQL counted over the backends alive at the end (a pool's are). */
export function cpuBetween(
  before: CpuSample & { backends: Map<number, number> },
  after: CpuSample & { backends: Map<number, number> },
): CpuSample {
  let postgresMs = 0;
  for (const [pid, ms] of after.backends) postgresMs += ms - (before.backends.get(pid) ?? 0);
  return { processMs: after.processMs - before.processMs, postgresMs };
}
