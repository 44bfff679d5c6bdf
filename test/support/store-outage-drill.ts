// The store-outage drill (issue 26): the built API as in production (node apps/api/dist/main.js, one
// process or API_WORKERS=2) on a throwaway PostgreSQL cluster of its own, writers creating, editing and
// cancelling tenders, and faults injected under that load:
//  - terminate: every backend of the API's database ended (pg_terminate_backend: a failover, a pooler
//    restart, a DBA);
//  - kill: the postmaster killed with -9, left down for a while, then started again (crash recovery).
// Every reply is recorded. Afterwards the drill reports, per fault, the recovery time (from the database
// being back to the API answering ready and acknowledging a write), the replies by status, and at the end
// whether the API is still the same process(es), whether every failed request was a 503 storeUnavailable
// with Retry-After (no hang, no reset connection, no 500), whether every acknowledged write is in the
// store, and whether the read models equal a rebuild. The short e2e and the long reliability run both
// drive it; they differ only in rounds and durations.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalJson, PostgresDatabase, SqlEventStore, type JsonValue, type SqlDatabase } from '@binaan/event-store';
import { allProjections } from '../../apps/api/src/projections.js';
import { ThrowawayPostgres } from './throwaway-postgres.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(REPOSITORY, 'apps/api/dist/main.js');
const PASSWORD = 'Demo@Binaan2026';
/** A request that has had no reply by then is a hang. */
const HANG_MS = 30_000;

export type FaultKind = 'terminate' | 'kill';

export type DrillOptions = {
  workers: 1 | 2;
  /** The faults, in order (each one round). */
  faults: readonly FaultKind[];
  writers: number;
  /** Load before the first fault and between faults. */
  loadMs: number;
  /** How long the postmaster stays down after a kill. */
  downMs: number;
  log?: (line: string) => void;
};

export type FaultReport = {
  kind: FaultKind;
  /** Backends ended (terminate only). */
  terminated?: number;
  /** From the database back (terminate: at once; kill: the postmaster answering again) to the API ready and a write acknowledged. */
  recoveryMs: number;
  /** Whether /api/health/ready said not ready while the database was away (kill only). */
  readySaidNotReady?: boolean;
  /** Replies from the fault until recovery, by status ('reset' for a connection cut, 'hang' for no reply in 30 s). */
  replies: Record<string, number>;
};

export type DrillReport = {
  workers: number;
  faults: FaultReport[];
  /** Every reply of the run by status. */
  replies: Record<string, number>;
  /** Failed replies that were not 503 storeUnavailable with Retry-After (at most 20 shown). */
  badFailures: string[];
  badFailureCount: number;
  acknowledged: number;
  found: number;
  missing: string[];
  /** The API's process ids before and after (the primary, then its workers). */
  processesBefore: number[];
  processesAfter: number[];
  /** Tables whose rows differ from a rebuild of the log (empty: equal). */
  readModelDifferences: string[];
  notificationsCheckpointAtEnd: boolean;
};

