// The printed result: per store, one table (measure | value | baseline | ratio / target) with the PASS/MISS
// of the target, then where a login's time goes in each phase, timed inside the running API.

import type { Argon2Baseline } from './argon2-baseline.js';
import type { LoadPlan, LoadResult } from './load-worker.js';
import { describeStatuses, markdownTable, ms, percent, perSecond, ratio, statusCounts, summarise } from './stats.js';
import type { StoreName } from './stores.js';

export const TARGET_P95_MS = 300;

export type Component = { component: string; calls: number; totalMs: number; maxMs: number; errors: [string, number][] };

export type Phase = {
  name: string;
  plan: LoadPlan;
  result: LoadResult;
  components: Component[];
  wallSeconds: number;
  /** Share of the phase the API's event loop (main thread: Nest, express, PGlite's WASM) was busy. */
  mainLoopUtilisation: number;
  /** Process CPU time over wall time: all threads (main, load worker, argon2 on the libuv pool). */
  processCores: number;
};

export type StoreRun = {
  store: StoreName;
  info: string;
  loadBefore: number;
  loadAfter: number;
  argon2: Argon2Baseline;
  sequential: Phase;
  open: Phase;
  ceiling: Phase;
  rate: number;
  seconds: number;
};

const okCount = (phase: Phase) => phase.result.samples.filter((s) => s.ok).length;
const latencies = (phase: Phase) => summarise(phase.result.samples.map((s) => s.latencyMs));
const statuses = (phase: Phase) =>
  describeStatuses(statusCounts(phase.result.samples.map((s) => (s.status === 200 && !s.ok ? -1 : s.status))));
const allOk = (phase: Phase) => phase.result.samples.length > 0 && okCount(phase) === phase.result.samples.length;

function failures(phase: Phase): string[] {
  const bad = phase.result.samples.filter((s) => !s.ok);
  const thrown = phase.components.flatMap((c) => c.errors.map(([error, count]) => `    ${c.component} threw ${count} x ${error}`));
  if (bad.length === 0) return thrown.length ? [`  ${phase.name}: every login succeeded, but inside:`, ...thrown] : [];
  const first = bad
    .slice(0, 5)
    .map(
      (s) =>
        `status ${s.status}${s.status === 200 ? ' without a session' : ''}${s.error ? ` (${s.error})` : ''} at ${(s.dueMs / 1000).toFixed(2)} s`,
    );
  return [`  ${phase.name}: ${bad.length} of ${phase.result.samples.length} not a successful login; first: ${first.join('; ')}`, ...thrown];
}

export function verdict(run: StoreRun): { pass: boolean; line: string } {
  const open = latencies(run.open);
  const expected = Math.round(run.rate * run.seconds);
  const sent = run.open.result.samples.length;
  const pass = open.p95 < TARGET_P95_MS && allOk(run.open) && sent === expected;
  return {
    pass,
    line:
      `${run.store}: p95 under ${TARGET_P95_MS} ms at ${run.rate} logins/s for ${run.seconds} s: ${pass ? 'PASS' : 'MISS'} ` +
      `(p95 = ${ms(open.p95)}, ${okCount(run.open)}/${sent} successful logins with status 200)`,
  };
}

