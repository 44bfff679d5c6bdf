/// <reference types="node" />
// The reports on a large log, by hand:
//   npm run bench:reports      (BENCH_EVENTS=1000000 BENCH_RUNS=15 BENCH_DATABASE_URL=… BENCH_KEEP=1)
// A database of its own holds a log of BENCH_EVENTS purchase-order events (each order: drafted, created, asked
// for approval, approved at level 20 after 1 to 72 hours, accepted by its seller a day later: five events),
// half of the orders a big buyer's (the approval report's 100,000 documents at a million events), 2,000 a small
// buyer's (the as-of report's), the rest other buyers'. The events go straight into the log's table in SQL and
// the report read model's rows are the projection's own fold of those events (seed.ts), so the rows are what
// the events would leave behind. Each figure is timed beside its floor in the same run (median of BENCH_RUNS):
//   spend: the buyer's spend by seller over 60 days, against the bare SQL aggregate of the same rows;
//   as of: the small buyer's spend as of a past time, against a bare replay of the events it reads;
//   approval times: the big buyer's approval report per level over its 100,000 documents.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEventStore, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companiesProjection } from '@binaan/api/dist/companies/companies.projection.js';
import { projectsProjection } from '@binaan/api/dist/projects/projects.projection.js';
import { documentReportsProjection } from '@binaan/api/dist/reports/documents/document-report.projection.js';
import { parseReportRequest } from '@binaan/api/dist/reports/report-query.js';
import { REPORT_SECTIONS } from '@binaan/api/dist/reports/report-sections.js';
import { ADMIN_URL, onDatabase } from '../support/api-process.js';
import { BIG, seedOrders, SMALL } from './seed.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MIGRATIONS = resolve(fileURLToPath(new URL('../../../../infra/migrations', import.meta.url)));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The medians of a figure and its floor, timed in turns (figure, floor, figure, ...) after one warm-up each,
 * so a neighbour's load on the shared machine falls on both alike.
 */
async function timedPair(figure: () => Promise<unknown>, floor: () => Promise<unknown>): Promise<[number, number]> {
  await figure();
  await floor();
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, work] of [figure, floor].entries()) {
      const started = performance.now();
      await work();
      times[index]!.push(performance.now() - started);
    }
  }
  return [median(times[0]), median(times[1])];
}

const section = (report: 'buyer', key: string) => REPORT_SECTIONS[report].find((candidate) => candidate.key === key)!;

async function main(): Promise<void> {
  const database = `binaan_bench_reports_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const { store, sql } = await openEventStore({
    migrationsDir: MIGRATIONS,
    databaseUrl: url.toString(),
    databaseSchema: 'api',
    projections: [companiesProjection, projectsProjection, documentReportsProjection],
    statementTimeoutMs: 600_000,
  });
  const db: SqlExecutor = sql!.db;
  try {
    const started = performance.now();
    const seeded = await seedOrders(db, url.toString(), EVENTS);
    console.log(
      `seeded ${seeded.events.toLocaleString('en')} events (${seeded.orders.toLocaleString('en')} orders) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await figures(db, store, url.toString(), seeded);
  } finally {
    await store.close();
    if (process.env.BENCH_KEEP !== '1') await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
}

async function figures(db: SqlExecutor, store: EventStore, _url: string, seeded: Awaited<ReturnType<typeof seedOrders>>): Promise<void> {
  const sources = { db, store };
  // Spend over 60 days in the middle of the big buyer's orders.
  const spendQuery = parseReportRequest(
    'buyer',
    { from: seeded.middleDay, to: seeded.dayAfter(seeded.middleDay, 59) },
    BIG,
    seeded.end,
  ).query;
  const [spend, bare] = await timedPair(
    () => section('buyer', 'spendBySeller').draw(spendQuery, sources, { allRows: false }),
    () =>
      db.query(
        `SELECT seller_company_id, count(*), sum(total_sen) FROM report_documents
      WHERE buyer_company_id = $1 AND resource = ANY($2::text[]) AND committed_at >= $3 AND committed_at < $4 GROUP BY seller_company_id`,
        [
          BIG,
          ['purchaseOrder', 'workOrder', 'rentalOrder', 'letterOfAward', 'subPurchaseOrder', 'subRentalOrder'],
          spendQuery.fromAt,
          spendQuery.toBefore,
        ],
      ),
  );
  // As of the middle of the small buyer's orders: its spend, against reading the same streams up to then.
  const asOfQuery = parseReportRequest('buyer', { asOf: seeded.smallMiddle.toISOString() }, SMALL, seeded.end).query;
  const streams = (
    await db.query<{ stream_id: string }>(
      'SELECT stream_id FROM report_documents WHERE created_at <= $2 AND (company_id = $1 OR buyer_company_id = $1 OR seller_company_id = $1)',
      [SMALL, seeded.smallMiddle],
    )
  ).map((row) => row.stream_id);
  let replayed = 0;
  const [asOf, replay] = await timedPair(
    () => section('buyer', 'spendBySeller').draw({ ...asOfQuery }, sources, { allRows: false }),
    async () => {
      replayed = 0;
      for (const stream of streams) replayed += (await store.readStream(stream, { toTime: seeded.smallMiddle })).length;
    },
  );
  // Approval times per level over the big buyer's documents (every round in its log, the window's for the figures).
  const approvalQuery = parseReportRequest(
    'buyer',
    { from: seeded.middleDay, to: seeded.dayAfter(seeded.middleDay, 59) },
    BIG,
    seeded.end,
  ).query;
  const [approvals] = await timedPair(
    () => section('buyer', 'approvalTimes').draw(approvalQuery, sources, { allRows: false }),
    async () => undefined,
  );
  const documents = (await db.query<{ n: string }>('SELECT count(*) AS n FROM report_documents WHERE company_id = $1', [BIG]))[0]!.n;

  console.log(
    `\n| figure (PostgreSQL, a log of ${EVENTS.toLocaleString('en')} events, median of ${RUNS}) | report ms | floor ms | ratio | target |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| buyer's spend by seller, 60 days | ${spend.toFixed(1)} | ${bare.toFixed(1)} (bare SQL aggregate) | ${(spend / bare).toFixed(2)} | 3 |`,
  );
  console.log(
    `| spend as of a past time (${streams.length.toLocaleString('en')} orders, ${replayed.toLocaleString('en')} events) | ${asOf.toFixed(1)} | ${replay.toFixed(1)} (bare replay) | ${(asOf / replay).toFixed(2)} | 10 |`,
  );
  console.log(
    `| approval times per level (${Number(documents).toLocaleString('en')} documents) | ${approvals.toFixed(1)} | | | 2,000 ms |`,
  );
}

await main();
