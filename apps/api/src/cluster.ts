// Several API processes on one port (API_WORKERS above 1, PostgreSQL only), so one machine's cores all serve
// requests: a Node process uses one core for its JavaScript, and on a 2-core machine the API's own work is
// what limits workflow actions and certificate checks per second (test/bench). node:cluster's primary only
// accepts connections and hands them to the workers in turn; it opens no store.
//
// What makes several processes safe is in the store and its users, not here: appends are guarded by the
// stream's expected revision (a second process's stale cache is refused, 409), migrations and projection
// set-up take advisory locks, every in-process cache is dropped on the peers' appends (PostgreSQL NOTIFY),
// each process's live feed pushes to its own sockets, and secrets come from the environment or the first
// worker's DATA_DIR/secrets.json. Decisions:
// - The first worker starts alone (migrations, the demo data, secrets made once), the others after it listens.
// - Only the first runs the reactors (the notifications subscription): two would each do every page's work,
//   recorded once. A worker that dies is started again in its place (after a second), reactors with the first.
// - The public calls' rate limits and the used human-check solutions are kept in PostgreSQL (limits/), so
//   a caller's budget is the configured one across all workers and hosts, not N times it; login lock-outs
//   are folded from the event store, shared already.
// - SIGTERM or SIGINT to the primary stops the workers (each closes its server and store) and then itself.
import cluster, { type Worker } from 'node:cluster';
import type { ApiConfig } from './config.js';
import type { ApiLogger } from './observability/logging.js';
import { serveClusterMetrics } from './observability/cluster-metrics.js';

const STOP_GRACE_MS = 15_000;
/** A worker that died is started again after this pause, so one that cannot run (its database gone) does not spin. */
const RESTART_AFTER_MS = 1000;

/** Resolves with the port the worker listens on, once it does. */
function listening(worker: Worker, index: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null, signal: string | null) =>
      reject(new Error(`API worker ${index} ended before it served (${signal ?? `exit code ${code}`})`));
    worker.once('exit', exited);
    worker.once('listening', (address) => {
      worker.off('exit', exited);
      resolve(address.port);
    });
  });
}

/** `announce` prints the banner once every worker serves (main.ts). */
export async function runCluster(config: ApiConfig, log: ApiLogger, announce: (port: number) => void): Promise<void> {
  serveClusterMetrics();
  const indexes = new Map<Worker, number>();
  let stopping = false;
  const fork = (index: number): Worker => {
    const first = index === 1;
    // The demo data is seeded by the first worker only (before the others start); later ones never see an empty store.
    const worker = cluster.fork({
      BINAAN_WORKER: String(index),
      BINAAN_REACTORS: first ? 'on' : 'off',
      ...(first ? {} : { DEMO_DATA: 'off' }),
    });
    indexes.set(worker, index);
    return worker;
  };

  let port: number;
  try {
    port = await listening(fork(1), 1);
    await Promise.all(Array.from({ length: config.workers - 1 }, (_, i) => listening(fork(i + 2), i + 2)));
  } catch (error) {
    // One could not start (its own message is above): none is left serving half a cluster.
    for (const worker of indexes.keys()) worker.process.kill('SIGTERM');
    throw error;
  }
  announce(port);

  cluster.on('exit', (worker, code, signal) => {
    const index = indexes.get(worker);
    indexes.delete(worker);
    if (stopping) {
      if (indexes.size === 0) process.exit(0);
      return;
    }
    if (index === undefined) return;
    log.error(`API worker ${index} ended (${signal ?? `exit code ${code}`}); starting another in ${RESTART_AFTER_MS / 1000} s`);
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_AFTER_MS);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (indexes.size === 0) process.exit(0);
    for (const worker of indexes.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
