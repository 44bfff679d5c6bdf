// The soak (by hand, about 11 minutes: `npm run test:reliability -- --testPathPatterns soak`;
// SOAK_MINUTES sets the length, default 10, and a short look is SOAK_MINUTES=2). The built API as in
// production (one process) on a throwaway PostgreSQL cluster of its own, 8 writers (each: create a tender,
// edit it, cancel it, as the store-outage drill's writers) and 4 readers (two read the tender list's first
// page, two lim's approval queue), for the whole run. Each minute it prints the writes acknowledged, the
// reads' p50 and p99 and the API's resident memory (VmRSS from /proc). Then, the API stopped, every
// acknowledged write must be in the store; the last minute's write rate within 15% of the second
// minute's (the first is warm-up); and memory must not grow: the last minute's resident memory at most
// 10% above the second minute's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Client, freePort, killApi, openDrillStore, signIn, startApi, tender, waitReady, type Api } from '../support/store-outage-drill.js';
import { ThrowawayPostgres } from '../support/throwaway-postgres.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WRITERS = 8;
const READERS = 4;

type Minute = {
  writes: number;
  reads: number[];
  listReads: number[];
  queueReads: number[];
  readFailures: number;
  writeFailures: number;
  rssMb: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

describe('soak', () => {
  it(
    `${WRITERS} writers and ${READERS} readers for ${MINUTES} minutes on PostgreSQL: flat write rate, flat memory, nothing acknowledged lost`,
    async () => {
      const cluster = await ThrowawayPostgres.create();
      const dataDir = mkdtempSync(join(tmpdir(), 'binaan-soak-'));
      const client = new Client(await freePort());
      let api: Api | null = null;
      try {
        const databaseUrl = await cluster.createDatabase('binaan_soak');
        api = startApi(databaseUrl, client.port, 1, dataDir);
        await waitReady(client, 300_000);
        const kumar = await signIn(client, 'kumar@teguhbina.my', 'teguh-bina');
        const lim = await signIn(client, 'lim@teguhbina.my', 'teguh-bina');
        const minutes: Minute[] = [];
        const fresh = (): Minute => ({ writes: 0, reads: [], listReads: [], queueReads: [], readFailures: 0, writeFailures: 0, rssMb: 0 });
        let current = fresh();
        const acked = new Map<string, number>();
        let stopping = false;

        const writer = async (index: number) => {
          for (let n = 1; !stopping; n++) {
            const created = await client.call('POST', '/api/documents/tender', kumar, tender(new Date(), index * 1_000_000 + n));
            if (created.status !== 201) {
              current.writeFailures++;
              continue;
            }
            const id = created.body.id as string;
            acked.set(id, 1);
            current.writes++;
            const edited = await client.call(
              'PUT',
              `/api/documents/tender/${id}`,
              kumar,
              { title: `Soak tender ${index}-${n}, edited` },
              { 'if-match': '"1"' },
            );
            if (edited.status !== 200) {
              current.writeFailures++;
              continue;
            }
            acked.set(id, 2);
            current.writes++;
            const cancelled = await client.call(
              'POST',
              `/api/documents/tender/${id}/actions/Cancel`,
              kumar,
              { remark: 'Soak: not needed' },
              { 'if-match': '"2"' },
            );
            if (cancelled.status !== 200) {
              current.writeFailures++;
              continue;
            }
            acked.set(id, cancelled.body.revision as number);
            current.writes++;
          }
        };
        const reader = async (index: number) => {
          const path = index % 2 === 0 ? `/api/documents/tender?range=${encodeURIComponent('[0,24]')}` : '/api/my-approvals';
          const token = index % 2 === 0 ? kumar : lim;
          while (!stopping) {
            const started = performance.now();
            const reply = await client.call('GET', path, token);
            if (reply.status === 200) {
              const ms = performance.now() - started;
              current.reads.push(ms);
              (index % 2 === 0 ? current.listReads : current.queueReads).push(ms);
            } else current.readFailures++;
          }
        };
        const load = [...Array.from({ length: WRITERS }, (_, i) => writer(i + 1)), ...Array.from({ length: READERS }, (_, i) => reader(i))];
        for (let minute = 1; minute <= MINUTES; minute++) {
          await new Promise((resolve) => setTimeout(resolve, 60_000));
          const done = current;
          current = fresh();
          done.rssMb = rssMb(api.pid!);
          minutes.push(done);
          const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
          const figures = (values: number[]) =>
            `${values.length} p50 ${percentile(sorted(values), 50).toFixed(1)} ms p99 ${percentile(sorted(values), 99).toFixed(1)} ms`;
          process.stdout.write(
            `[soak] minute ${minute}: ${done.writes} writes/min (${done.writeFailures} failed), reads ${figures(done.reads)} (tender list ${figures(done.listReads)}; my approvals ${figures(done.queueReads)}; ${done.readFailures} failed), API resident ${done.rssMb} MB\n`,
          );
        }
        stopping = true;
        await Promise.all(load);
        api.kill('SIGTERM');
        await api.exited;
        api = null;

        const db = await openDrillStore(databaseUrl, dataDir);
        let missing: string[];
        try {
          const rows = await db.query<{ stream_id: string; revision: string }>(
            `SELECT stream_id, revision FROM streams WHERE stream_type = 'tender'`,
          );
          const stored = new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));
          missing = [...acked]
            .filter(([id, revision]) => (stored.get(`tender-${id}`) ?? -1) < revision)
            .map(([id, revision]) => `${id}@${revision}`);
        } finally {
          await db.close();
        }
        const second = minutes[Math.min(1, minutes.length - 1)]!;
        const last = minutes[minutes.length - 1]!;
        process.stdout.write(
          `[soak] ${acked.size} tenders acknowledged, ${missing.length} missing; writes/min second ${second.writes}, last ${last.writes} (${((last.writes / second.writes - 1) * 100).toFixed(1)}%); resident second ${second.rssMb} MB, last ${last.rssMb} MB\n`,
        );
        expect(missing).toEqual([]);
        expect(minutes.every((m) => m.writeFailures === 0 && m.readFailures === 0)).toBe(true);
        expect(Math.abs(last.writes - second.writes) / second.writes).toBeLessThanOrEqual(0.15);
        expect(last.rssMb).toBeLessThanOrEqual(second.rssMb * 1.1);
      } finally {
        client.close();
        if (api) killApi(api);
        await cluster.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    (MINUTES + 10) * 60_000,
  );
});
