// The printed result: one table (PostgreSQL and PGlite side by side), then the ratios against their
// targets, each marked PASS or MISS.

import type { ReplayResult } from './contenders.js';
import { eventsPerSecond, fmtInt, fmtRate, fmtSec, roundMedianRatio, table, type Rate } from './measure.js';

export type Replay = ReplayResult & { seconds: number };

export type Column = {
  name: 'PostgreSQL' | 'PGlite';
  info: string;
  single1: Record<string, Rate>;
  single8: Record<string, Rate>;
  batch: Record<string, Rate>;
  seeds: Record<string, { events: number; seconds: number }>;
  replay: { ours: Replay; emmett?: Replay; scan: Replay };
};

const NOT_ON_PGLITE = 'n/a (PostgreSQL only)';

function rateCell(column: Column, rate: Rate | undefined, unit: 'ops' | 'events'): string {
  if (rate) return fmtRate(rate, unit);
  return column.name === 'PGlite' ? NOT_ON_PGLITE : '-';
}

function replayCell(column: Column, replay: Replay | undefined, total: number): string {
  if (!replay) return column.name === 'PGlite' ? NOT_ON_PGLITE : '-';
  const rate = `${fmtInt(replay.events / replay.seconds)} ev/s`;
  if (replay.events < total) return `stopped at ${fmtSec(replay.seconds)} after ${fmtInt(replay.events)} (${rate})`;
  return `${fmtSec(replay.seconds)} = ${rate}`;
}

/** `lowerBound`: the true value is at least `value` (a capped run); below target that decides nothing. */
type Check = {
  column: string;
  label: string;
  value: number;
  median?: number;
  target: number;
  atMost?: boolean;
  lowerBound?: boolean;
  unit: 'x' | '/s' | 's';
};

const show = (value: number, unit: Check['unit']) =>
  unit === 'x' ? `${value.toFixed(2)}x` : unit === 's' ? `${value.toFixed(2)} s` : `${fmtInt(value)}/s`;

