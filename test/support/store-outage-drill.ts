// The store-outage drill: the built API as in production (node apps/api/dist/main.js, one
// process or API_WORKERS=2) on a throwaway PostgreSQL cluster of its own, writers creating, editing and
// cancelling tenders, and faults injected under that load:
//  - terminate: every backend of the API's database ended (pg_terminate_backend: a failover, a pooler
//    restart, a DBA);
//  - kill: the postmaster killed with -9, left down for a while, then started again (crash recovery);
//  - kill-api: the whole API (primary and workers) killed with SIGKILL at a random moment under load, and
//    started again on the same store (on PGlite: the same data folder, its stale lock taken over).
// Every reply is recorded. Afterwards the drill reports, per fault, the recovery time (from the database
// being back to the API answering ready and acknowledging a write), the replies by status, the slowest
// reply, and how long until every API process LISTENs again; and at the end whether the API is still the
// same process(es), whether every failed request was a 503 storeUnavailable with Retry-After (no hang, no
// reset connection, no 500), whether every acknowledged write is in the store, whether every subscription
// (notifications reactor, approval queue, each process's live feed) reached the log's end, whether a replay
// of the load's events by a fresh API adds no notification and changes no approval-queue row (nothing
// missed, nothing applied twice), and whether the read models equal a rebuild. Half the writers' documents
// are sent for approval, so the reactor and the queue have work through the faults. The short e2e and the
// long reliability run both drive it; they differ only in rounds and durations.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalJson, openSqlDatabase, SqlEventStore, type SqlDatabase } from '@binaan/event-store';
import { differingTables, readModelSnapshot } from './read-model-snapshot.js';
import { allProjections } from '../../apps/api/src/projections.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { runStoreCli } from '../../apps/api/src/cli/store-commands.js';
import { personalDataCodecFor } from '../../apps/api/src/personal-data/personal-data-codec.js';
import { ThrowawayPostgres } from './throwaway-postgres.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(REPOSITORY, 'apps/api/dist/main.js');
const PASSWORD = 'Demo@Binaan2026';
const METRICS_TOKEN = 'drill-metrics-token';
/** The subscriptions whose lag the API reports (binaan_subscription_lag_events): all must reach the log's end. */
export const SUBSCRIPTIONS = ['notifications', 'approval-queue', 'live-feed'] as const;
/** A request that has had no reply by then is a hang. */
const HANG_MS = 30_000;

export type FaultKind = 'terminate' | 'kill' | 'kill-api';

export type DrillOptions = {
  /** PostgreSQL (a throwaway cluster) or PGlite (a data folder; kill-api faults only). Default postgres. */
  store?: 'postgres' | 'pglite';
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
  /** Database faults: whether the API's processes were the same after recovery as before the fault. */
  sameProcesses?: boolean;
  /** The slowest reply from the fault until recovery (ms): every request is answered in bounded time. */
  slowestReplyMs: number;
  /**
   * Database faults: from the database back until every API process LISTENs again (as many LISTEN sessions
   * on the database as before the fault); Infinity when not within 10 s.
   */
  listenBackMs?: number;
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
  /** The API's process ids before and after (the primary, then its workers); kill-api faults change them. */
  processesBefore: number[];
  processesAfter: number[];
  /** `npm run store -- verify` on the store after the run: every chain intact. */
  chainsVerified: boolean;
  /** Tables whose rows differ from a rebuild of the log (empty: equal). */
  readModelDifferences: string[];
  notificationsCheckpointAtEnd: boolean;
  /** LISTEN sessions on the database before the first fault (PostgreSQL: one per API process holding the store). */
  listenersBefore: number | null;
  /** Each subscription's lag (events) as the API reported it once the load stopped, the largest over the processes. */
  subscriptionLagAtEnd: Record<string, number | null>;
  /** How long the subscriptions took to reach the log's end after the load stopped (ms; Infinity: not in 60 s). */
  subscriptionsCaughtUpMs: number;
  /** The slowest reply of the run (ms). */
  slowestReplyMs: number;
  /**
   * Nothing missed, nothing applied twice: the notifications reactor and the approval queue handled again
   * from the position the load began at (their checkpoints set back, the drill's documents' queue rows
   * dropped) by a fresh API; what they had made through the faults must be exactly what they make again.
   */
  replay: ReplayReport;
};

