// Adds up the JSON reports of jest, vitest and Playwright into one closing line. A missing report (a
// suite that did not run) counts as a failure. With --skips it prints instead every skipped test with why
// it was skipped, and every failed test with the first line of its error, so a skip is never silent
// (npm test prints it under a heading of its own, before the closing line's; see test.sh): jest and vitest
// tests say why in their own name (house rule: `it.skip('needs KURRENTDB_URL: ...')`, or a describe title
// ending "(skipped: ...)"), Playwright in the reason given to test.skip().
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const skips = [];
/** Tests that failed, each with the first line of why: the closing lines are what a CI log keeps. */
const failures = [];
/** Playwright tests that failed and then passed on their retry (playwright.config.ts `retries`): named, never silent. */
const flaky = [];
/** A terminal's colour codes in an error message. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** What the page showed when a browser test failed: the accessibility snapshot Playwright writes beside the
 * failure (its `error-context` attachment), cut to its first lines so a CI log keeps what the screen was. */
function pageSnapshot(result) {
  const context = (result?.attachments ?? []).find((attachment) => attachment.name === 'error-context' && attachment.path);
  if (!context || !existsSync(context.path)) return '';
  const text = readFileSync(context.path, 'utf8');
  const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
  if (!snapshot) return '';
  const lines = snapshot.split('\n').filter((line) => line.trim());
  const shown = lines.slice(0, 80);
  if (lines.length > shown.length) shown.push(`… (${lines.length - shown.length} more lines in ${relative(process.cwd(), context.path)})`);
  return shown.map((line) => `      ${line}`).join('\n');
}

/** Playwright's report nests suites (files, describes) holding specs, each with a test per project. */
function playwrightSkips(suites, path = []) {
  for (const suite of suites ?? []) {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failures.push({
            suite: 'playwright',
            file: spec.file ?? suite.file,
            name: [...here, spec.title].join(' › '),
            error: test.results?.at(-1)?.error?.message?.split('\n')[0] ?? '',
            snapshot: pageSnapshot(test.results?.at(-1)),
          });
        if (test.status === 'flaky')
          flaky.push({
            file: spec.file ?? suite.file,
            name: [...here, spec.title].join(' › '),
            error: test.results?.[0]?.error?.message?.split('\n')[0] ?? '',
            snapshot: pageSnapshot(test.results?.[0]),
          });
        if (test.status !== 'skipped') continue;
        const reason = (test.annotations ?? [])
          .filter((a) => ['skip', 'fixme'].includes(a.type) && a.description)
          .map((a) => a.description)
          .join('; ');
        skips.push({
          suite: 'playwright',
          file: spec.file ?? suite.file,
          name: [...here, spec.title].join(' › '),
          reason: reason || 'no reason given',
        });
      }
    }
    playwrightSkips(suite.suites, here);
  }
}

/** jest and vitest: one entry per file, each with its tests' results. */
function jestSkips(name, report) {
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed'))
      failures.push({
        suite: name,
        file: relative(process.cwd(), file.name),
        name: '(the file did not run)',
        error: (file.message ?? '').split('\n').find((line) => line.trim() && !line.includes('Test suite failed to run')) ?? '',
      });
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push({
          suite: name,
          file: relative(process.cwd(), file.name),
          name: [...(test.ancestorTitles ?? []), test.title].join(' › '),
          error:
            (test.failureMessages ?? [])
              .join('\n')
              .split('\n')
              .find((line) => line.trim()) ?? '',
        });
      if (!['pending', 'skipped', 'todo'].includes(test.status)) continue;
      skips.push({
        suite: name,
        file: relative(process.cwd(), file.name),
        name: [...(test.ancestorTitles ?? []), test.title].join(' › '),
        reason: test.status === 'todo' ? 'a test still to write (todo)' : '',
      });
    }
  }
}

// --skips: every skipped test with why, every test saved by a retry, every failed test. --failures: the last two only.
const listSkips = process.argv.includes('--skips');
const listFailures = process.argv.includes('--failures');
for (const file of process.argv.slice(2).filter((arg) => arg !== '--skips' && arg !== '--failures')) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (the suite did not run)`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightSkips(report.suites);
  } else {
    // jest and vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    jestSkips(file.includes('vitest') ? 'vitest' : 'jest', report);
  }
}
if (listSkips || listFailures) {
  if (listFailures) skips.length = 0;
  if (skips.length > 0) console.log(`skipped, and why (${skips.length}):`);
  for (const skip of skips) console.log(`  ${skip.suite} ${skip.file}: ${skip.name}${skip.reason ? ` (${skip.reason})` : ''}`);
  if (flaky.length > 0) console.log(`failed once, passed on the retry (${flaky.length}; each a flaw to look into):`);
  for (const test of flaky) {
    console.log(
      `  playwright ${test.file}: ${test.name}${test.error ? ` (first try: ${test.error.replace(COLOURS, '').slice(0, 160)})` : ''}`,
    );
    if (test.snapshot) console.log(`    the page at the first try's failure:\n${test.snapshot}`);
  }
  if (failures.length > 0) console.log(`failed (${failures.length}):`);
  for (const test of failures) {
    console.log(
      `  ${test.suite} ${test.file}: ${test.name}${test.error ? ` (${test.error.replace(COLOURS, '').trim().slice(0, 200)})` : ''}`,
    );
    if (test.snapshot) console.log(`    the page at the failure:\n${test.snapshot}`);
  }
  process.exit(0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
