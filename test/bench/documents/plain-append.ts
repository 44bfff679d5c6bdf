// The baseline: the event store alone. SqlEventStore.append of one event (with its expected revision) by
// 16 concurrent callers, each on streams of its own, on the same PostgreSQL database as the API, in a
// schema of its own with no projections: what the store costs before HTTP, Nest, authentication, the
// fold, the machine and the read models.
import { performance } from 'node:perf_hooks';
import { migrate, PostgresDatabase, SqlEventStore } from '@binaan/event-store';

let calls = 0;

export type AppendRun = { appends: number; seconds: number; perSecond: number; p50: number; p99: number; errors: number };

/** `beforeClose`: called after the run, while the store's connections (and their backends) are still open. */
export async function plainAppendRate(options: {
  url: string;
  schema: string;
  migrationsDir: string;
  callers: number;
  seconds: number;
  poolSize: number;
  beforeClose?: () => Promise<void>;
}): Promise<AppendRun> {
  const db = await PostgresDatabase.open({ connectionString: options.url, schema: options.schema, maxConnections: options.poolSize });
  try {
    await migrate(db, options.migrationsDir);
    const store = await SqlEventStore.open(db);
    const latencies: number[] = [];
    let errors = 0;
    const payload = {
      workflowEvent: 'Reject',
      statusBefore: 'new',
      statusAfter: 'rejected',
      remark: 'Rates above the price list, revise',
      approvalLevel: 20,
    };
    // Streams of this call's own: a bench that calls again (rounds) starts new streams, not ones it made before.
    const run = (calls++).toString(36);
    const caller = async (index: number, until: number) => {
      // Eight streams per caller, used in turn, so consecutive appends go to distinct streams as in (a).
      const streams = Array.from({ length: 8 }, (_, n) => ({ id: `plainBench-${run}-${index}-${n}`, revision: -1 }));
      for (let turn = 0; performance.now() < until; turn++) {
        const stream = streams[turn % streams.length]!;
        const started = performance.now();
        try {
          await store.append({
            streamId: stream.id,
            streamType: 'plainBench',
            expectedRevision: stream.revision < 0 ? 'no_stream' : stream.revision,
            events: [{ type: 'WorkflowStatusChanged', data: payload, metadata: { actorUserId: 'bench' } }],
          });
          stream.revision++;
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    };
    const warmUntil = performance.now() + 1000;
    await Promise.all(Array.from({ length: options.callers }, (_, i) => caller(1000 + i, warmUntil)));
    latencies.length = 0;
    errors = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: options.callers }, (_, i) => caller(i, started + options.seconds * 1000)));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
    await options.beforeClose?.();
    return { appends: latencies.length, seconds, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
  } finally {
    await db.close();
  }
}
