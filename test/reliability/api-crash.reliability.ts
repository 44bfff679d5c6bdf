// The long crash drill (by hand: `npm run test:reliability`): the whole API killed with
// SIGKILL at random moments under eight writers and started again, API_CRASH_ROUNDS times (default 100),
// on PostgreSQL with API_WORKERS=2 and on PGlite (the same data folder, its stale lock taken over).
// Afterwards: nothing acknowledged is missing, every chain verifies (`npm run store -- verify`), and the
// read models equal a rebuild, table by table. Prints the restart times and the replies by status.
// (The database faults, backends terminated and the postmaster killed, are store-outage.reliability.ts.)

import { describe, expect, it } from '@jest/globals';
import { runStoreOutageDrill, type DrillOptions, type DrillReport } from '../support/store-outage-drill.js';
import { postgresBinaries } from '../support/throwaway-postgres.js';

const rounds = Number(process.env.API_CRASH_ROUNDS ?? 100);

function summary(name: string, report: DrillReport): string {
  const times = report.faults.map((fault) => fault.recoveryMs).sort((a, b) => a - b);
  return [
    `${name}: ${report.faults.length} SIGKILLs of the API; replies ${JSON.stringify(report.replies)}`,
    `  back after a kill (restart to a write acknowledged), ms: min ${times[0]}, median ${times[Math.floor(times.length / 2)]}, max ${times[times.length - 1]}`,
    `  acknowledged ${report.acknowledged}, found ${report.found}, missing ${report.missing.length}; chains ${report.chainsVerified ? 'verified' : 'BROKEN'}; read models ${report.readModelDifferences.length === 0 ? 'equal a rebuild' : `differ: ${report.readModelDifferences.join(', ')}`}`,
    `  subscriptions at the log's end ${JSON.stringify(report.subscriptionLagAtEnd)}; replay of ${report.replay.eventsReplayed} events: notifications ${report.replay.notificationsBefore} -> ${report.replay.notificationsAfter}, approval-queue rows ${report.replay.approvalRowsBefore} -> ${report.replay.approvalRowsAfter} (${report.replay.approvalQueueEqual ? 'equal' : 'DIFFER'})`,
  ].join('\n');
}

const cases: [string, Pick<DrillOptions, 'store' | 'workers'>][] = [
  ['PostgreSQL, API_WORKERS=2', { store: 'postgres', workers: 2 }],
  ['PGlite, one process', { store: 'pglite', workers: 1 }],
];

describe.each(cases)('the API killed with SIGKILL, long run: %s', (name, drill) => {
  const run = drill.store === 'postgres' && postgresBinaries() === null ? it.skip : it;
  if (run === it.skip) console.log(`${name}: skipped, PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb is missing)`);
  run(
    `${rounds} kills at random moments under load`,
    async () => {
      const faults = Array.from({ length: rounds }, () => 'kill-api' as const);
      const report = await runStoreOutageDrill({
        ...drill,
        faults,
        writers: 8,
        loadMs: 1_500,
        downMs: 0,
        log: (line) => process.stdout.write(`[crash ${name}] ${line}\n`),
      });
      process.stdout.write(`${summary(name, report)}\n`);
      expect(report.badFailures).toEqual([]);
      expect(report.missing).toEqual([]);
      expect(report.found).toBe(report.acknowledged);
      expect(report.chainsVerified).toBe(true);
      expect(report.readModelDifferences).toEqual([]);
    },
    7_200_000,
  );
});
