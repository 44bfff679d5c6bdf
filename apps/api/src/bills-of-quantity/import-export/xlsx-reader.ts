// Reads an .xlsx in a worker thread (exceljs's workbook load), so a 10,000-row file never blocks the API's
// event loop: on the main thread exceljs's load held the loop for over a second at a time (measured with
// monitorEventLoopDelay on a 10,000-row file). The worker sends each sheet's rows as plain values (number,
// text or null; formulas as their cached result) with the row's outline level; a memory cap and a time
// limit end a hostile file (a zip bomb) as a refusal, not as the API's end.
//
// The worker's code is plain JavaScript in this file (eval mode), so it runs the same from the built dist
// and from the TypeScript sources under jest, with exceljs resolved from here.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CellValue } from './bq-decimals.js';

export type SheetRow = { row: number; outlineLevel: number; cells: CellValue[] };
export type ReadSheet = { name: string; rowCount: number; maxOutlineLevel: number; rows: SheetRow[] };
export type ReadOptions = {
  /** Rows kept per sheet (a preview); all when not given. */
  limit?: number;
  /** Only these sheets' rows are sent (all are still listed, with no rows). */
  sheets?: readonly string[];
  /** Told after the file is loaded and after each sheet is sent (rows so far, rows in the sheets read). */
  onProgress?: (progress: { phase: 'loaded' | 'sheet'; rows: number; totalRows: number }) => void;
};

