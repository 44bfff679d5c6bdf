// Seeds the PGlite log in a worker thread, so it runs while the main thread seeds PostgreSQL (the seeds
// are not measured; this only keeps the whole bench short). Events go through our store, as on PostgreSQL:
// 1000-event appends, hashes chained by the store. Then the plain baseline's table gets the same rows.

import { parentPort, workerData } from 'node:worker_threads';
import { PGliteDatabase, SqlEventStore, migrate } from '@binaan/event-store';
import { OursContender, PLAIN_FILL_SQL, PLAIN_TABLE_SQL, eventDataType } from './contenders.js';

export type SeedRequest = { dataDir: string; migrations: string; total: number };
export type SeedMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; events: number; seconds: number; fillSeconds: number }
  | { kind: 'error'; message: string };

const post = (message: SeedMessage) => parentPort?.postMessage(message);

async function seed(request: SeedRequest): Promise<void> {
  const db = await PGliteDatabase.open(request.dataDir);
  try {
    await migrate(db, request.migrations);
    await db.script(`CREATE SCHEMA plain; ${PLAIN_TABLE_SQL('plain.events', await eventDataType(db))}`);
    const ours = new OursContender(await SqlEventStore.open(db));
    const start = Date.now();
    const events = await ours.topUp(request.total, 'seed', 1, (done, total) => post({ kind: 'progress', done, total }));
    const seconds = (Date.now() - start) / 1000;
    await db.script(PLAIN_FILL_SQL('plain.events', 'events'));
    await db.script('VACUUM ANALYZE');
    post({ kind: 'done', events, seconds, fillSeconds: (Date.now() - start) / 1000 - seconds });
  } finally {
    await db.close();
  }
}

if (parentPort) {
  seed(workerData as SeedRequest).catch((error: unknown) =>
    post({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
