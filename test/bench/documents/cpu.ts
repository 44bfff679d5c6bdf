// CPU time spent per request, which the shared machine's load distorts far less than wall time: this
// process (the API: HTTP, Nest, the fold, the machine, the driver; autocannon too, a small part) and the
// PostgreSQL backends serving the bench's database (read from /proc: same machine only; else NaN).
import { readFile } from 'node:fs/promises';
import { onDatabase } from './seed.js';

const TICKS_PER_SECOND = 100;

/** CPU ticks so far of each backend serving `database` (by pid). */
async function backendTicks(database: string): Promise<Map<number, number> | null> {
  const pids = await onDatabase(async (client) => (await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])).rows.map((r) => r.pid));
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

export type CpuSample = { node: NodeJS.CpuUsage; pg: Map<number, number> | null };

export async function sampleCpu(database: string): Promise<CpuSample> {
  return { node: process.cpuUsage(), pg: await backendTicks(database) };
}

/**
 * Milliseconds of CPU per request since `before`: [this process, the database's backends]. A backend that
 * ended in between (the pool closes idle ones) is missed: the PostgreSQL figure is a lower bound.
 */
export async function cpuPerRequest(before: CpuSample, database: string, requests: number): Promise<{ node: number; pg: number }> {
  const node = process.cpuUsage(before.node);
  const after = await backendTicks(database);
  let pgTicks = Number.NaN;
  if (after && before.pg) {
    pgTicks = 0;
    for (const [pid, ticks] of after) pgTicks += ticks - (before.pg.get(pid) ?? 0);
  }
  return { node: (node.user + node.system) / 1000 / requests, pg: (pgTicks * 1000) / TICKS_PER_SECOND / requests };
}
