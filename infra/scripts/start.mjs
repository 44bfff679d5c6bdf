// npm start: builds what changed since the last build (or everything, the first time) and runs Binaan: the
// API and the ui at one address (http://127.0.0.1:3000 unless PORT or HOST say otherwise), on PGlite in
// ./data unless DATABASE_URL or EVENTSTORE_URL is set. The API prints a short banner when it is ready.
//
// "Up to date" is decided by a stamp (build-stamps.mjs): a hash of every source file's path, size and mtime,
// written after a build that succeeded. A second start with nothing changed skips both builds (the ui's
// Vite build alone takes about 20 s here). Each step says what it does, and a long one says so every 4 s, so
// the terminal is never silent for 5 s (TICK_MS: a loaded machine delays a timer by a few hundred ms).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUILDS, isUpToDate, sourcesHash, stamp } from './build-stamps.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const verbose = ['debug', 'verbose'].includes((process.env.LOG_LEVEL ?? '').toLowerCase());
const TICK_MS = 4000;

/** Runs one build step; its output is shown only when it fails (or with LOG_LEVEL=debug). */
function run(label, command, args) {
  return new Promise((resolve) => {
    const since = Date.now();
    console.log(`${label}...`);
    const child = spawn(command, args, { cwd: root, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const ticker = setInterval(() => console.log(`  still ${label.charAt(0).toLowerCase()}${label.slice(1)} (${seconds(since)})`), TICK_MS);
    child.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) console.log(`  done in ${seconds(since)}`);
      else process.stdout.write(`${output}\n${label} failed (exit code ${code}): the output is above.\n`);
      resolve(code ?? 1);
    });
  });
}

const tsc = ['node_modules/typescript/bin/tsc', '-b'];
const steps = [
  { build: BUILDS.api, label: 'Building the API (tsc -b)', command: process.execPath, args: tsc },
  // The ui reads @binaan/contracts' build, so it comes after tsc -b.
  { build: BUILDS.ui, label: 'Building the ui (tsc and Vite)', command: 'npm', args: ['run', '-s', 'build', '-w', 'ui'] },
];
const skipped = [];
for (const step of steps) {
  const hash = sourcesHash(root, step.build);
  if (isUpToDate(root, step.build, hash)) {
    skipped.push(step.build.name);
    continue;
  }
  const code = await run(step.label, step.command, step.args);
  if (code !== 0) process.exit(code);
  stamp(root, step.build, hash);
}
if (skipped.length > 0) console.log(`Build: ${skipped.join(' and ')} up to date (nothing changed since the last build), skipped.`);

// An empty store gets the demo companies and users (README: demo logins); DEMO_DATA=off skips it.
console.log('Starting the API (apps/api/dist/main.js)...');
const api = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'pipe'],
  env: { DEMO_DATA: 'on', ...process.env, BINAAN_START_STARTED_AT: String(started), BINAAN_PROGRESS_BY_PARENT: '1' },
});
watchUntilReady(api);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));

/**
 * Passes the API's output through and, until its banner, says which step it is still at whenever the API
 * has been silent for TICK_MS. The ticking is done here, not in the API: PGlite runs SQL on the API's own
 * thread, and a long migration or rebuild blocks the timers there.
 */
function watchUntilReady(child) {
  let step = 'starting the API';
  let stepSince = Date.now();
  let lastOutput = Date.now();
  let ready = false;
  const pass = (stream, out) => {
    let partial = '';
    stream.on('data', (chunk) => {
      out.write(chunk);
      lastOutput = Date.now();
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        if (line.includes('Binaan is running at') || line.includes('API worker')) ready = true;
        const announced = /^\s*(.+?)(\.\.\.)?$/.exec(line)?.[1];
        if (announced && !line.includes('  still ') && (line.endsWith('...') || line.startsWith('  '))) {
          step = announced.charAt(0).toLowerCase() + announced.slice(1);
          stepSince = Date.now();
        }
      }
    });
  };
  pass(child.stdout, process.stdout);
  pass(child.stderr, process.stderr);
  const ticker = setInterval(() => {
    if (ready) return clearInterval(ticker);
    if (Date.now() - lastOutput < TICK_MS) return;
    console.log(`  still ${step} (${seconds(stepSince)})`);
    lastOutput = Date.now();
  }, 250);
  child.on('exit', () => clearInterval(ticker));
}
