// The approver's queue at 10 and at 10,000 waiting: `GET /api/my-approvals` (first page,
// a deep page, the count the bell reads, and a delegate's queue holding the same rows through a grant) through the built API on PostgreSQL, each the median of 15 calls,
// beside the bare indexed SQL read of the same page measured in the same run, and the ratio between sizes
// (target: 10,000 within 3x of 10). By hand: `tsc -b && tsc -b test/bench && node test/bench/dist/queues/queues.bench.js`.
//
// The queue's read model (`waiting_approvals`, kept by the approval-queue subscription from the machine's
// answers) is seeded directly with lim's rows and their documents, as the subscription would write them:
// making 10,000 orders through the API would time the machine, not the queue.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signIn } from '../documents/http.js';
import { ms, printTable, type Row } from '../documents/report.js';
import { startApiProcess } from '../support/api-process.js';

const PASSWORD = 'Demo@Binaan2026';
const TEGUH = 'teguh-bina';
const SIZES = [10, 10_000] as const;
const CALLS = 15;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Grows lim's queue to `size` rows (documents at `pendingApproval`, waiting a second apart). */
async function seed(db: pg.Client, limId: string, from: number, size: number): Promise<void> {
  for (let start = from; start < size; start += 1_000) {
    const ids = Array.from({ length: Math.min(1_000, size - start) }, () => randomUUID());
    await db.query(
      `INSERT INTO api.documents (id, resource, stream_id, company_id, counterparty_company_id, project_id, document_no, title, status, total_sen, currency, created_at, updated_at, revision, created_by, approval_round, awaiting_level)
       SELECT id, 'purchaseOrder', 'purchaseOrder-' || id, $2, 'mutiara-supplies', NULL, 'PO-BENCH-' || lpad((n + $3)::text, 6, '0'), 'Queue bench ' || (n + $3), 'pendingApproval', 115000, 'RM',
              timestamptz '2026-01-01' + ((n + $3) * interval '1 second'), timestamptz '2026-01-01' + ((n + $3) * interval '1 second'), 2, 'bench', NULL, 20
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
      [ids, TEGUH, start],
    );
    await db.query(
      `INSERT INTO api.waiting_approvals (user_id, company_id, document_id, stream_id, resource, waiting_since, actions, next_level)
       SELECT $2, $3, id, 'purchaseOrder-' || id, 'purchaseOrder', timestamptz '2026-01-01' + ((n + $4) * interval '1 second'), ARRAY['Approve'], 20
       FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
      [ids, limId, TEGUH, start],
    );
  }
  await db.query('VACUUM ANALYZE api.waiting_approvals');
}

async function main(): Promise<void> {
  const api = await startApiProcess('queues', 1);
  const db = new pg.Client({ connectionString: api.url });
  await db.connect();
  try {
    const lim = await signIn(api, 'lim@teguhbina.my', PASSWORD, TEGUH);
    const {
      rows: [user],
    } = await db.query<{ user_id: string }>("SELECT user_id FROM api.identity_users WHERE email = 'lim@teguhbina.my'");
    const limId = user!.user_id;
    // Let the subscription catch up on the demo, then keep only the bench's rows in lim's queue.
    await fetch(`${api.base}/api/my-approvals`, { headers: { authorization: `Bearer ${lim}` } });
    await db.query('DELETE FROM api.waiting_approvals WHERE user_id = $1', [limId]);
    const get = async (range: string) => {
      const reply = await fetch(`${api.base}/api/my-approvals?range=${encodeURIComponent(range)}`, {
        headers: { authorization: `Bearer ${lim}` },
      });
      const body = (await reply.json()) as { total: number; data: unknown[] };
      if (reply.status !== 200) throw new Error(`my-approvals ${reply.status}`);
      return body;
    };
    // Farid receives Lim's purchase-order approvals for a month, with no cap: his queue is Lim's, marked as his.
    const farid = await signIn(api, 'farid@teguhbina.my', PASSWORD, TEGUH);
    const granted = await fetch(`${api.base}/api/authority-delegations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lim}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        toUserId: (await db.query<{ user_id: string }>("SELECT user_id FROM api.identity_users WHERE email = 'farid@teguhbina.my'"))
          .rows[0]!.user_id,
        resources: ['purchaseOrder'],
        endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        reason: 'Queue bench',
      }),
    });
    if (granted.status !== 201) throw new Error(`grant ${granted.status}: ${await granted.text()}`);
    await db.query(
      "DELETE FROM api.waiting_approvals WHERE user_id = (SELECT user_id FROM api.identity_users WHERE email = 'farid@teguhbina.my')",
    );
    const getAs = async (token: string, range: string) => {
      const reply = await fetch(`${api.base}/api/my-approvals?resource=purchaseOrder&range=${encodeURIComponent(range)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await reply.json()) as { total: number; data: { onBehalfOf?: unknown }[] };
      if (reply.status !== 200 || body.data.length === 0 || !body.data.every((row) => row.onBehalfOf))
        throw new Error(`delegate's queue ${reply.status}: ${body.data.length} rows`);
      return body;
    };
    const results = new Map<string, number[]>();
    const add = (name: string, value: number) => results.set(name, [...(results.get(name) ?? []), value]);
    let seeded = 0;
    for (const size of SIZES) {
      await seed(db, limId, seeded, size);
      seeded = size;
      const { total } = await get('[0,24]');
      if (total !== size) throw new Error(`queue says ${total}, ${size} seeded`);
      const deep = Math.max(0, Math.floor(size / 2 / 25) * 25);
      add('first page (range [0,24])', await timed(() => get('[0,24]')));
      add('middle page (from half the queue)', await timed(() => get(`[${deep},${deep + 24}]`)));
      add('the count the bell reads (range [0,0])', await timed(() => get('[0,0]')));
      // The same rows passed on by a grant: Farid's queue reads Lim's through the grant's branch (my-approvals.ts).
      add("delegate's first page + count (a grant from lim)", await timed(() => getAs(farid, '[0,24]')));
      add(
        'bare SQL: first page + count',
        await timed(async () => {
          await db.query('SELECT count(*) FROM api.waiting_approvals WHERE user_id = $1 AND company_id = $2', [limId, TEGUH]);
          await db.query(
            `SELECT w.document_id, d.title FROM api.waiting_approvals w JOIN api.documents d ON d.id = w.document_id
          WHERE w.user_id = $1 AND w.company_id = $2 ORDER BY w.waiting_since, w.document_id LIMIT 25`,
            [limId, TEGUH],
          );
        }),
      );
    }
    const rows: Row[] = [];
    for (const [name, [small, large]] of results) {
      const ratio = large! / small!;
      const gated = !name.startsWith('bare');
      rows.push({
        measure: `${name}: ${SIZES[0]} -> ${SIZES[1].toLocaleString('en')} waiting`,
        value: `${ms(small!)} -> ${ms(large!)} (${ratio.toFixed(2)}x)`,
        target: gated ? '<= 3x' : 'floor',
        pass: gated ? ratio <= 3 : null,
      });
    }
    printTable(rows);
  } finally {
    await db.end();
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