export type ReplayReport = {
  /** NotificationRaised events for the drill's events before the replay, and after it (equal: none missed). */
  notificationsBefore: number;
  notificationsAfter: number;
  /** Notification ids recorded more than once (none: none applied twice). */
  duplicateNotifications: number;
  /** waiting_approvals rows of the drill's documents before and after; equal when the queue missed nothing. */
  approvalRowsBefore: number;
  approvalRowsAfter: number;
  approvalQueueEqual: boolean;
  /** The events whose notifications only the replay raised (at most 10): what the run missed. */
  missedSources: string[];
  /** How long the replay took (ms) and how many events it handled again. */
  replayMs: number;
  eventsReplayed: number;
};

type Reply = { status: number | 'reset' | 'hang'; body: Record<string, unknown>; retryAfter?: string; ms: number };
type Ack = { id: string; revision: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
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
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => {
      try {
        return (
          Number(
            readFileSync(`/proc/${candidate}/stat`, 'utf8')
              .replace(/^.*\) /, '')
              .split(' ')[1],
          ) === pid
        );
      } catch {
        return false;
      }
    })
    .sort((a, b) => a - b);
}

export class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  constructor(readonly port: number) {}

  call(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = Date.now();
    return new Promise<Omit<Reply, 'ms'>>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        (res) => {
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
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              ...(typeof res.headers['retry-after'] === 'string' ? { retryAfter: res.headers['retry-after'] } : {}),
            });
          });
          res.on('error', () => resolve({ status: 'reset', body: {} }));
        },
      );
      req.on('error', () => resolve({ status: 'reset', body: {} }));
      req.setTimeout(HANG_MS, () => {
        req.destroy();
        resolve({ status: 'hang', body: {} });
      });
      req.end(payload);
    }).then((reply) => ({ ...reply, ms: Date.now() - started }));
  }

  /** GET /metrics (METRICS_TOKEN is the drill's): the text, or '' when it could not be had. */
  async metrics(): Promise<string> {
    const reply = await new Promise<string>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'GET',
          path: '/metrics',
          agent: this.agent,
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(res.statusCode === 200 ? text : ''));
          res.on('error', () => resolve(''));
        },
      );
      req.on('error', () => resolve(''));
      req.setTimeout(HANG_MS, () => {
        req.destroy();
        resolve('');
      });
      req.end();
    });
    return reply;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Replies recorded with the time they came, so they can be split by fault window. */
class Ledger {
  readonly entries: { at: number; what: string; reply: Reply }[] = [];
  readonly acks: Ack[] = [];
  /** While the API itself is dead and starting again, a refused or cut connection is the expected answer. */
  readonly apiDown: [number, number][] = [];

  record(what: string, reply: Reply): Reply {
    this.entries.push({ at: Date.now(), what, reply });
    return reply;
  }

  /** The slowest reply (ms) that came between `from` and `to`: a request is answered in bounded time. */
  slowest(from = 0, to = Infinity): number {
    let slowest = 0;
    for (const entry of this.entries) if (entry.at >= from && entry.at <= to) slowest = Math.max(slowest, entry.reply.ms);
    return slowest;
  }

  byStatus(from = 0, to = Infinity): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries)
      if (entry.at >= from && entry.at <= to) counts[String(entry.reply.status)] = (counts[String(entry.reply.status)] ?? 0) + 1;
    return counts;
  }

  /** Failures that are not the outage's answer (503 storeUnavailable with Retry-After). */
  badFailures(): string[] {
    return this.entries
      .filter(({ reply }) => !(typeof reply.status === 'number' && reply.status < 400))
      .filter(({ at, reply }) => !(reply.status === 'reset' && this.apiDown.some(([from, to]) => at >= from && at <= to)))
      .filter(({ reply }) => !(reply.status === 503 && reply.body.errorCode === 'storeUnavailable' && reply.retryAfter !== undefined))
      .map(({ what, reply }) => `${what}: ${reply.status} ${typeof reply.body.errorCode === 'string' ? reply.body.errorCode : ''}`);
  }
}

export function tender(now: Date, n: number) {
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  return {
    title: `Drill tender ${n}`,
    items: [{ description: 'Spun piles 300 mm', unit: 'm', quantity: String(100 + (n % 50)), rate: '0', includeZeroRate: true }],
    openAt: later(10),
    closeAt: later(2 * 24 * 60),
    expectedDeliveryStart: later(5 * 24 * 60).slice(0, 10),
  };
}

