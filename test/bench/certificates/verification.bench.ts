/// <reference types="node" />
// Certificate verification under load: the built API started as in production (`node apps/api/dist/main.js`,
// NODE_ENV production) on PostgreSQL with API_WORKERS processes (BENCH_API_WORKERS, default one per core;
// ../support/api-process.ts), in a database of the bench's own (created at the start, dropped at the end),
// with the demo data (its genuine and revoked certificates' QR texts read from the API's log). autocannon, in a process of its own,
// POSTs the genuine demo certificate's QR text to /api/event-participant/verified-certificate: every
// request runs every check (the Ed25519 signature, key validity, the record, the chain's links and head,
// attendance, approval, revocation) on the stream read afresh; each event's hash is recomputed once per row
// version (a row written since is hashed again). Every reply is read and must say genuine.
//   (a) verifications per second, CONNECTIONS connections: target >= 1,500/s with p99 < 50 ms;
//   (b) the revoked demo certificate under the same load: answered not genuine, every time;
//   beside them, in the same run, the raw Ed25519 verify rate (node:crypto verify of the same signature).
// The public lookup limit (600 a minute per address) would stop the bench at once: it sets
// PUBLIC_RATE_LIMIT_PER_MINUTE high for its own API only.
// Run by hand: npm run bench:certificates (builds first). Env (optional): BENCH_DATABASE_URL (the server's
// admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (20), BENCH_CONNECTIONS (16),
// BENCH_RAW_SECONDS (5), BENCH_API_WORKERS. On a shared machine the wall-clock rates follow the neighbours'
// load (printed); the CPU per verification (the API's processes and the PostgreSQL backends) does not, and
// is printed beside.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { ADMIN_URL, startApiProcess } from '../support/api-process.js';
import { ms, printTable, rate, type Row } from '../documents/report.js';
import type { CannonOutcome, CannonPlan } from './cannon-process.js';
import { runForked } from '../support/fork.js';
import { cpuBetween, sampleCpu } from './cpu.js';
import { rawVerifyRate } from './raw-verify.js';

const WORKERS = Number(process.env.BENCH_API_WORKERS ?? cpus().length);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const PATH = '/api/event-participant/verified-certificate';
const TARGET_RATE = 1500;
const TARGET_P99 = 50;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

/** autocannon in a process of its own (cannon-process.ts). */
const cannon = (plan: CannonPlan) => runForked<CannonPlan, CannonOutcome>(new URL('./cannon-process.js', import.meta.url), plan);

