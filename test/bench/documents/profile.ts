/// <reference types="node" />
// One workload of the documents bench, for profiling: what each request costs in SQL (every statement
// text and how often per request) and, run under `node --cpu-prof`, where the API's CPU time goes.
//   npm run build && tsc -b test/bench && PROFILE=actions node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/dist/documents/profile.js
// PROFILE: actions (16 connections, distinct orders), history or asOf (1 connection, the 1,000-event order).
// PROFILE_SECONDS (10).
import type { Result } from 'autocannon';
import { SqlEventStore } from '@binaan/event-store';
import type { CycleDocument } from './action-cycle.js';
import type { CannonOutcome, CannonPlan } from './cannon-process.js';
import { runForked } from '../support/fork.js';
import { cpuPerRequest, sampleCpu } from './cpu.js';
import { eachLimited } from './http.js';
import { growTo, rejectedOrder, startBenchApp } from './seed.js';
import { countSql } from './sql-counter.js';

const WORKLOAD = process.env.PROFILE ?? 'actions';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

/** autocannon in a process of its own (cannon-process.ts). */
const cannon = (plan: CannonPlan) => runForked<CannonPlan, CannonOutcome>(new URL('./cannon-process.js', import.meta.url), plan);

async function main(): Promise<void> {
  const bench = await startBenchApp();
  const { api, kumar, lim, database } = bench;
  try {
    if (!(bench.store instanceof SqlEventStore)) throw new Error('the profile needs the SQL store');
    const sql = countSql(bench.store.db, true);
    let requests: () => number;
    let run: (seconds: number, onStart?: () => Promise<void>) => Promise<Result>;
    if (WORKLOAD === 'actions') {
      const orders: CycleDocument[] = [];
      await eachLimited(
        Array.from({ length: 256 }, (_, i) => i),
        8,
        async (i) => void orders.push(await rejectedOrder(api, kumar, lim, `Profile order ${i}`)),
      );
      let ok = 0;
      requests = () => ok;
      run = async (seconds, onStart) => {
        // Replies cut off by the end of a run leave revisions unknown: take them from the store.
        for (const order of orders) {
          order.revision = (await bench.store.streamHead(`purchaseOrder-${order.id}`))!.revision;
          order.next = order.revision % 2 === 1 ? 'Resubmit' : 'Reject';
        }
        await onStart?.();
        const outcome = await cannon({ kind: 'cycle', url: api.base, connections: 16, seconds, documents: orders, tokens: { kumar, lim } });
        ok = outcome.ok;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return outcome.result;
      };
    } else {
      const long = await rejectedOrder(api, kumar, lim, 'Profile order with a long history');
      await growTo(api, { kumar, lim }, long, 999);
      const path =
        WORKLOAD === 'history' ? `/api/documents/purchaseOrder/${long.id}/history` : `/api/documents/purchaseOrder/${long.id}?revision=500`;
      let total = 0;
      requests = () => total;
      run = async (seconds, onStart) => {
        await onStart?.();
        const { result } = await cannon({
          kind: 'get',
          url: api.base,
          path,
          headers: { authorization: `Bearer ${kumar}` },
          connections: 1,
          seconds,
        });
        total = result.requests.total;
        return result;
      };
    }
    await run(2);
    // Not the notifications reactor catching up on the seeding: only the workload's own work.
    await sql.quiet(1000, 120_000);
    const window = { start: 0n, end: 0n };
    let before = await sampleCpu(database);
    const result = await run(SECONDS, async () => {
      sql.reset();
      before = await sampleCpu(database);
      window.start = process.hrtime.bigint() / 1000n;
    });
    window.end = process.hrtime.bigint() / 1000n;
    // The measured window in the profile's clock (microseconds), for an analysis of that part only.
    console.log(`profile window ${window.start} ${window.end}`);
    const n = requests();
    const cpu = cpuPerRequest(before, await sampleCpu(database), n);
    console.log(
      `${WORKLOAD}: ${n} requests in ${result.duration.toFixed(1)} s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
    console.log(
      `per request: ${(sql.count / n).toFixed(2)} SQL round trips, CPU ${cpu.node.toFixed(2)} ms API / ${cpu.pg.toFixed(2)} ms PostgreSQL`,
    );
    for (const [text, count] of [...sql.texts.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${(count / n).toFixed(2)}  ${text}`);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
