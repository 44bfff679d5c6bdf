// Starts Binaan: opens the configured store (PGlite in DATA_DIR unless DATABASE_URL or EVENTSTORE_URL),
// applies migrations, serves the API under /api and the ui at /. With API_WORKERS above 1 (PostgreSQL) this
// process is the cluster's primary and each worker runs the lines below (cluster.ts).
import cluster from 'node:cluster';

import { EventStoreError } from '@binaan/event-store';
import { seedDemo } from './demo/demo-seed.js';
import { runCluster } from './cluster.js';
import { ConfigError, loadConfig, type ApiConfig } from './config.js';
import { createApp } from './create-app.js';

/** The line that says where Binaan is, at the port it got (PORT=0: a free one). */
function running(config: ApiConfig, port: number): string {
  const store = config.eventStoreUrl ? 'KurrentDB' : config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  return `Binaan is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (store: ${store})`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runCluster(config, running);
  const app = await createApp(config);
  if (process.env.DEMO_DATA === 'on') {
    const demo = await seedDemo(app);
    if (demo.seeded) console.log(`Demo data: ${demo.companies} companies, ${demo.users} users and ${demo.documents} documents (logins in the README).`);
  }
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  console.log(cluster.isWorker ? `API worker ${process.env.BINAAN_WORKER} (pid ${process.pid}) serving on port ${port}` : running(config, port));
}

// A promise rejected with no one to hear it (a background task whose store call failed, say) is a bug to
// fix, but never a reason to stop serving everyone else: it is logged, and the process goes on.
process.on('unhandledRejection', (reason: unknown) => {
  console.error(`unhandled rejection (the API goes on): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});

main().catch((error: unknown) => {
  // A store that refuses to open (locked, misconfigured) or a setting that cannot be used is a clear message,
  // not a stack trace.
  console.error(error instanceof EventStoreError || error instanceof ConfigError ? `Binaan cannot start: ${error.message}` : error);
  process.exit(1);
});