type Reply = { status: number | 'reset' | 'hang'; body: Record<string, unknown>; retryAfter?: string };
type Ack = { id: string; revision: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).filter((candidate) => {
    try {
      return Number(readFileSync(`/proc/${candidate}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === pid;
    } catch {
      return false;
    }
  }).sort((a, b) => a - b);
}

class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  constructor(readonly port: number) {}

  call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve) => {
      const req = request({
        host: '127.0.0.1', port: this.port, method, path, agent: this.agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ...(typeof res.headers['retry-after'] === 'string' ? { retryAfter: res.headers['retry-after'] } : {}) });
        });
        res.on('error', () => resolve({ status: 'reset', body: {} }));
      });
      req.on('error', () => resolve({ status: 'reset', body: {} }));
      req.setTimeout(HANG_MS, () => {
        req.destroy();
        resolve({ status: 'hang', body: {} });
      });
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Replies recorded with the time they came, so they can be split by fault window. */
class Ledger {
  readonly entries: { at: number; what: string; reply: Reply }[] = [];
  readonly acks: Ack[] = [];

  record(what: string, reply: Reply): Reply {
    this.entries.push({ at: Date.now(), what, reply });
    return reply;
  }

  byStatus(from = 0, to = Infinity): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries) if (entry.at >= from && entry.at <= to) counts[String(entry.reply.status)] = (counts[String(entry.reply.status)] ?? 0) + 1;
    return counts;
  }

  /** Failures that are not the outage's answer (503 storeUnavailable with Retry-After). */
  badFailures(): string[] {
    return this.entries
      .filter(({ reply }) => !(typeof reply.status === 'number' && reply.status < 400))
      .filter(({ reply }) => !(reply.status === 503 && reply.body.errorCode === 'storeUnavailable' && reply.retryAfter !== undefined))
      .map(({ what, reply }) => `${what}: ${reply.status} ${String(reply.body.errorCode ?? '')}`);
  }
}

function tender(now: Date, n: number) {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  return {
    title: `Drill tender ${n}`,
    items: [{ description: 'Spun piles 300 mm', unit: 'm', quantity: String(100 + (n % 50)), rate: '0', includeZeroRate: true }],
    openAt: later(10),
    closeAt: later(2 * 24 * 60),
    expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10),
  };
}

/** One writer: create a tender, edit it, cancel it; a document whose step failed is left where it is. */
async function writer(client: Client, token: string, ledger: Ledger, stop: () => boolean, index: number): Promise<void> {
  let n = 0;
  while (!stop()) {
    n++;
    const created = ledger.record('create', await client.call('POST', '/api/documents/tender', token, tender(new Date(), index * 100_000 + n)));
    if (created.status !== 201) {
      await sleep(100);
      continue;
    }
    const id = created.body.id as string;
    ledger.acks.push({ id, revision: 1 });
    const edited = ledger.record('edit', await client.call('PUT', `/api/documents/tender/${id}`, token, { title: `Drill tender ${index}-${n}, edited` }, { 'if-match': '"1"' }));
    if (edited.status !== 200) continue;
    ledger.acks.push({ id, revision: 2 });
    const cancelled = ledger.record('cancel', await client.call('POST', `/api/documents/tender/${id}/actions/Cancel`, token, { remark: 'Drill: not needed' }, { 'if-match': '"2"' }));
    if (cancelled.status === 200) ledger.acks.push({ id, revision: cancelled.body.revision as number });
  }
}

async function signIn(client: Client, email: string, company: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const login = await client.call('POST', '/api/login', undefined, { email, password: PASSWORD });
    if (login.status === 200) {
      const chosen = await client.call('GET', `/api/company/choose/${company}`, login.body.jwtToken as string);
      if (chosen.status === 200) return chosen.body.jwtToken as string;
    }
    if (attempt > 20) throw new Error(`could not sign in ${email}: ${login.status} ${JSON.stringify(login.body)}`);
    await sleep(500);
  }
}

async function waitReady(client: Client, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await client.call('GET', '/api/health/ready')).status === 200) return;
    await sleep(250);
  }
  throw new Error(`the API was not ready within ${timeoutMs} ms`);
}

/** From `since`: the first moment ready answers 200 and a write is acknowledged (each probed every 50 ms). */
async function recovery(client: Client, token: string, since: number): Promise<number> {
  let ready = 0;
  let written = 0;
  const deadline = since + 60_000;
  let n = 0;
  while ((!ready || !written) && Date.now() < deadline) {
    if (!ready && (await client.call('GET', '/api/health/ready')).status === 200) ready = Date.now();
    if (!written && (await client.call('POST', '/api/documents/tender', token, tender(new Date(), 9_000_000 + n++))).status === 201) written = Date.now();
    if (!ready || !written) await sleep(50);
  }
  if (!ready || !written) return Number.POSITIVE_INFINITY;
  return Math.max(ready, written) - since;
}

async function snapshot(sql: SqlDatabase): Promise<Record<string, string[]>> {
  const skipped: Record<string, string[]> = { identity_sessions: ['last_seen_at'] };
  const tables: Record<string, string[]> = {};
  for (const projection of allProjections) {
    for (const table of projection.tables) {
      const rows = await sql.query<{ row: Record<string, JsonValue> }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
      tables[table] = rows.map(({ row }) => canonicalJson(Object.fromEntries(Object.entries(row).filter(([column]) => !(skipped[table] ?? []).includes(column))))).sort();
    }
  }
  return tables;
}

function startApi(databaseUrl: string, port: number, workers: number, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: '', DATA_DIR: dataDir, PORT: String(port), API_WORKERS: String(workers), DEMO_DATA: 'on', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  (child as ChildProcess & { output: () => string }).output = () => output;
  return child;
}

export async function runStoreOutageDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const cluster = await ThrowawayPostgres.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'binaan-drill-'));
  let api: ChildProcess | null = null;
  const client = new Client(await freePort());
  try {
    const database = 'binaan_drill';
    const databaseUrl = await cluster.createDatabase(database);
    const port = client.port;
    api = startApi(databaseUrl, port, options.workers, dataDir);
    const exited = new Promise<number | null>((resolve) => api!.once('exit', (code) => resolve(code)));
    await Promise.race([waitReady(client, 300_000), exited.then((code) => Promise.reject(new Error(`the API exited (${code}) before it was ready: ${(api as unknown as { output: () => string }).output()}`)))]);
    const processesBefore = [api.pid!, ...childrenOf(api.pid!)];
    log(`API ready on port ${port} (${options.workers} process(es): ${processesBefore.join(', ')}); PostgreSQL on port ${cluster.port}`);

    const token = await signIn(client, 'kumar@teguhbina.my', 'teguh-bina');
    const ledger = new Ledger();
    let stopping = false;
    const writers = Array.from({ length: options.writers }, (_, index) => writer(client, token, ledger, () => stopping, index + 1));

    const faults: FaultReport[] = [];
    await sleep(options.loadMs);
    for (const kind of options.faults) {
      const faultAt = Date.now();
      const report: FaultReport = { kind, recoveryMs: 0, replies: {} };
      let backAt = faultAt;
      if (kind === 'terminate') {
        report.terminated = await cluster.terminateBackends(database);
      } else {
        await cluster.killPostmaster();
        await sleep(options.downMs / 2);
        report.readySaidNotReady = (await client.call('GET', '/api/health/ready')).status === 503;
        await sleep(options.downMs / 2);
        await cluster.start();
        backAt = Date.now();
      }
      report.recoveryMs = await recovery(client, token, backAt);
      report.replies = ledger.byStatus(faultAt, backAt + report.recoveryMs);
      faults.push(report);
      log(`${kind}: recovered in ${report.recoveryMs} ms; replies meanwhile ${JSON.stringify(report.replies)}${report.terminated !== undefined ? `; ${report.terminated} backends ended` : ''}`);
      await sleep(options.loadMs);
    }
    stopping = true;
    await Promise.all(writers);

    const processesAfter = [api.pid!, ...childrenOf(api.pid!)];
    // Every acknowledged write is in the store: the document is at least at the acknowledged revision.
    const missing: string[] = [];
    const highest = new Map<string, number>();
    for (const ack of ledger.acks) highest.set(ack.id, Math.max(highest.get(ack.id) ?? 0, ack.revision));
    const rows = await cluster.sql<{ stream_id: string; revision: string }>(database, `SELECT stream_id, revision FROM streams WHERE stream_type = 'tender'`);
    const stored = new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));
    for (const [id, revision] of highest) {
      const at = stored.get(`tender-${id}`);
      if (at === undefined || at < revision) missing.push(`${id}@${revision} (stored: ${at ?? 'none'})`);
    }

    // Give the notifications reactor a moment to reach the end, then stop the API and compare the read models.
    let notificationsCheckpointAtEnd = false;
    for (let i = 0; i < 100 && !notificationsCheckpointAtEnd; i++) {
      const [row] = await cluster.sql<{ behind: string }>(database, `SELECT (SELECT COALESCE(MAX(global_position), 0) FROM events WHERE stream_type <> 'notifications') - COALESCE((SELECT position FROM subscription_checkpoints WHERE name = 'notifications'), 0) AS behind`);
      notificationsCheckpointAtEnd = Number(row?.behind) <= 0;
      if (!notificationsCheckpointAtEnd) await sleep(200);
    }
    api.kill('SIGTERM');
    await exited;
    api = null;
    const readModelDifferences = await compareWithRebuild(databaseUrl);

    const badFailures = ledger.badFailures();
    return {
      workers: options.workers,
      faults,
      replies: ledger.byStatus(),
      badFailures: badFailures.slice(0, 20),
      badFailureCount: badFailures.length,
      acknowledged: highest.size,
      found: highest.size - missing.length,
      missing,
      processesBefore,
      processesAfter,
      readModelDifferences,
      notificationsCheckpointAtEnd,
    };
  } finally {
    client.close();
    if (api) {
      api.kill('SIGKILL');
    }
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Snapshots every read-model table, rebuilds them from the log, and names the tables that differ. */
async function compareWithRebuild(databaseUrl: string): Promise<string[]> {
  const db = await PostgresDatabase.open({ connectionString: databaseUrl });
  try {
    const store = await SqlEventStore.open(db, { projections: allProjections });
    const live = await snapshot(db);
    await store.rebuild();
    const rebuilt = await snapshot(db);
    await store.close();
    return Object.keys(live).filter((table) => canonicalJson(live[table]!) !== canonicalJson(rebuilt[table] ?? []));
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
