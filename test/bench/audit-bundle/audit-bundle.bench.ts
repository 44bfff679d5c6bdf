// An auditor's bundle of a long document: a purchase order walked through Resubmit / Reject until it holds 1,000
// events, on the built API on PostgreSQL (production settings, checkpoints signed every second), its bundle
// downloaded, then checked by `npm run verify-history` as an auditor runs it: a new Node process reading the file
// and a JWK set. Reported, as medians of several runs: the download, the whole CLI run (target: under 1 s), and
// the floor measured in the same run, a Node process that starts and exits doing nothing; the ratio says what
// the verification itself adds. By hand: `npm run bench:audit-bundle`.
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signIn } from '../documents/http.js';
import { ms, printTable } from '../documents/report.js';
import { growTo, rejectedOrder } from '../documents/seed.js';
import { startApiProcess } from '../support/api-process.js';

const PASSWORD = 'Demo@Binaan2026';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CLI = fileURLToPath(new URL('../../../../apps/api/dist/cli/verify-history.js', import.meta.url));
const run = promisify(execFile);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const logKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
  const api = await startApiProcess('audit_bundle', 1, { LOG_SIGNING_KEY: logKey, LOG_CHECKPOINT_SECONDS: '1' });
  const folder = await mkdtemp(join(tmpdir(), 'binaan-bundle-bench-'));
  try {
    const kumar = await signIn(api, 'kumar@teguhbina.my', PASSWORD, 'teguh-bina');
    const lim = await signIn(api, 'lim@teguhbina.my', PASSWORD, 'teguh-bina');
    const order = await rejectedOrder(api, kumar, lim, 'Audit bundle bench');
    await growTo(api, { kumar, lim }, order, EVENTS - 1);
    const url = `${api.base}/api/audit/bundle?resource=purchaseOrder&id=${order.id}`;
    const download = async () => {
      const reply = await fetch(url, { headers: { authorization: `Bearer ${kumar}` } });
      if (reply.status !== 200 && reply.status !== 409) throw new Error(`bundle: ${reply.status} ${await reply.text()}`);
      return reply.status === 200 ? ((await reply.json()) as { events: unknown[]; notYetCheckpointed: number }) : null;
    };
    // The checkpointer signs within a second or two of the last event.
    let bundle = await download();
    for (let waited = 0; !bundle || bundle.notYetCheckpointed > 0 || bundle.events.length < EVENTS; waited += 250) {
      if (waited > 60_000) throw new Error('no checkpoint covered the document within a minute');
      await new Promise((resolve) => setTimeout(resolve, 250));
      bundle = await download();
    }
    const file = join(folder, 'bundle.json');
    const jwks = join(folder, 'jwks.json');
    await writeFile(file, JSON.stringify(bundle));
    await writeFile(jwks, await (await fetch(`${api.base}/.well-known/jwks.json`)).text());
    const downloads: number[] = [];
    const verifications: number[] = [];
    const floors: number[] = [];
    let output = '';
    // In turns, so that the machine's load weighs on each alike.
    for (let i = 0; i < RUNS; i++) {
      downloads.push(await timed(download));
      verifications.push(await timed(async () => (output = (await run(process.execPath, [CLI, file, '--keys', jwks])).stdout)));
      floors.push(await timed(() => run(process.execPath, ['-e', ''])));
    }
    if (!output.includes(`VERIFIED: ${EVENTS} events`)) throw new Error(`verify-history did not verify the bundle:\n${output}`);
    const verify = median(verifications);
    const floor = median(floors);
    console.log(
      `A document of ${EVENTS} events; its bundle is ${(JSON.stringify(bundle).length / 1024).toFixed(0)} KiB. Medians of ${RUNS} runs.`,
    );
    printTable([
      { measure: 'GET /api/audit/bundle', value: ms(median(downloads)), target: '-', pass: null },
      { measure: 'npm run verify-history (whole CLI run)', value: ms(verify), target: '< 1000 ms', pass: verify < 1000 },
      { measure: 'floor: node starting and exiting', value: ms(floor), target: '-', pass: null },
      { measure: 'verification beyond the floor', value: ms(verify - floor), target: '-', pass: null },
      { measure: 'ratio to the floor', value: `${(verify / floor).toFixed(2)}x`, target: '-', pass: null },
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
    await api.stop();
  }
}

await main();