export function printReport(
  columns: readonly Column[],
  run: { total: number; page: number; batch: number; scan: number; emmettCap: number },
): void {
  const rows: string[][] = [];
  const row = (label: string, cell: (c: Column) => string) => rows.push([label, ...columns.map(cell)]);
  for (const [key, conns] of [
    ['single1', '1 conn'],
    ['single8', '8 conn'],
  ] as const) {
    row(`single-event append, ${conns}: ours (appends/s)`, (c) => rateCell(c, c[key].ours, 'ops'));
    row(`single-event append, ${conns}: plain INSERT`, (c) => rateCell(c, c[key].plain, 'ops'));
    row(`single-event append, ${conns}: Emmett`, (c) => rateCell(c, c[key].emmett, 'ops'));
  }
  row(`${run.batch}-event batch append, 1 conn: ours (events/s)`, (c) => rateCell(c, c.batch.ours, 'events'));
  row(`${run.batch}-event batch append, 1 conn: Emmett (events/s)`, (c) => rateCell(c, c.batch.emmett, 'events'));
  row(`replay ${fmtInt(run.total)}: ours readAll -> StoredEvent`, (c) => replayCell(c, c.replay.ours, run.total));
  row(`replay ${fmtInt(run.total)}: Emmett readMessagesBatch`, (c) => replayCell(c, c.replay.emmett, run.total));
  row(`bare keyset SELECT of the first ${fmtInt(run.scan)} (diagnostic)`, (c) => replayCell(c, c.replay.scan, run.scan));
  row('seed: ours, 1000-event appends (info, 3 seeds at once)', (c) => seedCell(c.seeds.ours));
  row('seed: Emmett, 1000-event appends (info, 3 seeds at once)', (c) =>
    c.seeds.emmett ? seedCell(c.seeds.emmett) : c.name === 'PGlite' ? NOT_ON_PGLITE : '-',
  );

  console.log('\n' + table(['measurement (rate = total over rounds (min..max of rounds))', ...columns.map((c) => c.name)], rows));
  console.log('');
  for (const c of columns) console.log(`${c.name}: ${c.info}`);
  console.log(
    `Logs were seeded to ${fmtInt(run.total)} events first (1000-event appends, streams of 1000 events; plain tables filled with the same rows), ` +
      `so appends were measured into full tables. Replays read the first ${fmtInt(run.total)} events (the seeded ones) in pages of ${run.page}.`,
  );
  console.log(
    `Emmett's replay is capped at ${run.emmettCap} s: emmett-postgresql 0.42 has no index serving readMessagesBatch (ORDER BY transaction_id, ` +
      'global_position; filter on global_position), so each page sorts a scan of the whole table (quadratic in the log size).',
  );
  console.log('PGlite is one session: "8 conn" there means 8 concurrent callers on the one PGlite instance, which queues them.');
  console.log(
    "Emmett is not in the PGlite column: emmett-postgresql 0.42 connects through node-postgres pools (dumbo's pg connector) " +
      'to a PostgreSQL server and has no PGlite connector.',
  );

  const checks: Check[] = [];
  for (const c of columns) {
    for (const [key, conns] of [
      ['single1', '1 conn'],
      ['single8', '8 conn'],
    ] as const) {
      const { ours, plain, emmett } = c[key];
      if (ours && plain)
        checks.push({ column: c.name, label: `single-event ${conns}: ours / plain INSERT`, ...ratio(ours, plain), target: 0.8, unit: 'x' });
      if (ours && emmett)
        checks.push({ column: c.name, label: `single-event ${conns}: ours / Emmett`, ...ratio(ours, emmett), target: 1, unit: 'x' });
    }
    const { ours: batchOurs, emmett: batchEmmett } = c.batch;
    if (batchOurs && batchEmmett)
      checks.push({
        column: c.name,
        label: `${run.batch}-event batch: ours / Emmett`,
        ...ratio(batchOurs, batchEmmett),
        target: 1,
        unit: 'x',
      });
    if (batchOurs && c.name === 'PostgreSQL')
      checks.push({
        column: c.name,
        label: `${run.batch}-event batch: ours events/s`,
        value: eventsPerSecond(batchOurs),
        target: 25_000,
        unit: '/s',
      });
    checks.push({
      column: c.name,
      label: `replay ${fmtInt(run.total)}: ours seconds`,
      value: c.replay.ours.seconds,
      target: c.name === 'PostgreSQL' ? 5 : 15,
      atMost: true,
      unit: 's',
    });
    const emmettReplay = c.replay.emmett;
    if (emmettReplay) {
      const capped = emmettReplay.events < run.total;
      checks.push({
        column: c.name,
        label: `replay: Emmett seconds / ours seconds${capped ? ' (Emmett capped)' : ''}`,
        value: emmettReplay.seconds / c.replay.ours.seconds,
        target: 1,
        lowerBound: capped,
        unit: 'x',
      });
    }
  }
  console.log('\nratios and targets (value: ratio of totals, which the verdict uses; round median: median of the per-round ratios)');
  console.log(
    table(
      ['store', 'ratio', 'value', 'round median', 'target', 'verdict'],
      checks.map((k) => {
        const pass = k.atMost ? k.value <= k.target : k.value >= k.target;
        const verdict = pass ? 'PASS' : k.lowerBound ? 'UNDECIDED' : 'MISS';
        const median = k.median === undefined ? '' : show(k.median, k.unit);
        return [
          k.column,
          k.label,
          `${k.lowerBound ? '>= ' : ''}${show(k.value, k.unit)}`,
          median,
          `${k.atMost ? '<=' : '>='} ${show(k.target, k.unit)}`,
          verdict,
        ];
      }),
    ),
  );
  console.log('\nfor information (no target)');
  for (const c of columns) {
    const oursRate = c.replay.ours.events / c.replay.ours.seconds;
    const scanRate = c.replay.scan.events / c.replay.scan.seconds;
    console.log(
      `  ${c.name}: ours replay ${fmtInt(oursRate)} ev/s vs bare keyset SELECT (rows only, no mapping) ${fmtInt(scanRate)} ev/s = ${(oursRate / scanRate).toFixed(2)}x`,
    );
    if (c.name === 'PGlite' && c.batch.ours)
      console.log(
        `  PGlite: ${run.batch}-event batch, ours = ${fmtInt(eventsPerSecond(c.batch.ours))} events/s (the 25,000/s target is for PostgreSQL)`,
      );
  }
}

function ratio(a: Rate, b: Rate): { value: number; median: number } {
  return { value: eventsPerSecond(a) / eventsPerSecond(b), median: roundMedianRatio(a, b) };
}

function seedCell(seed: { events: number; seconds: number } | undefined): string {
  if (!seed) return '-';
  return `${fmtInt(seed.events)} in ${fmtSec(seed.seconds)} = ${fmtInt(seed.events / seed.seconds)} ev/s`;
}
