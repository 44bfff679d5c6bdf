// The product-words check (check-product-words.mjs): what it refuses, what product language it lets be, and
// that it fails npm test naming file:line when a tracked file tells the story of the work.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findWorkLogWords, isScanned } from './check-product-words.mjs';

const rules = (text) => findWorkLogWords(text).map((hit) => hit.rule);

describe('the product-words check', () => {
  it.each([
    ['// The signed-in area (issue 8): react-admin over the real API.', 'tracker issue number'],
    ['// Issue 31 point 2 for a store made before it', 'tracker issue number'],
    ['Fixed in issue #12, see there.', 'tracker issue number'],
    ['- Fixed by #123 last week.', 'tracker reference (#N)'],
    ['Measured in session 3 of the work.', 'work session number'],
    ['**Tenth session (2026-11-28)**: the narrow row.', 'work session ordinal'],
    ['(2026-11-27, fifth session)', 'dated work session'],
    ['ratio 0.81x in run 1 and 0.78x in run 2', 'numbered run'],
    ['Run 2 in full, source 6989e5f', 'numbered run'],
    ['as of stop 12 the bench held', 'numbered stop'],
    ['// a CI run once found 0 of 3 rows here', 'CI run'],
    ['(CI once waited 90 s for a chooser)', 'CI run'],
    ['see the work diary', 'work diary'],
  ])('flags %j as a %s', (line, rule) => {
    expect(rules(line)).toContain(rule);
  });

  it.each([
    '// A session past the retention period reads its user as erased.',
    "it('answers without a session 401', async () => {",
    'The first session is still open and still connected.',
    "it('round 1: the letter rejected in its approval round moves the tender back'",
    "add('levels', 'must be 20 (levels run 20, 21, 22, 23 in order)')",
    "secondary: { main: '#c77d1a', contrastText: '#000000' },",
    "const MONEY_FORMAT = '#,##0.00;-#,##0.00';",
    '## Accessible by default (WCAG 2.2 AA)',
    'On a pipe or in CI, a progress line every few seconds.',
    'The certificate records the issue time and the key id.',
  ])('lets product language be: %j', (line) => {
    expect(findWorkLogWords(line)).toEqual([]);
  });

  it('gives the line of each hit', () => {
    expect(findWorkLogWords('first\n// the lists (issue 29)\nthird\n')).toEqual([
      { line: 2, rule: 'tracker issue number', words: 'issue 29' },
    ]);
  });

  it('scans sources, scripts and docs, and leaves out lock files, builds and dependencies', () => {
    expect(
      ['apps/api/src/x.ts', 'ui/src/A.tsx', 'README.md', 'infra/scripts/test.sh', '.github/ci.yml', 'test/durations.json'].every(isScanned),
    ).toBe(true);
    expect(
      ['package-lock.json', 'ui/dist/index.js', 'node_modules/x/index.js', 'ui/public/logo.png', '../shared/design/house-style.md'].some(
        isScanned,
      ),
    ).toBe(false);
  });

  it('fails naming file:line on a planted sample, and passes on a clean one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'product-words-'));
    try {
      const script = fileURLToPath(new URL('./check-product-words.mjs', import.meta.url));
      writeFileSync(join(dir, 'clean.ts'), '// One page of a list, never cut short in silence.\n');
      writeFileSync(join(dir, 'planted.md'), '# Lists\n\nThe lists stay flat (issue 29).\n');
      const clean = spawnSync(process.execPath, [script, 'clean.ts'], { cwd: dir, encoding: 'utf8' });
      expect(clean.status).toBe(0);
      const planted = spawnSync(process.execPath, [script, 'clean.ts', 'planted.md'], { cwd: dir, encoding: 'utf8' });
      expect(planted.status).toBe(1);
      expect(planted.stdout).toContain('planted.md:3: tracker issue number: "issue 29"');
      expect(planted.stdout).not.toContain('clean.ts:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
