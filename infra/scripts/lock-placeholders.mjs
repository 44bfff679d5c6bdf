// npm 11.16+ leaves optional dependencies that the registry cannot serve (other platforms' native
// bindings, e.g. @unrs/resolver-binding-android-arm64 under jest) out of package-lock.json, then `npm ci`
// refuses that very lock ("Missing: ... from lock file"; npm/cli#9846). npm 11.13 wrote an inert entry for
// each; this script writes the same entries back. Run it after `npm install` changes the lock:
//   node infra/scripts/lock-placeholders.mjs        (npm test checks the lock with `npm ci --dry-run`)
import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const LOCK = 'package-lock.json';
const check = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { encoding: 'utf8' });
const missing = [...`${check.stdout}${check.stderr}`.matchAll(/Missing: (@?[^@\s]+)@\S* from lock file/g)].map((m) => m[1]);
if (missing.length === 0) {
  console.log(
    check.status === 0 ? 'package-lock.json is in sync: nothing to add.' : `npm ci --dry-run failed for another reason:\n${check.stderr}`,
  );
  process.exit(check.status ?? 1);
}
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
let added = 0;
for (const name of new Set(missing)) {
  const declaredBy = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name]);
  if (!declaredBy) {
    console.error(`${name} is missing but no package in the lock declares it as optional: run npm install`);
    process.exit(1);
  }
  lock.packages[`node_modules/${name}`] = { version: declaredBy.optionalDependencies[name], optional: true };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} inert entries for optional packages the registry does not serve`);
