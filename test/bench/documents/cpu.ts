// CPU time spent per request, which the shared machine's load distorts far less than wall time: the API's
// (HTTP, Nest, the fold, the machine, the driver; autocannon runs in a process of its own) and the
// PostgreSQL backends serving the bench's database (read from /proc: same machine only; else NaN).
import { readFile } from 'node:fs/promises';
import { onDatabase } from '../support/api-process.js';

const TICKS_PER_SECOND = 100;

/** CPU ticks so far of each backend serving `database` (by pid). */
async function backendTicks(database: string): Promise<Map<number, number> | null> {
  const pids = await onDatabase(async (client) =>
    (
      await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])
    ).rows.map((r) => r.pid),
  );
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces, in parentheses): utime and stime are the 14th and 15th.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      if (pids.length > 0 && ticks.size === 0) return null;
    }
  }
  return ticks;
}

export type CpuSample = { apiMs: number; pg: Map<number, number> | null };

/** This process's CPU milliseconds (the API when it runs in the bench's own process, as in profile.ts). */
export const ownCpuMs = async (): Promise<number> => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The API's CPU so far (by `apiMs`: this process, or the API's processes) and each backend's of `database`. */
export async function sampleCpu(database: string, apiMs: () => Promise<number> = ownCpuMs): Promise<CpuSample> {
  return { apiMs: await apiMs(), pg: await backendTicks(database) };
}

/**
 * Milliseconds of CPU per request between two samples: [the API, the database's backends]. A backend that
 * ended in between (the pool closes idle ones) is missed: the PostgreSQL figure is a lower bound.
 */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): { node: number; pg: number } {
  let pgTicks = Number.NaN;
  if (after.pg && before.pg) {
    pgTicks = 0;
    for (const [pid, ticks] of after.pg) pgTicks += ticks - (before.pg.get(pid) ?? 0);
  }
  return { node: (after.apiMs - before.apiMs) / requests, pg: (pgTicks * 1000) / TICKS_PER_SECOND / requests };
}
