// The comparison sheet's read cost (issue 18, run by hand: npx tsc -b && npx tsc -b test/bench && node
// test/bench/dist/tendering/comparison.bench.js; BENCH_SELLERS, BENCH_LINES, BENCH_RUNS): the buyer's whole
// sheet of BENCH_SELLERS sellers x BENCH_LINES lines (every page, 500 lines a page) through the built API on
// PostgreSQL, beside a bare SQL read of the same quotation rows (the sellers' quotation events, parsed) in the
// same run; the goal is a ratio of at most 10.
//
// Seeding: the documents context caps a tender at 500 lines (MAX_LINE_ITEMS), so a real tender of 500 lines
// is created, approved and closed through the API, and its stream copied under a new id with its lines
// repeated to BENCH_LINES (the same events, appended by the event store, so the hash chain is the store's
// own). The invitations and the quotations are appended to their streams as the tendering context writes
// them (one QuotationSubmitted of every line per seller): seeding 50 sellers through the API would need 50
// companies in the buyer's directory, which the demo data has not.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PostgresDatabase, SqlEventStore, type JsonValue } from '@binaan/event-store';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { act, createDocument, signIn } from '../documents/http.js';
import pg from 'pg';
import { startApiProcess } from '../support/api-process.js';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 50);
const LINES = Number(process.env.BENCH_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TEGUH = 'teguh-bina';
const SOURCE_LINES = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const money = (sen: number) => `${Math.floor(sen / 100)}.${String(sen % 100).padStart(2, '0')}`;

async function main(): Promise<void> {
  const api = await startApiProcess('tendering', 1);
  const db = await PostgresDatabase.open({ connectionString: api.url, schema: 'api', maxConnections: 2 });
  try {
    const kumar = await signIn({ base: api.base }, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const lim = await signIn({ base: api.base }, 'lim@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const aminah = await signIn({ base: api.base }, 'aminah@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const items = Array.from({ length: SOURCE_LINES }, (_, i) => ({ description: `Item ${i + 1}`, unit: 'm3', quantity: String(1 + (i % 40)), rate: money(1 + ((i * 37) % 50)) }));
    // Small estimate rates keep the activation round within the demo approvers' limits (the figures do not change the read).
    const seeded = performance.now();
    const source = await createDocument({ base: api.base }, 'tender', kumar, { title: 'Bench tender', items, openAt: later(10), closeAt: later(2 * 24 * 60), expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10) });
    let revision = await act({ base: api.base }, 'tender', kumar, source.id, 'Request_Approve', source.revision);
    // The round's levels follow the amount (the authority manual): Lim, then Aminah while it still waits.
    for (const approver of [lim, aminah]) {
      const view = (await (await fetch(`${api.base}/api/documents/tender/${source.id}`, { headers: { authorization: `Bearer ${kumar}` } })).json()) as { status: string };
      if (view.status !== 'pendingActivation') break;
      revision = await act({ base: api.base }, 'tender', approver, source.id, 'Approve', revision);
    }
    await act({ base: api.base }, 'tender', kumar, source.id, 'Close', revision);

    // The same tender under a new id, its lines repeated to LINES (line numbers 1..LINES).
    const store = await SqlEventStore.open(db);
    const tenderId = randomUUID();
    const copied = (await store.readStream(`tender-${source.id}`)).map((event) => {
      const data = JSON.parse(JSON.stringify(event.data).split(source.id).join(tenderId)) as { fields?: { items?: Record<string, unknown>[] } };
      const lines = data.fields?.items;
      if (lines) data.fields!.items = Array.from({ length: LINES }, (_, i) => ({ ...lines[i % lines.length]!, lineNo: i + 1 }));
      return { type: event.type, data: data as unknown as JsonValue, metadata: event.metadata as unknown as JsonValue };
    });
    await store.append({ streamId: `tender-${tenderId}`, streamType: 'tender', expectedRevision: 'no_stream', events: copied as never });
    const sellers = Array.from({ length: SELLERS }, (_, s) => `bench-seller-${String(s).padStart(2, '0')}`);
    const meta = { actorUserId: 'bench', actorCompanyId: TEGUH };
    await store.append({
      streamId: `tenderInvitations-${tenderId}`, streamType: 'tenderInvitations', expectedRevision: 'no_stream',
      events: sellers.map((seller) => ({ type: 'TenderSellerInvited', data: { tenderId, invitationId: seller, buyerCompanyId: TEGUH, sellerCompanyId: seller, by: 'bench' }, metadata: meta })),
    });
    for (const [s, seller] of sellers.entries()) {
      let total = 0;
      const quoted = Array.from({ length: LINES }, (_, i) => {
        const quantity = 1 + ((i % SOURCE_LINES) % 40);
        const rate = 900 + ((i * 31 + s * 97) % 5200);
        total += quantity * rate;
        return { lineNo: i + 1, rate: money(rate), includeZeroRate: false, amount: money(quantity * rate) };
      });
      await store.append({
        streamId: `tenderQuotation-${tenderId}-${seller}`, streamType: 'tenderQuotation', expectedRevision: 'no_stream',
        events: [{ type: 'QuotationSubmitted', data: { tenderId, sellerCompanyId: seller, tenderRevision: 0, items: quoted, total: money(total), by: 'bench' }, metadata: { actorUserId: 'bench', actorCompanyId: seller } }],
      });
    }
    console.log(`seeded a tender of ${LINES} lines and ${SELLERS} quotations in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const streams = sellers.map((seller) => `tenderQuotation-${tenderId}-${seller}`);
    const sheet = async () => {
      let after: number | null = 0;
      let lines = 0;
      let sellersSeen = 0;
      while (after !== null) {
        const response = await fetch(`${api.base}/api/tendering/tenders/${tenderId}/comparison?limit=500${after ? `&after=${after}` : ''}`, { headers: { authorization: `Bearer ${kumar}` } });
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
      const rows = await client.query<{ data: { items: unknown[] } }>('SELECT data FROM api.events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision', [streams]);
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
    console.log(`comparison of ${SELLERS} sellers x ${LINES} lines (whole sheet, ${Math.ceil(LINES / 500)} pages): median ${apiMedian.toFixed(1)} ms over ${RUNS} runs`);
    console.log(`bare SQL read of the same ${SELLERS} quotation rows (one open connection): median ${sqlMedian.toFixed(1)} ms`);
    console.log(`first read (nothing kept): sheet ${coldApi.toFixed(1)} ms, bare SQL ${coldSql.toFixed(1)} ms, against the bare median: ratio ${(coldApi / sqlMedian).toFixed(2)}`);
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
