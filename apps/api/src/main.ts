// Starts Binaan: opens the configured store (PGlite in DATA_DIR unless DATABASE_URL or EVENTSTORE_URL),
// applies migrations, serves the API under /api and the ui at /. With API_WORKERS above 1 (PostgreSQL) this
// process is the cluster's primary and each worker runs the lines below (cluster.ts).
//
// What it prints is for a newcomer first: each slow step as it happens, then a short banner (start-up/).
// LOG_LEVEL=debug adds everything Nest says while it starts.
import cluster from 'node:cluster';

import { EventStoreError, type EventStore } from '@binaan/event-store';
import { seedDemo } from './demo/demo-seed.js';
import { DEMO_COMPANIES } from './demo/demo-data.js';
import { runCluster } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { createApp, type BinaanApp } from './create-app.js';
import { CERTIFICATE_SIGNING_KEY, CertificateKeyring } from './certificates/certificate-keys.js';
import { EVENT_STORE } from './store/store.tokens.js';
import { logLevelOf } from './start-up/log-level.js';
import { createLogger, type ApiLogger } from './observability/logging.js';
import { banner, demoLine, type DemoStatus } from './start-up/banner.js';
import { withProgress } from './start-up/progress.js';

// npm start passes the moment it began, so "ready in" counts the builds' check too.
const startedAt = Number(process.env.BINAAN_START_STARTED_AT) || Date.now();

/** Seeds the demo into an empty store (DEMO_DATA=on), or tells whether an earlier start did. */
async function demoData(app: BinaanApp): Promise<DemoStatus> {
  if (process.env.DEMO_DATA === 'on') {
    const store = app.get<EventStore>(EVENT_STORE, { strict: false });
    if ((await store.lastPosition()) === 0) {
      const seeded = await withProgress(
        'Seeding demo data into the empty store (about half a minute, once)',
        (progress) => seedDemo(app, undefined, (step) => progress.step(`seeding ${step}`)),
        (line) => say([line]),
      );
      if (seeded.seeded) return { state: 'seeded', companies: seeded.companies, users: seeded.users, documents: seeded.documents };
    }
  }
  const store = app.get<EventStore>(EVENT_STORE, { strict: false });
  return (await store.streamHead(`company-${DEMO_COMPANIES[0]!.key}`)) ? { state: 'kept' } : { state: 'none' };
}

let log: ApiLogger | null = null;
let logFormat: 'json' | 'pretty' = 'pretty';

/**
 * The banner and start-up steps: text for a person (pretty), or one JSON line each (json, production), where
 * the banner's first line is the message and the others its `details`.
 */
function say(lines: string[]): void {
  if (log && logFormat === 'json') log.info(lines.length > 1 ? { details: lines.slice(1) } : {}, lines[0]);
  else console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logLevel = logLevelOf(process.env.LOG_LEVEL);
  logFormat = config.logFormat;
  log = createLogger({ level: logLevel, format: config.logFormat });
  if (config.workers > 1 && cluster.isPrimary) {
    return runCluster(config, log, (port) =>
      say(
        banner({
          config,
          port,
          logLevel,
          demoSigningKey: new CertificateKeyring(config.dataDir).usesDemoKey(),
          elapsedMs: Date.now() - startedAt,
          processes: config.workers,
        }),
      ),
    );
  }
  const logger = log;
  const app = await withProgress(
    'Opening the store, applying migrations, loading the API',
    () => createApp(config, { logger }),
    (line) => say([line]),
  );
  const demo = await demoData(app);
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  if (cluster.isWorker) {
    say([
      `API worker ${process.env.BINAAN_WORKER} (pid ${process.pid}) serving on port ${port}${process.env.BINAAN_WORKER === '1' ? `; demo data: ${demoLine(demo)}` : ''}`,
    ]);
    return;
  }
  const demoSigningKey = app.get<CertificateKeyring>(CERTIFICATE_SIGNING_KEY, { strict: false }).usesDemoKey();
  say(banner({ config, port, logLevel, demo, demoSigningKey, elapsedMs: Date.now() - startedAt }));
}

// A promise rejected with no one to hear it (a background task whose store call failed, say) is a bug to
// fix, but never a reason to stop serving everyone else: it is logged, and the process goes on.
process.on('unhandledRejection', (reason: unknown) => {
  if (log) log.error({ err: reason }, 'unhandled rejection (the API goes on)');
  else
    console.error(`unhandled rejection (the API goes on): ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});

main().catch((error: unknown) => {
  // A store that refuses to open (locked, misconfigured) or a setting that cannot be used is a clear message,
  // not a stack trace.
  console.error(error instanceof EventStoreError || error instanceof ConfigError ? `Binaan cannot start: ${error.message}` : error);
  process.exit(1);
});