async function verifyOnce(base: string, qr: string): Promise<{ genuine: boolean; failed: string[]; reason: string | null }> {
  const response = await fetch(`${base}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qr }),
  });
  const body = (await response.json()) as { genuine: boolean; reason: string | null; checks: { check: string; result: string }[] };
  return {
    genuine: body.genuine,
    failed: body.checks.filter((c) => c.result !== 'passed').map((c) => `${c.check}:${c.result}`),
    reason: body.reason,
  };
}

async function main(): Promise<void> {
  log(`${cpus().length} cores, load average ${load()}`);
  // The demo prints its two certificates' QR texts when it seeds them (demo-certificates.seed.ts).
  const bench = await startApiProcess('certificates', WORKERS, { PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000000' });
  const { base, database } = bench;
  try {
    const qrOf = (kind: string) => new RegExp(`Demo certificate QR text \\(${kind}\\): ([\\w.,-]+)`).exec(bench.output())?.[1];
    const genuineQr = qrOf('genuine');
    const revokedQr = qrOf('revoked');
    if (!genuineQr || !revokedQr) throw new Error(`the API did not print the demo certificates' QR texts:\n${bench.output().slice(-2000)}`);
    const genuine = await verifyOnce(base, genuineQr);
    const revoked = await verifyOnce(base, revokedQr);
    if (!genuine.genuine || genuine.failed.length > 0)
      throw new Error(`the genuine demo certificate does not verify: ${JSON.stringify(genuine)}`);
    if (revoked.genuine || revoked.failed.join() !== 'notRevoked:failed')
      throw new Error(`the revoked demo certificate does not fail notRevoked alone: ${JSON.stringify(revoked)}`);
    const keys = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { x: string }[] };
    log(`API on ${base} (${WORKERS} process${WORKERS === 1 ? '' : 'es'}), PostgreSQL database ${database}; demo seeded`);

    const plan = (qr: string, seconds: number, expectGenuine: boolean): CannonPlan => ({
      url: base,
      path: PATH,
      body: JSON.stringify({ qr }),
      connections: CONNECTIONS,
      seconds,
      expectGenuine,
    });
    log('warm-up, 3 s');
    await cannon(plan(genuineQr, 3, true));
    await settle();
    log(`(a) genuine certificate, ${CONNECTIONS} connections, ${SECONDS} s; load average ${load()}`);
    const admin = new pg.Client({ connectionString: ADMIN_URL, application_name: 'binaan-bench-certificates' });
    await admin.connect();
    const cpuBefore = await sampleCpu(admin, database, bench.cpuMs);
    const a = await cannon(plan(genuineQr, SECONDS, true));
    const cpu = cpuBetween(cpuBefore, await sampleCpu(admin, database, bench.cpuMs));
    await admin.end();
    const loadAfterA = load();
    await settle();
    log(`(b) revoked certificate, ${CONNECTIONS} connections, ${Math.min(SECONDS, 10)} s`);
    const b = await cannon(plan(revokedQr, Math.min(SECONDS, 10), false));
    await settle();
    log(`raw Ed25519 verify (node:crypto) of the same signature, ${RAW_SECONDS} s`);
    const raw = rawVerifyRate(genuineQr, keys.keys[0]!.x, RAW_SECONDS);

    const aRate = a.expected / a.result.duration;
    const answered = a.expected + a.unexpected;
    const cpuPerRequest = { process: cpu.processMs / answered, postgres: cpu.postgresMs / answered };
    const idleCapacity = (cpus().length * 1000) / (cpuPerRequest.process + cpuPerRequest.postgres);
    const bRate = b.expected / b.result.duration;
    const rows: Row[] = [
      {
        measure: `(a) genuine verifications/s, ${CONNECTIONS} connections (every check run)`,
        value: rate(aRate, 'req'),
        target: `>= ${TARGET_RATE.toLocaleString('en')}/s`,
        pass: aRate >= TARGET_RATE,
      },
      { measure: '(a) latency p50', value: ms(a.result.latency.p50), target: '', pass: null },
      {
        measure: '(a) latency p99',
        value: ms(a.result.latency.p99),
        target: `< ${TARGET_P99} ms`,
        pass: a.result.latency.p99 < TARGET_P99,
      },
      {
        measure: '(a) replies genuine / other / errors / timeouts',
        value: `${a.expected} / ${a.unexpected} / ${a.result.errors} / ${a.result.timeouts}`,
        target: 'other 0',
        pass: a.unexpected === 0 && a.result.errors === 0,
      },
      {
        measure: `(b) revoked: not-genuine replies/s, p99`,
        value: `${rate(bRate, 'req')}, ${ms(b.result.latency.p99)}`,
        target: '',
        pass: null,
      },
      {
        measure: '(b) replies not genuine / other',
        value: `${b.expected} / ${b.unexpected}`,
        target: 'other 0',
        pass: b.unexpected === 0 && b.result.errors === 0,
      },
      {
        measure: `(a) CPU per verification: API (${WORKERS} process${WORKERS === 1 ? '' : 'es'}) + PostgreSQL backends`,
        value: `${cpuPerRequest.process.toFixed(2)} + ${cpuPerRequest.postgres.toFixed(2)} ms`,
        target: '',
        pass: null,
      },
      {
        measure: `(a) the rate that CPU allows on ${cpus().length} idle cores (estimate)`,
        value: rate(idleCapacity, 'req'),
        target: `>= ${TARGET_RATE.toLocaleString('en')}/s`,
        pass: null,
      },
      {
        measure: 'raw Ed25519 verify, node:crypto, one thread',
        value: rate(raw.perSecond, 'verify'),
        target: 'baseline',
        pass: raw.verified > 0 ? null : false,
      },
      { measure: 'raw Ed25519 verify: CPU each', value: `${raw.cpuMsEach.toFixed(3)} ms`, target: '', pass: null },
      { measure: '(a) as a share of raw verifies/s', value: `${((100 * aRate) / raw.perSecond).toFixed(1)} %`, target: '', pass: null },
      { measure: 'load average (1, 5, 15 min) after (a) / at the end', value: `${loadAfterA} / ${load()}`, target: '', pass: null },
    ];
    console.log('');
    console.log(
      `Certificates verification bench, PostgreSQL (${database}), ${cpus().length} cores, API in ${WORKERS} process${WORKERS === 1 ? '' : 'es'}`,
    );
    printTable(rows);
    if (a.firstUnexpected) console.log(`(a) first unexpected reply: ${a.firstUnexpected}`);
    if (b.firstUnexpected) console.log(`(b) first unexpected reply: ${b.firstUnexpected}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
