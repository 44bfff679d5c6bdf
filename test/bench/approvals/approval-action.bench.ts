// What delegations and a quorum level add to a workflow action: the Resubmit / Reject cycle on purchase
// orders (each Resubmit opens an approval round, each Reject by lim ends it) through the built API on
// PostgreSQL, in rounds that alternate between the plain set-up (the manual's level 20 needs any one holder;
// no grant of authority in the company) and the rich one (level 20 needs all its holders, so every round
// opening reads the level's holders for the document; lim receives a grant from farid and gives one to
// farid, so every action reads the grants in force and the delegator's levels). Reported: the median time
// of one action and the API's CPU per action in each, and their ratio (target: within 1.2x).
// By hand: `npm run bench:approvals`.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { act, signIn } from '../documents/http.js';
import { ms, printTable } from '../documents/report.js';
import { rejectedOrder } from '../documents/seed.js';
import { startApiProcess } from '../support/api-process.js';

const PASSWORD = 'Demo@Binaan2026';
const TEGUH = 'teguh-bina';
const ORDERS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CYCLES_PER_ROUND = Number(process.env.BENCH_CYCLES ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const api = await startApiProcess('approvals', 1);
  const db = new pg.Client({ connectionString: api.url });
  await db.connect();
  try {
    const [kumar, lim, aminah, farid] = (await Promise.all(
      ['kumar@teguhbina.my', 'lim@teguhbina.my', 'aminah@teguhbina.my', 'farid@teguhbina.my'].map((email) =>
        signIn(api, email, PASSWORD, TEGUH),
      ),
    )) as [string, string, string, string];
    const idOf = async (email: string) =>
      (await db.query<{ user_id: string }>('SELECT user_id FROM api.identity_users WHERE email = $1', [email])).rows[0]!.user_id;
    const [limId, faridId] = [await idOf('lim@teguhbina.my'), await idOf('farid@teguhbina.my')];
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const reply = await fetch(`${api.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (reply.status >= 300 && reply.status !== 409) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
      return (await reply.json()) as Record<string, unknown>;
    };
    // Farid holds level 20 too (so he can lend it, and "all" means two people or more).
    await call(aminah, 'POST', '/api/company-workflow/assignments', { code: 'purchaseOrder', user_id: faridId, workflow_level: 20 });
    const manual = (rich: boolean) =>
      call(aminah, 'PUT', '/api/authority-manuals/purchaseOrder', {
        label: 'Purchase orders',
        levels: [rich ? { level: 20, limit: null, quorum: 'all' } : { level: 20, limit: null }],
      });
    let grants: string[] = [];
    const setUp = async (rich: boolean) => {
      await manual(rich);
      for (const id of grants) await call(aminah, 'POST', `/api/authority-delegations/${id}/revoke`, { reason: 'bench round over' });
      grants = [];
      if (!rich) return;
      const until = new Date(Date.now() + 86_400_000).toISOString();
      for (const [token, to] of [
        [farid, limId],
        [lim, faridId],
      ] as const) {
        const reply = await call(token, 'POST', '/api/authority-delegations', { toUserId: to, endsAt: until, reason: 'bench' });
        grants.push((reply.delegation as { id: string }).id);
      }
    };

    await setUp(false);
    const orders = [];
    for (let i = 0; i < ORDERS; i++) orders.push(await rejectedOrder(api, kumar, lim, `Approvals bench ${i}`));
    const times = { plain: [] as number[], rich: [] as number[] };
    const cpu = { plain: [] as number[], rich: [] as number[] };
    for (let round = 0; round < ROUNDS * 2; round++) {
      const rich = round % 2 === 1;
      await setUp(rich);
      const cpuBefore = await api.cpuMs();
      let actions = 0;
      for (let cycle = 0; cycle < CYCLES_PER_ROUND; cycle++) {
        for (const order of orders) {
          const started = performance.now();
          order.revision = await act(api, 'purchaseOrder', kumar, order.id, 'Resubmit', order.revision, { remark: 'Revised rates' });
          order.revision = await act(api, 'purchaseOrder', lim, order.id, 'Reject', order.revision, {
            remark: 'Rates above the price list',
          });
          (rich ? times.rich : times.plain).push((performance.now() - started) / 2);
          actions += 2;
        }
      }
      (rich ? cpu.rich : cpu.plain).push(((await api.cpuMs()) - cpuBefore) / actions);
    }
    const [plainTime, richTime] = [median(times.plain), median(times.rich)];
    const [plainCpu, richCpu] = [median(cpu.plain), median(cpu.rich)];
    printTable([
      { measure: 'one action, plain (any one holder, no grants)', value: ms(plainTime), target: 'floor', pass: null },
      { measure: 'one action, with grants in force and an "all holders" level', value: ms(richTime), target: 'floor', pass: null },
      {
        measure: 'time per action, rich / plain',
        value: `${(richTime / plainTime).toFixed(2)}x`,
        target: '<= 1.2x',
        pass: richTime / plainTime <= 1.2,
      },
      {
        measure: 'API CPU per action, rich / plain',
        value: `${plainCpu.toFixed(2)} -> ${richCpu.toFixed(2)} ms (${(richCpu / plainCpu).toFixed(2)}x)`,
        target: '<= 1.2x',
        pass: richCpu / plainCpu <= 1.2,
      },
    ]);
    console.log(`${ROUNDS} rounds of each, ${CYCLES_PER_ROUND} cycles of ${ORDERS} orders per round (2 actions per cycle)`);
  } finally {
    await db.end();
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
