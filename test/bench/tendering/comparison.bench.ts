// The comparison sheet's read cost (run by hand: npx tsc -b && npx tsc -b test/bench && node
// test/bench/dist/tendering/comparison.bench.js; BENCH_SELLERS, BENCH_LINES, BENCH_RUNS): the buyer's whole
// sheet of BENCH_SELLERS sellers x BENCH_LINES lines (every page, 500 lines a page) through the built API on
// PostgreSQL, beside a bare SQL read of the same quotation rows (the sellers' quotation events, parsed) in the
// same run; the goal is a ratio of at most 10. Seeding: comparison-seed.ts. The sheet in Chromium:
// ui/comparison-sheet.bench.ts.
import { performance } from 'node:perf_hooks';
import { PostgresDatabase, SqlEventStore } from '@binaan/event-store';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { signIn } from '../documents/http.js';
import pg from 'pg';
import { startApiProcess } from '../support/api-process.js';
import { seedComparison } from './comparison-seed.js';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 50);
const LINES = Number(process.env.BENCH_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TEGUH = 'teguh-bina';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const api = await startApiProcess('tendering', 1);
  const db = await PostgresDatabase.open({ connectionString: api.url, schema: 'api', maxConnections: 2 });
  try {
    const kumar = await signIn({ base: api.base }, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const lim = await signIn({ base: api.base }, 'lim@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const aminah = await signIn({ base: api.base }, 'aminah@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const store = await SqlEventStore.open(db);
    const { tenderId, sellers } = await seedComparison(api.base, store, { kumar, lim, aminah }, SELLERS, LINES);

    const streams = sellers.map((seller) => `tenderQuotation-${tenderId}-${seller}`);
    const sheet = async () => {
      let after: number | null = 0;
      let lines = 0;
      let sellersSeen = 0;
      while (after !== null) {
        const response = await fetch(
          `${api.base}/api/tendering/tenders/${tenderId}/comparison?limit=500${after ? `&after=${after}` : ''}`,
          { headers: { authorization: `Bearer ${kumar}` } },
        );
        if (response.status !== 200) throw new Error(`comparison: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { items: unknown[]; sellers: unknown[]; nextAfter: number | null };
        lines += body.items.length;
        sellersSeen = body.sellers.length;
        after = body.nextAfter;
      }
      if (lines !== LINES || sellersSeen !== SELLERS) throw new Error(`the sheet had ${lines} lines and ${sellersSeen} sellers`);
    };
    // One open connection, as the API's pool has: the bare read is the query and the parse of its rows.
    const client = new pg.Client({ connectionString: api.url, application_name: 'binaan-bench' });
    await client.connect();
    const bare = async () => {
      const rows = await client.query<{ data: { items: unknown[] } }>(
        'SELECT data FROM api.events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision',
        [streams],
      );
      if (rows.rows.length !== SELLERS || rows.rows[0]!.data.items.length !== LINES) throw new Error('bare read: wrong rows');
    };
    // The first read of the sheet finds nothing kept (the quotation streams are read); later ones find the
    // sellers kept for the tender's revision (ComparisonService): both are printed.
    let coldStarted = performance.now();
    await sheet();
    const coldApi = performance.now() - coldStarted;
    coldStarted = performance.now();
    await bare();
    const coldSql = performance.now() - coldStarted;
    const api_ms: number[] = [];
    const sql_ms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      await sheet();
      api_ms.push(performance.now() - started);
      started = performance.now();
      await bare();
      sql_ms.push(performance.now() - started);
    }
    await client.end();
    const apiMedian = median(api_ms);
    const sqlMedian = median(sql_ms);
    console.log(
      `comparison of ${SELLERS} sellers x ${LINES} lines (whole sheet, ${Math.ceil(LINES / 500)} pages): median ${apiMedian.toFixed(1)} ms over ${RUNS} runs`,
    );
    console.log(`bare SQL read of the same ${SELLERS} quotation rows (one open connection): median ${sqlMedian.toFixed(1)} ms`);
    console.log(
      `first read (nothing kept): sheet ${coldApi.toFixed(1)} ms, bare SQL ${coldSql.toFixed(1)} ms, against the bare median: ratio ${(coldApi / sqlMedian).toFixed(2)}`,
    );
    console.log(`ratio ${(apiMedian / sqlMedian).toFixed(2)} (goal: at most 10) ${apiMedian / sqlMedian <= 10 ? 'PASS' : 'FAIL'}`);
  } finally {
    await db.close();
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
