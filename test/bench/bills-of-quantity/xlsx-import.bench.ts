/// <reference types="node" />
// Importing a 10,000-row .xlsx against exceljs's own bare read of the same file, by hand:
//   tsc -b && tsc -b test/bench && node test/bench/dist/bills-of-quantity/xlsx-import.bench.js
//   BENCH_ROWS=10000  BENCH_RUNS=5
// The file is a BQ this product exports (3 tabs, headers and items up to level 4, formulas for amounts).
// Bare read: `new ExcelJS.Workbook().xlsx.load(bytes)` on the main thread, nothing else. Import: what the
// import route does with the file (bq-workbook-reader.ts importWorkbook: the read in the worker thread,
// the rows handed over, the mapping, every cell checked, the tabs built). Medians of BENCH_RUNS after a
// warm-up, the two alternating in one run; the ratio must be at most 3 (exit code 1 otherwise). Beside it,
// the main thread's busy time and the longest its event loop was held during each: the import reads
// in a worker so the API keeps answering.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { BqImportRow, BqImportTab } from '@binaan/contracts';
import { importWorkbook, previewWorkbook, proposedMapping } from '@binaan/api/dist/bills-of-quantity/import-export/bq-workbook-reader.js';
import { writeBqWorkbook } from '@binaan/api/dist/bills-of-quantity/import-export/bq-workbook-writer.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIMIT = 3;

function tab(name: string, count: number, seed: number): BqImportTab {
  const rows: BqImportRow[] = [];
  for (let i = 0; rows.length < count; i++) {
    // A header at level 1, two sub-headers, each with items at level 3 and a few at level 4 under a level-3 header.
    const level = rows.length === 0 ? 1 : 1 + ((i * 7 + seed) % 3);
    const previous = rows[rows.length - 1];
    const header = previous === undefined || i % 9 === 0 || (previous.type === 'header' && level > previous.level && i % 5 === 0);
    const lvl = previous === undefined ? 1 : Math.min(level, previous.type === 'header' ? previous.level + 1 : previous.level);
    rows.push(
      header
        ? {
            level: lvl,
            type: 'header',
            title: `H${i}`,
            description: `Section ${i}: works to ${name.toLowerCase()}`,
            unit: null,
            quantity: null,
            rate: null,
          }
        : {
            level: lvl,
            type: 'item',
            title: `${name[0]}${i}`,
            description: `Supply and install item ${i} complete with fixings, as drawing ${seed}-${i}`,
            unit: ['m', 'm2', 'm3', 'nr', 'kg'][i % 5]!,
            quantity: `${(i % 997) + 1}.${String(i % 1000).padStart(3, '0')}`,
            rate: `${(i % 4999) + 1}.${String(i % 100).padStart(2, '0')}`,
          },
    );
  }
  return { name, rows };
}

type Timing = { ms: number; heldMs: number; busyMs: number };

/** Wall time; the longest the event loop was held; the main thread's busy time (event loop utilisation). */
async function timed(work: () => Promise<unknown>): Promise<Timing> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const before = performance.eventLoopUtilization();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const used = performance.eventLoopUtilization(before);
  loop.disable();
  return { ms, heldMs: loop.max / 1e6, busyMs: used.active };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const per = Math.ceil(ROWS / 3);
  const tabs = [tab('Preliminaries', per, 1), tab('Substructure', per, 2), tab('Superstructure', ROWS - 2 * per, 3)];
  const bytes = await writeBqWorkbook({ projectName: 'Bench project', projectCode: 'BENCH', companyName: null }, tabs);
  const mapping = proposedMapping(await previewWorkbook(bytes));
  console.log(`file: ${ROWS} rows in ${tabs.length} tabs, ${(bytes.length / 1024).toFixed(0)} KB; ${RUNS} runs after a warm-up`);
  const bare = () =>
    timed(async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as never);
      return workbook.worksheets.length;
    });
  const imported = () =>
    timed(async () => {
      const outcome = await importWorkbook(bytes, mapping);
      if (!outcome.ok) throw new Error(`import refused: ${outcome.code}`);
      if (outcome.rows !== ROWS) throw new Error(`import gave ${outcome.rows} rows, not ${ROWS}`);
      return outcome.rows;
    });
  await bare();
  await imported();
  const b: Timing[] = [];
  const i: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    b.push(await bare());
    i.push(await imported());
  }
  const bareMs = median(b.map((r) => r.ms));
  const importMs = median(i.map((r) => r.ms));
  const ratio = importMs / bareMs;
  const line = (name: string, ms: number, runs: Timing[]) =>
    console.log(
      `${name}: median ${ms.toFixed(0)} ms; main thread busy median ${median(runs.map((r) => r.busyMs)).toFixed(0)} ms; event loop held up to ${Math.max(...runs.map((r) => r.heldMs)).toFixed(0)} ms`,
    );
  line('exceljs bare read (xlsx.load)', bareMs, b);
  line('BQ import (worker read, mapping, checks)', importMs, i);
  console.log(`ratio import / bare read: ${ratio.toFixed(2)} (at most ${LIMIT}) ${ratio <= LIMIT ? 'PASS' : 'FAIL'}`);
  process.exitCode = ratio <= LIMIT ? 0 : 1;
}

await main();
