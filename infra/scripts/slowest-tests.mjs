// The slowest test files of a run, from the reports npm test writes (.reports/jest.json, .reports/browser.json):
// where a faster CI has to look first. `node infra/scripts/slowest-tests.mjs [count]`.
// `--durations`: every jest file's seconds as JSON instead, for test/durations.json (jest-sequencer.js
// runs the longest first on a fresh clone from it).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const count = Number(process.argv[2] ?? 15);
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function jestFiles(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return report.testResults.map((r) => ({ name: relative(process.cwd(), r.name), ms: r.endTime - r.startTime }));
}

/** Playwright's report: suites per file, each spec's results with their durations (a file's tests may run on several workers). */
function playwrightFiles(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const totals = new Map();
  const walk = (suites, fileName) => {
    for (const suite of suites ?? []) {
      const name = suite.file ?? fileName;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? []) totals.set(name, (totals.get(name) ?? 0) + result.duration);
      }
      walk(suite.suites, name);
    }
  };
  walk(report.suites);
  return [...totals].map(([name, ms]) => ({ name, ms }));
}

if (process.argv[2] === '--durations') {
  const report = process.env.JEST_REPORT ?? '.reports/jest.json';
  if (!existsSync(report)) {
    console.error(`no ${report}: run npm test first`);
    process.exit(1);
  }
  const files = jestFiles(report).sort((a, b) => b.ms - a.ms);
  console.log(JSON.stringify(Object.fromEntries(files.map((f) => [f.name, Math.round(f.ms / 1000)])), null, 2));
  process.exit(0);
}

for (const [label, file, read] of [
  ['jest', '.reports/jest.json', jestFiles],
  ['playwright', '.reports/browser.json', playwrightFiles],
]) {
  const path = process.env[`${label.toUpperCase()}_REPORT`] ?? file;
  if (!existsSync(path)) continue;
  const files = read(path).sort((a, b) => b.ms - a.ms);
  const total = files.reduce((n, f) => n + f.ms, 0);
  console.log(`${label}: ${files.length} files, ${seconds(total)} in all (summed over workers); the slowest:`);
  for (const f of files.slice(0, count)) console.log(`${seconds(f.ms)}  ${f.name}`);
}
