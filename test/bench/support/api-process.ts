/// <reference types="node" />
// The built product started as `npm start` would start it in production: `node apps/api/dist/main.js` on
// PostgreSQL, in a database of the bench's own (created here, dropped by stop()), with the demo data, and
// API_WORKERS processes (cluster.ts; 1: one process, no cluster). Its CPU time is read from /proc for the
// primary and every worker, so the bench process's own work (seeding, reports) never counts as the API's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MAIN = fileURLToPath(new URL('../../../../apps/api/dist/main.js', import.meta.url));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const START_MS = 300_000;

export type ApiProcess = {
  /** http://127.0.0.1:<port> */
  base: string;
  /** postgres URL of the bench's database. */
  url: string;
  database: string;
  workers: number;
  /** Everything the API printed (the demo QR texts among it). */
  output(): string;
  /** CPU milliseconds so far of the primary and its workers (user + system). */
  cpuMs: () => Promise<number>;
  stop(): Promise<void>;
};

/** One connection to `connectionString` (the server's admin database by default) for `work`. */
export async function onDatabase<T>(work: (client: pg.Client) => Promise<T>, connectionString = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'binaan-bench' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ticksMs(pid: number): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return 0; // gone, or not Linux
  }
}

/** The processes whose parent is `pid` (the cluster's workers). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = (await readFile(`/proc/${entry}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // ended while listed
    }
  }
  return children;
}

function waitForStart(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start in ${START_MS / 1000} s:\n${output().slice(-3000)}`)), START_MS);
    const check = () => {
      const match = /Binaan is running at (http:\/\/[^\s]+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before it served:\n${output().slice(-3000)}`));
    });
  });
}

/** Starts the API with `workers` processes and the demo data; `env` adds to its environment. */
export async function startApiProcess(name: string, workers: number, env: Record<string, string> = {}): Promise<ApiProcess> {
  const database = `binaan_bench_${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), `binaan-bench-${name}-`));
  let printed = '';
  // BENCH_API_NODE_ARGS: node's own flags for the API (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof; workers inherit them).
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATABASE_SCHEMA: 'api',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEMO_DATA: 'on',
      API_WORKERS: String(workers),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
    if (printed.length > 1_000_000) printed = printed.slice(-500_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = (await waitForStart(child, () => printed)).replace('localhost', '127.0.0.1');
    return {
      base,
      url: url.toString(),
      database,
      workers,
      stop,
      output: () => printed,
      cpuMs: async () => {
        const pids = [child.pid!, ...(await childrenOf(child.pid!))];
        let total = 0;
        for (const pid of pids) total += await ticksMs(pid);
        return total;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Resolves (with the milliseconds waited) once the log has stopped growing and the notifications reactor's
 * checkpoint has stopped moving for `quietMs` (it has caught up on what a run left behind), or after `maxMs`.
 */
export async function quietLog(url: string, quietMs: number, maxMs: number): Promise<number> {
  const started = Date.now();
  return onDatabase(async (client) => {
    const state = async () => {
      const { rows } = await client.query<{ head: string | null; checkpoint: string | null }>(
        "SELECT (SELECT max(global_position) FROM api.events) AS head, (SELECT position FROM api.subscription_checkpoints WHERE name = 'notifications') AS checkpoint",
      );
      return `${rows[0]!.head}/${rows[0]!.checkpoint}`;
    };
    let last = await state();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      const now = await state();
      if (now === last || Date.now() - started >= maxMs) return Date.now() - started;
      last = now;
    }
  }, url);
}