export class XlsxUnreadable extends Error {
  override readonly name = 'XlsxUnreadable';
  constructor(
    readonly reason: 'notXlsx' | 'tooLarge' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const ExcelJS = require(workerData.exceljs);
function cellValue(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if (Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return v.result === undefined ? '=' + (v.formula || v.sharedFormula) : cellValue(v.result);
    if ('error' in v) return String(v.error);
    if ('text' in v) return cellValue(v.text);
  }
  return String(v);
}
async function read(job) {
  const post = (message) => parentPort.postMessage({ id: job.id, ...message });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(job.bytes);
  } catch (error) {
    post({ type: 'error', message: String((error && error.message) || error) });
    return;
  }
  const wanted = job.sheets ? new Set(job.sheets) : null;
  const totalRows = workbook.worksheets.filter((s) => !wanted || wanted.has(s.name)).reduce((n, s) => n + s.actualRowCount, 0);
  post({ type: 'loaded', totalRows });
  let sent = 0;
  for (const sheet of workbook.worksheets) {
    const rows = [];
    let maxOutlineLevel = 0;
    if (!wanted || wanted.has(sheet.name)) {
      sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
        const outlineLevel = row.outlineLevel || 0;
        if (outlineLevel > maxOutlineLevel) maxOutlineLevel = outlineLevel;
        if (job.limit !== null && rows.length >= job.limit) return;
        const cells = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => { cells[col - 1] = cellValue(cell.value); });
        for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
        rows.push({ row: rowNumber, outlineLevel, cells });
      });
    }
    sent += rows.length;
    post({ type: 'sheet', sheet: { name: sheet.name, rowCount: sheet.actualRowCount, maxOutlineLevel, rows }, rows: sent, totalRows });
  }
  post({ type: 'done' });
}
let queue = Promise.resolve();
parentPort.on('message', (job) => { queue = queue.then(() => read(job)); });
`;

const EXCELJS = createRequire(import.meta.url).resolve('exceljs');
const LIMITS = { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 };
const TIME_LIMIT_MS = 120_000;
/** A worker left idle this long ends (it holds exceljs, some tens of MB). */
const IDLE_MS = 60_000;

type WorkerMessage = { id: number } & (
  | { type: 'error'; message: string }
  | { type: 'loaded'; totalRows: number }
  | { type: 'sheet'; sheet: ReadSheet; rows: number; totalRows: number }
  | { type: 'done' }
);

type Job = { id: number; onMessage: (message: WorkerMessage) => void; fail: (error: Error) => void };

/**
 * One warm worker per slot (exceljs loads once, not per file: starting a worker and requiring exceljs took
 * over a second on the shared machine), each reading one file at a time; at most SLOTS files at once per
 * process, the rest wait their turn. A worker that runs out of memory or time is ended and replaced.
 */
class ReaderPool {
  private static readonly SLOTS = 2;
  private readonly idle: Worker[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private readonly jobs = new Map<Worker, Job>();
  private readonly live = new Set<Worker>();
  private nextId = 1;

  async run(bytes: Uint8Array, limit: number | null, sheets: readonly string[] | null, onMessage: Job['onMessage']): Promise<void> {
    const worker = await this.acquire();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | null, healthy: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.jobs.delete(worker);
        if (healthy) this.release(worker);
        else this.discard(worker);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => settle(new XlsxUnreadable('timeout', 'Reading this workbook took too long.'), false), TIME_LIMIT_MS);
      this.jobs.set(worker, {
        id,
        onMessage: (message) => {
          if (message.id !== id) return;
          if (message.type === 'error')
            settle(new XlsxUnreadable('notXlsx', `This file is not a readable .xlsx workbook (${message.message}).`), true);
          else if (message.type === 'done') settle(null, true);
          else onMessage(message);
        },
        fail: (error) => settle(error, false),
      });
      worker.postMessage({ id, bytes, limit, sheets });
    });
  }

  private acquire(): Promise<Worker> {
    const ready = this.idle.pop();
    if (ready) {
      clearTimeout(this.idleTimers.get(ready));
      this.idleTimers.delete(ready);
      ready.ref();
      return Promise.resolve(ready);
    }
    if (this.live.size < ReaderPool.SLOTS) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { exceljs: EXCELJS },
      resourceLimits: LIMITS,
      stdout: true,
      stderr: true,
    });
    this.live.add(worker);
    worker.on('message', (message: WorkerMessage) => this.jobs.get(worker)?.onMessage(message));
    worker.on('error', (error: Error & { code?: string }) => {
      this.jobs
        .get(worker)
        ?.fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new XlsxUnreadable('tooLarge', 'This workbook is too large to read.')
            : new XlsxUnreadable('notXlsx', `This file is not a readable .xlsx workbook (${error.message}).`),
        );
    });
    worker.on('exit', () => {
      this.jobs.get(worker)?.fail(new XlsxUnreadable('notXlsx', 'This file is not a readable .xlsx workbook.'));
      this.forget(worker);
    });
    return worker;
  }

  private release(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) return next(worker);
    worker.unref();
    this.idle.push(worker);
    const timer = setTimeout(() => this.discard(worker), IDLE_MS);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  private discard(worker: Worker): void {
    this.forget(worker);
    void worker.terminate();
  }

  private forget(worker: Worker): void {
    if (!this.live.delete(worker)) return;
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    // A slot freed: a waiting read gets a fresh worker.
    const next = this.waiting.shift();
    if (next) next(this.spawn());
  }
}

const pool = new ReaderPool();

/** The workbook's sheets in order, each with its rows (values only); throws XlsxUnreadable. */
export async function readXlsx(bytes: Uint8Array, options: ReadOptions = {}): Promise<ReadSheet[]> {
  if (!looksLikeZip(bytes)) throw new XlsxUnreadable('notXlsx', 'This file is not an .xlsx workbook.');
  const sheets: ReadSheet[] = [];
  await pool.run(bytes, options.limit ?? null, options.sheets ?? null, (message) => {
    if (message.type === 'loaded') options.onProgress?.({ phase: 'loaded', rows: 0, totalRows: message.totalRows });
    else if (message.type === 'sheet') {
      sheets.push(message.sheet);
      options.onProgress?.({ phase: 'sheet', rows: message.rows, totalRows: message.totalRows });
    }
  });
  return sheets;
}

/** An .xlsx is a zip: it starts with a local file header. */
export const looksLikeZip = (bytes: Uint8Array): boolean =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
