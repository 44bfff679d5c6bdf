// npm start: builds what is not built yet (tsc -b is incremental; the ui build takes seconds) and runs
// Binaan: the API and the ui at one address (http://127.0.0.1:3000 unless PORT or HOST say otherwise),
// on PGlite in ./data unless DATABASE_URL or EVENTSTORE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// An empty store gets the demo companies and users (README: demo logins); DEMO_DATA=off skips it.
const api = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, stdio: 'inherit', env: { DEMO_DATA: 'on', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