/**
 * One writer: create a tender, edit it, then cancel it (odd rounds) or ask for its approval (even rounds: the
 * approvers' queue gains a row and they are notified, so the approval queue and the notifications reactor
 * have real work through the faults); a document whose step failed is left where it is.
 */
async function writer(client: Client, token: string, ledger: Ledger, stop: () => boolean, index: number): Promise<void> {
  let n = 0;
  while (!stop()) {
    n++;
    const created = ledger.record(
      'create',
      await client.call('POST', '/api/documents/tender', token, tender(new Date(), index * 100_000 + n)),
    );
    if (created.status !== 201) {
      await sleep(100);
      continue;
    }
    const id = created.body.id as string;
    ledger.acks.push({ id, revision: 1 });
    const edited = ledger.record(
      'edit',
      await client.call(
        'PUT',
        `/api/documents/tender/${id}`,
        token,
        { title: `Drill tender ${index}-${n}, edited` },
        { 'if-match': '"1"' },
      ),
    );
    if (edited.status !== 200) continue;
    ledger.acks.push({ id, revision: 2 });
    const last =
      n % 2 === 0
        ? ledger.record(
            'request',
            await client.call('POST', `/api/documents/tender/${id}/actions/Request_Approve`, token, {}, { 'if-match': '"2"' }),
          )
        : ledger.record(
            'cancel',
            await client.call(
              'POST',
              `/api/documents/tender/${id}/actions/Cancel`,
              token,
              { remark: 'Drill: not needed' },
              { 'if-match': '"2"' },
            ),
          );
    if (last.status === 200) ledger.acks.push({ id, revision: last.body.revision as number });
  }
}

export async function signIn(client: Client, email: string, company: string): Promise<string> {
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

export async function waitReady(client: Client, timeoutMs: number): Promise<void> {
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
    if (!written && (await client.call('POST', '/api/documents/tender', token, tender(new Date(), 9_000_000 + n++))).status === 201)
      written = Date.now();
    if (!ready || !written) await sleep(50);
  }
  if (!ready || !written) return Number.POSITIVE_INFINITY;
  return Math.max(ready, written) - since;
}

export type Api = ChildProcess & { output: () => string; exited: Promise<number | null> };

/** The API in a process group of its own (so a SIGKILL reaches the primary and its workers at once). */
export function startApi(databaseUrl: string | null, port: number, workers: number, dataDir: string): Api {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_SCHEMA: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      API_WORKERS: String(workers),
      DEMO_DATA: 'on',
      NODE_ENV: 'test',
      METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const api = child as Api;
  api.output = () => output;
  api.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return api;
}

async function startedApi(client: Client, databaseUrl: string | null, workers: number, dataDir: string): Promise<Api> {
  const api = startApi(databaseUrl, client.port, workers, dataDir);
  await Promise.race([
    waitReady(client, 300_000),
    api.exited.then((code) => Promise.reject(new Error(`the API exited (${code}) before it was ready: ${api.output()}`))),
  ]);
  return api;
}

