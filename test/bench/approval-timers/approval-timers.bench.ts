/// <reference types="node" />
// The approval timers' sweep over a large set of waiting levels, by hand:
//   npm run bench:approval-timers     (BENCH_WAITING=100000 BENCH_DUE=100 BENCH_RUNS=15 BENCH_DATABASE_URL=… BENCH_KEEP=1)
// A database of its own (PostgreSQL) with the read model of waiting levels seeded in SQL: BENCH_WAITING rows, of
// which BENCH_DUE are past their due time and not yet reminded, the rest due later. Timed in turns (median of
// BENCH_RUNS, after a warm-up each):
//   sweep: one sweep at the due time (it finds the due levels among all the waiting ones and records one
//          ApprovalReminderSent each, with its read model update, in the append's statement);
//   floor: the same number of reminder events appended straight to fresh streams (what recording them costs
//          whatever the selection);
//   idle:  a sweep with nothing due over the same rows (what every minute costs when nothing is late).
// Target: the sweep within 1 s, and within 3x of its floor (the waiting set's size must not show).
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEventStore, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { approvalWaitsProjection } from '@binaan/api/dist/approval-timers/approval-waits.projection.js';
import { ApprovalTimerSweep } from '@binaan/api/dist/approval-timers/approval-timers.sweep.js';
import { ADMIN_URL, onDatabase } from '../support/api-process.js';

const WAITING = Number(process.env.BENCH_WAITING ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MIGRATIONS = resolve(fileURLToPath(new URL('../../../../infra/migrations', import.meta.url)));
const NOW = new Date('2026-06-01T00:00:00.000Z');
const HOUR = 3_600_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** BENCH_WAITING rows waiting at level 20; the first BENCH_DUE ids are due an hour before NOW, the rest from a day after. */
async function seed(db: SqlExecutor): Promise<string[]> {
  const timers = JSON.stringify([{ level: 20, responseHours: 24, escalateAfterHours: 24, escalateTo: { to: 'nextLevel' } }]);
  const round = JSON.stringify({ open: true, requiredLevels: [20, 21], approvals: [], allowSelfApproval: false });
  const due: string[] = [];
  for (let start = 0; start < WAITING; start += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, WAITING - start) }, () => randomUUID());
    if (start === 0) due.push(...ids.slice(0, DUE));
    await db.query(
      `INSERT INTO approval_timer_waits (document_id, stream_id, resource, round_revision, approval_round, timers, level, since, due_at, escalate_at, reminded, escalated)
       SELECT id, 'purchaseOrder-' || id, 'purchaseOrder', 2, $2, $3, 20, due - interval '24 hours', due, due + interval '24 hours', false, false
       FROM (SELECT id, CASE WHEN n + $4 <= $5 THEN $6::timestamptz - interval '1 hour' ELSE $6::timestamptz + interval '1 day' + (n + $4) * interval '1 second' END AS due
             FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)) s`,
      [ids, round, timers, start, DUE, NOW.toISOString()],
    );
  }
  await db.query('VACUUM ANALYZE approval_timer_waits');
  return due;
}

async function main(): Promise<void> {
  const database = `binaan_timer_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const { store, sql } = await openEventStore({
    migrationsDir: MIGRATIONS,
    databaseUrl: url.toString(),
    databaseSchema: 'api',
    projections: [approvalWaitsProjection],
    statementTimeoutMs: 600_000,
  });
  const db: SqlExecutor = sql!.db;
  try {
    const started = performance.now();
    const due = await seed(db);
    console.log(
      `seeded ${WAITING.toLocaleString('en')} waiting levels (${DUE} due) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await figures(db, store, due);
  } finally {
    await store.close();
    if (process.env.BENCH_KEEP !== '1') await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
}

async function figures(db: SqlExecutor, store: EventStore, due: string[]): Promise<void> {
  // Escalation targets are never asked for: nothing seeded is past its escalation time.
  const sweep = new ApprovalTimerSweep(store, db, () => {
    throw new Error('no escalation in this bench');
  });
  let round = 2;
  /** The due rows made due and unreminded again, in a round of their own (fresh timer streams). */
  const rearm = () => {
    round += 1;
    return db.query('UPDATE approval_timer_waits SET reminded = false, round_revision = $2 WHERE document_id = ANY($1::text[])', [
      due,
      round,
    ]);
  };
  let reminded = 0;
  const times: [number[], number[], number[]] = [[], [], []];
  for (let run = -1; run < RUNS; run += 1) {
    await rearm();
    let at = performance.now();
    const swept = await sweep.run(NOW);
    const sweepMs = performance.now() - at;
    reminded = swept.reminded.length;
    if (reminded !== due.length) throw new Error(`the sweep reminded ${reminded} of ${due.length}`);
    at = performance.now();
    for (const id of due)
      await store.append({
        streamId: `approvalTimerFloor-${id}-${run + 2}`,
        streamType: 'approvalTimerFloor',
        expectedRevision: 'no_stream',
        events: [{ type: 'BenchReminder', data: { documentId: id, level: 20, at: NOW.toISOString() }, metadata: {} }],
      });
    const floorMs = performance.now() - at;
    at = performance.now();
    const idle = await sweep.run(new Date(NOW.getTime() - 2 * HOUR));
    const idleMs = performance.now() - at;
    if (idle.reminded.length + idle.escalated.length !== 0) throw new Error('the idle sweep found work');
    if (run < 0) continue; // warm-up
    times[0].push(sweepMs);
    times[1].push(floorMs);
    times[2].push(idleMs);
  }
  const [sweepMs, floorMs, idleMs] = times.map(median) as [number, number, number];
  console.log(
    `\n| figure (PostgreSQL, ${WAITING.toLocaleString('en')} waiting levels, median of ${RUNS}) | ms | floor ms | ratio | target |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| a sweep with ${reminded} levels due (one reminder each) | ${sweepMs.toFixed(1)} | ${floorMs.toFixed(1)} (${reminded} bare appends) | ${(sweepMs / floorMs).toFixed(2)} | 1,000 ms; 3 |`,
  );
  console.log(`| a sweep with nothing due | ${idleMs.toFixed(2)} | | | |`);
  if (sweepMs > 1_000) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
