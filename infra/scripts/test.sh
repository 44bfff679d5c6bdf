#!/usr/bin/env bash
# npm test: every test of the project, on a fresh machine too. It installs and starts what the tests
# need (Debian's Chromium and nginx, the local PostgreSQL and a database of this run's own), builds and
# type-checks and lints everything, runs each suite even when an earlier one failed, and ends with one line:
# "tests: N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
mkdir -p .reports
rm -f .reports/*.json
step() { printf '\n== %s\n' "$*"; }

step "services"
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's Chromium for the browser tests"
  export DEBIAN_FRONTEND=noninteractive
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null || { echo "could not install chromium"; exit 1; }
fi
# A CJK font, so the Chinese pages' screenshots show characters rather than empty boxes (a fallback only).
if [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ]; then
  (export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq fonts-wqy-microhei || (apt-get update -qq && apt-get install -y -qq fonts-wqy-microhei)) >/dev/null || echo "could not install a CJK font (Chinese screenshots will show boxes)"
fi
# Debian's nginx, for the several-hosts e2e (infra/deploy/nginx/ in front of three API instances).
if [ ! -x /usr/sbin/nginx ]; then
  echo "installing Debian's nginx for the several-hosts test"
  (export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq nginx || (apt-get update -qq && apt-get install -y -qq nginx)) >/dev/null || echo "could not install nginx (the several-hosts test will not run)"
fi
# Debian's tesseract-ocr and poppler-utils (pdftoppm), for the BQ scan import's OCR (apps/api/src/bills-of-quantity/scan).
if [ ! -x /usr/bin/tesseract ] || [ ! -x /usr/bin/pdftoppm ]; then
  echo "installing Debian's tesseract-ocr and poppler-utils for the BQ scan tests"
  (export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq tesseract-ocr poppler-utils || (apt-get update -qq && apt-get install -y -qq tesseract-ocr poppler-utils)) >/dev/null || echo "could not install tesseract-ocr (the BQ scan tests will fail)"
fi
mapfile -t pg < <(bash infra/scripts/ensure-postgres.sh) || { echo "could not get a PostgreSQL server"; exit 1; }
base_url=${pg[0]}
own_cluster=${pg[1]:-}
database="binaan_test_$(date +%Y%m%d%H%M%S)_$$"
psql "$base_url/postgres" -Atqc "CREATE DATABASE $database" || { echo "could not create the test database"; exit 1; }
export TEST_DATABASE_URL="$base_url/$database"
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1); test database: $TEST_DATABASE_URL"

cleanup() {
  psql "$base_url/postgres" -Atqc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1
  if [ -n "$own_cluster" ]; then
    runuser -u postgres -- "$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")/pg_ctl" -D "$own_cluster/data" stop -m fast >/dev/null 2>&1
    rm -rf "$own_cluster"
  fi
}
trap cleanup EXIT

failed=0
# What failed that is not a test (the lock file, the build, the checks beside jest): named again before the
# closing line, which counts tests only (a run could otherwise say "0 failed" and exit 1 on a lint error).
problems=()
started=$SECONDS
step "lock file"
# npm ci refuses a lock that npm install itself wrote without the optional packages this registry lacks.
if ! npm ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null 2>&1; then
  echo "package-lock.json is out of sync with npm ci: run node infra/scripts/lock-placeholders.mjs (or npm install)"
  failed=1
  problems+=("the lock file is out of sync with npm ci (under == lock file)")
fi

step "build"
# The ui's Vite build at warn level: its list of ~130 assets and their sizes is not news in a test log
# (npm run build prints it; npm run bench:ui measures the bundle).
(npx tsc -b && npm run -s build -w ui -- --logLevel warn) || { failed=1; problems+=("the build (under == build)"); }

# The checks that need no server (type-checking the tests, lint, product words, the ui's unit tests) run beside jest, their
# output kept and printed after jest's, each under its own heading. Jest runs two files at a time: left to
# itself on two cores it takes one worker and runs in band, and its e2e files (an app on PGlite, which runs
# in the test's own process, beside one on PostgreSQL) then keep one core busy and the other mostly idle.
checks_log=.reports/checks.log
(
  checks_failed=0
  step "type-check the tests"
  npx tsc -p tsconfig.specs.json || checks_failed=1
  npx tsc -p test/browser || checks_failed=1
  step "lint: eslint (typescript-eslint type-aware rules, react hooks); errors and warnings both fail"
  # A check, not tests: its findings are printed here and counted in no summary figure.
  npm run -s lint || checks_failed=1
  step "product words: comments, test names, scripts and READMEs speak of the product, not of how the work went"
  node infra/scripts/check-product-words.mjs || checks_failed=1
  step "vitest: ui unit"
  (cd ui && npx vitest run --reporter=default --reporter=json --outputFile.json="$root/.reports/vitest.json") || checks_failed=1
  exit $checks_failed
) >"$checks_log" 2>&1 &
checks_pid=$!

step "jest: unit (event store contract on PGlite and PostgreSQL, workflows, api, the repository's checks) and api e2e ($((SECONDS - started)) s in; type-checks, lint, product words and vitest beside it)"
# Jest's ESM support needs vm modules; Node's notice that they are experimental is not news either.
node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --maxWorkers=2 --json --outputFile=.reports/jest.json || failed=1

wait "$checks_pid" || { failed=1; problems+=("a check beside jest: type-checking the tests, lint, product words or vitest (under their headings after jest's output)"); }
cat "$checks_log"
step "checks done ($((SECONDS - started)) s in)"

# Every skipped jest and vitest test and why, here, before the browser tests, so the log ends with the browser
# tests' own lines, the summary's heading and the closing line: CI reads a run's closing lines for its counts.
# Failures are named again at the end (a CI log keeps only its tail).
step "skipped and failed tests of jest and vitest, and why"
node infra/scripts/test-summary.mjs --skips .reports/jest.json .reports/vitest.json || true

# Last, alone: run beside jest it took as long in all (both sides are CPU-bound on two cores: 42 to 45 min
# either way, measured 2026-11-27), and its timings and jest's outage drill had less room. Two workers of
# its own (playwright.config.ts): one left a core mostly idle.
step "playwright: browser e2e in Chromium ($((SECONDS - started)) s in)"
npx playwright test -c test/browser/playwright.config.ts || failed=1

# Where the time went (the reports' per-file durations), for whoever makes the run faster next: into a
# file, and printed before the closing lines (which stay last: CI reads them for the counts).
node infra/scripts/slowest-tests.mjs 10 > .reports/slowest-files.txt 2>&1 || true
step "where the time went: the slowest files of each runner"
cat .reports/slowest-files.txt 2>/dev/null || true

# Every failed test with the first line of its error (a CI log keeps only its tail: a failed file alone does
# not say which test or why), and the browser tests' skips with their reasons, under a heading of its own
# only when there is one; then the closing line alone under the summary heading.
closing=$( { node infra/scripts/test-summary.mjs --failures .reports/jest.json .reports/vitest.json; node infra/scripts/test-summary.mjs --skips .reports/browser.json; } 2>&1 || true)
if [ -n "$closing" ] || [ ${#problems[@]} -gt 0 ]; then
  step "skipped browser tests, and every failed test, and why"
  [ -n "$closing" ] && echo "$closing"
  for problem in ${problems[@]+"${problems[@]}"}; do echo "failed, not a test: $problem"; done
fi
step "summary ($((SECONDS - started)) s in all)"
node infra/scripts/test-summary.mjs .reports/jest.json .reports/vitest.json .reports/browser.json || failed=1
exit $failed