function mainTable(run: StoreRun): string {
  const a = run.argon2.sequential;
  const seq = latencies(run.sequential);
  const open = latencies(run.open);
  const ceiling = latencies(run.ceiling);
  const openSent = run.open.result.samples.length;
  const openThroughput = okCount(run.open) / run.open.result.seconds;
  const ceilingThroughput = okCount(run.ceiling) / run.ceiling.result.seconds;
  const lag = summarise(run.open.result.samples.map((s) => s.sendLagMs));
  const argonP50 = `argon2 verify p50 ${ms(a.p50)}`;
  const clients = run.ceiling.plan.kind === 'closed' ? run.ceiling.plan.clients : 0;
  const { pass } = verdict(run);
  const rows: string[][] = [
    [`argon2id verify, ${a.n} sequential: p50 / p95`, `${ms(a.p50)} / ${ms(a.p95)}`, 'raw @node-rs/argon2, PasswordHasher parameters', '-'],
    [
      `argon2id ceiling, ${run.argon2.concurrency} concurrent verifiers, ${run.argon2.ceilingSeconds.toFixed(0)} s`,
      `${perSecond(run.argon2.ceilingPerSecond)} verifies`,
      '-',
      '-',
    ],
    [
      `login, 1 client one at a time (${seq.n}): p50 / p95`,
      `${ms(seq.p50)} / ${ms(seq.p95)}`,
      argonP50,
      `${ratio(seq.p50 / a.p50)} (p50 / p50)`,
    ],
    [
      `open loop: requests sent on schedule`,
      `${openSent} over ${run.seconds} s, ${run.open.result.socketsOpened} keep-alive connections`,
      `${Math.round(run.rate * run.seconds)} due at ${run.rate}/s`,
      openSent === Math.round(run.rate * run.seconds) ? 'all sent' : 'SHORT',
    ],
    [`open loop: replies by status`, statuses(run.open), `all ${openSent}: 200 with a session`, allOk(run.open) ? 'yes' : 'NO'],
    [
      `open loop: achieved throughput (successful logins)`,
      perSecond(openThroughput),
      `offered ${perSecond(run.rate)}`,
      ratio(openThroughput / run.rate),
    ],
    [`open loop: login p50 (from scheduled send)`, ms(open.p50), argonP50, `${ratio(open.p50 / a.p50)} (login p50 / argon2 p50)`],
    [`open loop: login p95`, ms(open.p95), `argon2 verify p95 ${ms(a.p95)}`, `target < ${TARGET_P95_MS} ms: ${pass ? 'PASS' : 'MISS'}`],
    [`open loop: login p99 / max`, `${ms(open.p99)} / ${ms(open.max)}`, '-', '-'],
    [`open loop: generator send lag p99 / max (info)`, `${ms(lag.p99)} / ${ms(lag.max)}`, '-', '-'],
    [
      `closed loop, ${clients} clients, ${run.ceiling.result.seconds.toFixed(0)} s: throughput`,
      `${perSecond(ceilingThroughput)} logins`,
      `argon2 ceiling ${perSecond(run.argon2.ceilingPerSecond)}`,
      `${ratio(ceilingThroughput / run.argon2.ceilingPerSecond)} (logins / verifies)`,
    ],
    [
      `offered rate / closed-loop ceiling`,
      ratio(run.rate / ceilingThroughput),
      'below 1x: the open loop can keep up',
      run.rate < ceilingThroughput ? 'keeps up' : 'OVERLOADED: the queue grows for the whole run',
    ],
    [`closed loop: login p50 / p95`, `${ms(ceiling.p50)} / ${ms(ceiling.p95)}`, argonP50, `${ratio(ceiling.p50 / a.p50)} (p50 / p50)`],
    [`closed loop: replies by status`, statuses(run.ceiling), 'all 200 with a session', allOk(run.ceiling) ? 'yes' : 'NO'],
  ];
  return markdownTable(['measure', 'value', 'baseline', 'ratio / target'], rows, [1]);
}

function breakdownTable(run: StoreRun): string {
  const phases = [run.sequential, run.open, run.ceiling];
  const names = phases[0]!.components.map((c) => c.component);
  const perLogin = (phase: Phase, total: number) => total / Math.max(1, phase.result.samples.length);
  const rows: string[][] = names.map((name) => {
    const cells = phases.map((phase) => {
      const c = phase.components.find((x) => x.component === name)!;
      return `${(c.calls / Math.max(1, phase.result.samples.length)).toFixed(1)} x = ${ms(perLogin(phase, c.totalMs))}`;
    });
    return [name, ...cells];
  });
  const timed = (phase: Phase) =>
    perLogin(
      phase,
      phase.components.reduce((sum, c) => sum + c.totalMs, 0),
    );
  const mean = (phase: Phase) => latencies(phase).mean;
  rows.push(['sum of the timed parts', ...phases.map((p) => `${ms(timed(p))} (${percent(timed(p) / mean(p))})`)]);
  rows.push(['login latency, mean (client side)', ...phases.map((p) => ms(mean(p)))]);
  rows.push([
    'rest: HTTP, Nest, validation, JSON, waiting for the event loop',
    ...phases.map((p) => `${ms(mean(p) - timed(p))} (${percent((mean(p) - timed(p)) / mean(p))})`),
  ]);
  rows.push(['API event loop busy (main thread)', ...phases.map((p) => percent(p.mainLoopUtilisation))]);
  rows.push([
    'API event loop busy per login',
    ...phases.map((p) => ms((p.mainLoopUtilisation * p.wallSeconds * 1000) / Math.max(1, p.result.samples.length))),
  ]);
  rows.push(['process CPU (cores; 2 on this machine)', ...phases.map((p) => p.processCores.toFixed(2))]);
  return markdownTable(['per login: calls x = mean ms', ...phases.map((p) => p.name)], rows, [1, 2, 3]);
}

/** Prints every store's tables and the verdicts; answers whether every store passed. */
export function printReport(runs: readonly StoreRun[]): boolean {
  for (const run of runs) {
    console.log(`\n## ${run.store}: ${run.info}`);
    console.log(`load average (1 min) ${run.loadBefore.toFixed(2)} before, ${run.loadAfter.toFixed(2)} after\n`);
    console.log(mainTable(run));
    console.log(`\nwhere a login's time goes (timed inside the API; store calls counted once, outermost)\n`);
    console.log(breakdownTable(run));
    const bad = [run.sequential, run.open, run.ceiling].flatMap(failures);
    if (bad.length > 0) console.log(['\nfailed logins and errors inside the API:', ...bad].join('\n'));
  }
  console.log('\nverdict');
  const verdicts = runs.map(verdict);
  for (const v of verdicts) console.log(`  ${v.line}`);
  return verdicts.every((v) => v.pass);
}
