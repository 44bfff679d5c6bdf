// /metrics with API_WORKERS above 1: node:cluster hands each scrape to one worker, whose figures alone would
// jump from scrape to scrape. So the worker asks the primary, which gathers every worker's registry over the
// cluster's IPC channel with prom-client's AggregatorRegistry and answers the sum (counters, histograms,
// socket counts; the subscription lag is the largest, process metrics as prom-client aggregates them).
// One scrape = one answer for the whole machine, as Prometheus expects of one target.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, Registry } from 'prom-client';

const REQUEST = 'binaan:metrics-request';
const REPLY = 'binaan:metrics-reply';
const TIMEOUT_MS = 5000;

type Message = { type?: string; id?: string; text?: string; error?: string };

/** In a worker: this registry is the one the primary's AggregatorRegistry reads. */
export function offerToCluster(registry: Registry): void {
  if (!cluster.isWorker) return;
  // prom-client answers the primary's requests only once an AggregatorRegistry exists in the process.
  workerSide ??= new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
let workerSide: AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> | undefined;

/** In a worker: the whole cluster's metrics, from the primary. */
export function clusterMetrics(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const listener = (message: Message) => {
      if (message?.type !== REPLY || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listener);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', listener);
      reject(new Error(`the primary did not answer within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    process.on('message', listener);
    process.send!({ type: REQUEST, id });
  });
}

/** In the primary (cluster.ts): answers the workers' requests. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: REPLY, id: message.id, text }),
      (error: unknown) => worker.send({ type: REPLY, id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