export function killApi(api: Api): void {
  try {
    process.kill(-api.pid!, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

const apiProcesses = (api: Api) => [api.pid!, ...childrenOf(api.pid!)];

/**
 * `npm run store -- verify` against the drill's store, exit 0 when every chain is intact: the CLI's own
 * command run in this process (store-commands.ts), its lines dropped as the process's were; the CLI as a
 * process is proved by store-backup.e2e.ts, and starting one here cost a Node start and the app's modules.
 */
async function verifyChains(databaseUrl: string | null, dataDir: string): Promise<boolean> {
  const dropped = new Writable({ write: (_chunk, _encoding, done) => done() });
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: '', DATA_DIR: dataDir };
  return (await runStoreCli(['verify'], env, { log: () => undefined, error: () => undefined, progress: dropped })) === 0;
}

export async function runStoreOutageDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const onPostgres = (options.store ?? 'postgres') === 'postgres';
  const cluster = onPostgres ? await ThrowawayPostgres.create() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'binaan-drill-'));
  let api: Api | null = null;
  const client = new Client(await freePort());
  try {
    const database = 'binaan_drill';
    const databaseUrl = cluster ? await cluster.createDatabase(database) : null;
    api = await startedApi(client, databaseUrl, options.workers, dataDir);
    const processesBefore = apiProcesses(api);
    log(
      `API ready on port ${client.port} (${options.workers} process(es): ${processesBefore.join(', ')}); ${cluster ? `PostgreSQL on port ${cluster.port}` : `PGlite in ${dataDir}`}`,
    );

    const token = await signIn(client, 'kumar@teguhbina.my', 'teguh-bina');
    // Where the load begins: the replay after the run handles the subscriptions' work from here again.
    const startPosition = Number((await client.call('GET', '/api/health/ready')).body.position);
    // Every process LISTENs (its live feed asks for the store's wake-ups at start); workers may still be starting.
    let listenersBefore: number | null = null;
    if (cluster) {
      for (let i = 0; i < 600 && (listenersBefore ?? 0) < options.workers; i++) {
        if (listenersBefore !== null) await sleep(100);
        listenersBefore = await listeners(cluster, database);
      }
    }
    const ledger = new Ledger();
    let stopping = false;
    const writers = Array.from({ length: options.writers }, (_, index) => writer(client, token, ledger, () => stopping, index + 1));

    const faults: FaultReport[] = [];
    await sleep(options.loadMs);
    for (const kind of options.faults) {
      const before = apiProcesses(api);
      const faultAt = Date.now();
      const report: FaultReport = { kind, recoveryMs: 0, replies: {}, slowestReplyMs: 0 };
      let backAt = faultAt;
      if (kind === 'kill-api') {
        // At a random moment of the load, not on a beat.
        await sleep(Math.floor(Math.random() * 500));
        killApi(api);
        await api.exited;
        backAt = Date.now();
        api = startApi(databaseUrl, client.port, options.workers, dataDir);
      } else if (!cluster) {
        throw new Error(`${kind} needs PostgreSQL`);
      } else if (kind === 'terminate') {
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
      if (cluster && listenersBefore !== null && kind !== 'kill-api')
        report.listenBackMs = await listenBack(cluster, database, listenersBefore, backAt);
      report.replies = ledger.byStatus(faultAt, backAt + report.recoveryMs);
      report.slowestReplyMs = ledger.slowest(faultAt, backAt + report.recoveryMs);
      if (kind === 'kill-api') ledger.apiDown.push([faultAt, backAt + report.recoveryMs]);
      else report.sameProcesses = canonicalJson(apiProcesses(api)) === canonicalJson(before);
      if (report.sameProcesses === false || !Number.isFinite(report.recoveryMs))
        log(`the API after ${kind}:\n${api.output().slice(-4000)}`);
      faults.push(report);
      log(
        `${kind} at ${new Date(faultAt).toISOString()}: recovered in ${report.recoveryMs} ms; replies meanwhile ${JSON.stringify(report.replies)}, slowest ${report.slowestReplyMs} ms${report.terminated !== undefined ? `; ${report.terminated} backends ended` : ''}${report.listenBackMs !== undefined ? `; LISTEN again after ${report.listenBackMs} ms` : ''}`,
      );
      await sleep(options.loadMs);
    }
    stopping = true;
    await Promise.all(writers);

    const processesAfter = apiProcesses(api);
    // Every subscription (the notifications reactor, the approval queue, each process's live feed) reaches the log's end.
    const { lags: subscriptionLagAtEnd, ms: subscriptionsCaughtUpMs } = await caughtUp(client, SUBSCRIPTIONS, 60_000);
    log(`subscriptions at the log's end after ${subscriptionsCaughtUpMs} ms: ${JSON.stringify(subscriptionLagAtEnd)}`);
    // And the reactor's durable checkpoint says so (PostgreSQL).
    let notificationsCheckpointAtEnd = false;
    for (let i = 0; i < 100 && !notificationsCheckpointAtEnd; i++) {
      const behind = await client.call('GET', '/api/health/ready');
      notificationsCheckpointAtEnd = behind.status === 200 && (await reactorBehind(cluster, database)) <= 0;
      if (!notificationsCheckpointAtEnd) await sleep(200);
    }
    // Stop the API, then read the store as it was left.
    api.kill('SIGTERM');
    await api.exited;
    api = null;
    log("the API stopped; handling the load's events again with a fresh API");
    const replay = await replaySubscriptions(client, databaseUrl, dataDir, startPosition, log);
    log(`replay: ${JSON.stringify(replay)}`);
    log('reading the store: acknowledged writes, then the read models against a rebuild, then the chains');
    const db = await openDrillStore(databaseUrl, dataDir);
    let missing: string[];
    let readModelDifferences: string[];
    const highest = new Map<string, number>();
    for (const ack of ledger.acks) highest.set(ack.id, Math.max(highest.get(ack.id) ?? 0, ack.revision));
    try {
      // Every acknowledged write is in the store: the document is at least at the acknowledged revision.
      const rows = await db.query<{ stream_id: string; revision: string }>(
        `SELECT stream_id, revision FROM streams WHERE stream_type = 'tender'`,
      );
      const stored = new Map(rows.map((row) => [row.stream_id, Number(row.revision)]));
      missing = [...highest]
        .filter(([id, revision]) => (stored.get(`tender-${id}`) ?? -1) < revision)
        .map(([id, revision]) => `${id}@${revision} (stored: ${stored.get(`tender-${id}`) ?? 'none'})`);
      readModelDifferences = await compareWithRebuild(db, dataDir);
    } finally {
      await db.close();
    }
    const chainsVerified = await verifyChains(databaseUrl, dataDir);

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
      chainsVerified,
      readModelDifferences,
      notificationsCheckpointAtEnd,
      listenersBefore,
      subscriptionLagAtEnd,
      subscriptionsCaughtUpMs,
      slowestReplyMs: ledger.slowest(),
      replay,
    };
  } finally {
    client.close();
    if (api) killApi(api);
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** LISTEN sessions on the database (each API process holding the store keeps one for its wake-ups). */
async function listeners(cluster: ThrowawayPostgres, database: string): Promise<number> {
  const [row] = await cluster.sql<{ n: number }>(
    database,
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`,
    [database],
  );
  return Number(row?.n ?? 0);
}

/** From `since`: ms until the database has `expected` LISTEN sessions again (Infinity: not within 10 s). */
async function listenBack(cluster: ThrowawayPostgres, database: string, expected: number, since: number): Promise<number> {
  while (Date.now() - since < 10_000) {
    if ((await listeners(cluster, database).catch(() => 0)) >= expected) return Date.now() - since;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

/** Each subscription's lag as /metrics reports it (the largest over the API's processes); null when none runs it. */
export function subscriptionLags(metricsText: string, names: readonly string[]): Record<string, number | null> {
  const lags: Record<string, number | null> = {};
  for (const name of names) {
    const line = metricsText
      .split('\n')
      .find((candidate) => candidate.startsWith(`binaan_subscription_lag_events{subscription="${name}"}`));
    lags[name] = line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
  }
  return lags;
}

/** Waits until every named subscription reports a lag of 0; the lags seen last and how long it took (Infinity: not within `timeoutMs`). */
async function caughtUp(
  client: Client,
  names: readonly string[],
  timeoutMs: number,
): Promise<{ lags: Record<string, number | null>; ms: number }> {
  const from = Date.now();
  let lags: Record<string, number | null> = {};
  while (Date.now() - from < timeoutMs) {
    lags = subscriptionLags(await client.metrics(), names);
    if (names.every((name) => lags[name] === 0)) return { lags, ms: Date.now() - from };
    await sleep(200);
  }
  return { lags, ms: Number.POSITIVE_INFINITY };
}

/** What the notifications reactor and the approval queue made of the events after `from`. */
async function subscriptionOutput(
  db: SqlDatabase,
  from: number,
): Promise<{ notifications: number; duplicates: number; approvals: string[]; sources: Set<string> }> {
  const [counts] = await db.query<{ n: number; distinct: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT (data->>'sourceEventId') || ' ' || (data->>'userId'))::int AS distinct
     FROM events WHERE type = 'NotificationRaised' AND (data->>'sourcePosition')::bigint > $1`,
    [from],
  );
  const rows = await db.query<{ row: Record<string, unknown> }>(
    `SELECT to_jsonb(w) AS row FROM waiting_approvals w WHERE stream_id IN (SELECT stream_id FROM events WHERE global_position > $1)`,
    [from],
  );
  const sources = await db.query<{ source: string }>(
    `SELECT DISTINCT s.global_position || ' ' || s.type || ' ' || s.stream_id || ' at ' || s.recorded_at AS source FROM events n JOIN events s ON s.global_position = (n.data->>'sourcePosition')::bigint
     WHERE n.type = 'NotificationRaised' AND (n.data->>'sourcePosition')::bigint > $1`,
    [from],
  );
  return {
    notifications: Number(counts?.n ?? 0),
    duplicates: Number(counts?.n ?? 0) - Number(counts?.distinct ?? 0),
    approvals: rows.map(({ row }) => canonicalJson(row)).sort(),
    sources: new Set(sources.map(({ source }) => source)),
  };
}

/**
 * Nothing missed, nothing applied twice: the API stopped, the notifications reactor's and the approval
 * queue's checkpoints are set back to `from` (where the load began) and the queue's rows of the documents
 * written since are dropped; a fresh API (one process) handles those events again. A notification the
 * faults made the reactor miss would be raised now, a queue row it got wrong would come out differently.
 */
async function replaySubscriptions(
  client: Client,
  databaseUrl: string | null,
  dataDir: string,
  from: number,
  log: (line: string) => void,
): Promise<ReplayReport> {
  let db = await openDrillStore(databaseUrl, dataDir);
  let before: Awaited<ReturnType<typeof subscriptionOutput>>;
  let eventsReplayed: number;
  try {
    before = await subscriptionOutput(db, from);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE global_position > $1', [from]);
    eventsReplayed = Number(count?.n ?? 0);
    await db.query(`UPDATE subscription_checkpoints SET position = $1 WHERE name IN ('notifications', 'approval-queue')`, [from]);
    await db.query('DELETE FROM waiting_approvals WHERE stream_id IN (SELECT stream_id FROM events WHERE global_position > $1)', [from]);
  } finally {
    await db.close();
  }
  const started = Date.now();
  const api = await startedApi(client, databaseUrl, 1, dataDir);
  let replayMs: number;
  try {
    // Well inside the e2e's own timeout, so a replay that never reaches the end fails with its lags in the
    // report rather than as a Jest timeout that leaves the drill running under the next test.
    const { lags, ms } = await caughtUp(client, ['notifications', 'approval-queue'], 180_000);
    replayMs = Number.isFinite(ms) ? Date.now() - started : ms;
    if (!Number.isFinite(ms)) log(`the replay did not reach the log's end: ${JSON.stringify(lags)}`);
  } finally {
    api.kill('SIGTERM');
    await api.exited;
  }
  db = await openDrillStore(databaseUrl, dataDir);
  try {
    const after = await subscriptionOutput(db, from);
    return {
      notificationsBefore: before.notifications,
      notificationsAfter: after.notifications,
      duplicateNotifications: after.duplicates,
      approvalRowsBefore: before.approvals.length,
      approvalRowsAfter: after.approvals.length,
      approvalQueueEqual: canonicalJson(before.approvals) === canonicalJson(after.approvals),
      missedSources: [...after.sources].filter((source) => !before.sources.has(source)).slice(0, 10),
      replayMs,
      eventsReplayed,
    };
  } finally {
    await db.close();
  }
}

/**
 * How far the notifications reactor's checkpoint is behind the last event it reads. PostgreSQL only: the
 * API holds PGlite's folder, so there the reactor is checked by the read models after the run instead.
 */
async function reactorBehind(cluster: ThrowawayPostgres | null, database: string): Promise<number> {
  if (!cluster) return 0;
  const [row] = await cluster.sql<{ behind: string }>(
    database,
    `SELECT (SELECT COALESCE(MAX(global_position), 0) FROM events WHERE stream_type <> 'notifications') - COALESCE((SELECT position FROM subscription_checkpoints WHERE name = 'notifications'), 0) AS behind`,
  );
  return Number(row?.behind);
}

/** The drill's store, opened as the API opens it (PGlite: the data folder, whose lock the stopped API left). */
export function openDrillStore(databaseUrl: string | null, dataDir: string): Promise<SqlDatabase> {
  return openSqlDatabase({ migrationsDir: join(REPOSITORY, 'infra/migrations'), dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
}

/** Snapshots every read-model table, rebuilds them from the log, and names the tables that differ. */
async function compareWithRebuild(db: SqlDatabase, dataDir: string): Promise<string[]> {
  const live = await readModelSnapshot(db);
  // Opened as the API opens it: personal fields read through the API's keys (its DATA_DIR/secrets.json).
  const personalData = personalDataCodecFor(loadConfig({ DATA_DIR: dataDir }), db);
  const store = await SqlEventStore.open(db, { projections: allProjections, personalData });
  await store.rebuild();
  return differingTables(live, await readModelSnapshot(db));
}
