// Starts Binaan: opens the configured store (PGlite in DATA_DIR unless DATABASE_URL or EVENTSTORE_URL),
// applies migrations, serves the API under /api and the ui at /.

import { EventStoreError } from '@binaan/event-store';
import { seedDemo } from './demo/demo-seed.js';
import { loadConfig } from './config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  if (process.env.DEMO_DATA === 'on') {
    const demo = await seedDemo(app);
    if (demo.seeded) console.log(`Demo data: ${demo.companies} companies, ${demo.users} users and ${demo.documents} documents (logins in the README).`);
  }
  await app.listen(config.port, config.host);
  const store = config.eventStoreUrl ? 'KurrentDB' : config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Binaan is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (store: ${store})`);
}

main().catch((error: unknown) => {
  // A store that refuses to open (locked, misconfigured) is a clear message, not a stack trace.
  console.error(error instanceof EventStoreError ? `Binaan cannot start: ${error.message}` : error);
  process.exit(1);
});
