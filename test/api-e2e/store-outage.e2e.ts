// The store-outage drills, short, in npm test: the built API as in production, eight writers creating,
// editing and cancelling tenders, and faults under that load (test/support/store-outage-drill.ts).
//  - PostgreSQL (a throwaway cluster of the test's own), one process and API_WORKERS=2: every backend of
//    its database terminated, then the postmaster killed with -9 and started again. The API stays the same
//    process(es), is back within 5 s of the database, answers every failed request with 503
//    storeUnavailable and Retry-After (never a hang, a reset connection or a 500). With two workers the
//    whole API is also killed with SIGKILL and started again.
//  - PGlite: the API killed with SIGKILL and started again on the same data folder (its stale lock taken over).
// Every time: nothing acknowledged is lost, every chain verifies, the read models equal a rebuild, every
// subscription reaches the log's end, and handling the load's events again adds no notification and
// changes no approval-queue row; on PostgreSQL every process LISTENs again within 5 s of each fault.
// The long versions (more rounds, 100 API kills, printed figures) are in test/reliability/.

import { describe, expect, it } from '@jest/globals';
import { runStoreOutageDrill, type DrillOptions, type DrillReport } from '../support/store-outage-drill.js';
import { postgresBinaries } from '../support/throwaway-postgres.js';

const canRun = postgresBinaries() !== null;
if (!canRun)
  console.log(
    'the PostgreSQL store-outage drills did not run: PostgreSQL is not installed (npm test installs it; /usr/lib/postgresql/*/bin/initdb is missing).',
  );

const cases: [string, Pick<DrillOptions, 'store' | 'workers' | 'faults'>][] = [
  ['PostgreSQL, one API process', { store: 'postgres', workers: 1, faults: ['terminate', 'kill'] }],
  ['PostgreSQL, API_WORKERS=2', { store: 'postgres', workers: 2, faults: ['terminate', 'kill', 'kill-api'] }],
];

(canRun ? describe : describe.skip).each(cases)(
  `a lost PostgreSQL under load: %s${canRun ? '' : ' (skipped: PostgreSQL is not installed; npm test installs it)'}`,
  (name, drill) => {
    it('the API survives backends terminated and the postmaster killed, and is back within 5 s with nothing acknowledged lost', async () => {
      const report = await runStoreOutageDrill({
        ...drill,
        writers: 8,
        loadMs: 2_500,
        downMs: 2_000,
        log: (line) => console.log(`[${name}, ${new Date().toISOString().slice(11, 19)}] ${line}`),
      });
      console.log(`[${name}] ${JSON.stringify(report)}`);
      const databaseFaults = report.faults.filter((fault) => fault.kind !== 'kill-api');
      for (const fault of databaseFaults) {
        expect({
          kind: fault.kind,
          sameProcesses: fault.sameProcesses,
          within5s: fault.recoveryMs <= 5_000,
          listenWithin5s: (fault.listenBackMs ?? Infinity) <= 5_000,
        }).toEqual({ kind: fault.kind, sameProcesses: true, within5s: true, listenWithin5s: true });
      }
      expect(report.processesBefore).toHaveLength(drill.workers === 1 ? 1 : 3);
      // One LISTEN per process holding the store, before the faults and again after each (checked above).
      expect(report.listenersBefore).toBe(drill.workers);
      expect(report.faults.find((fault) => fault.kind === 'kill')?.readySaidNotReady).toBe(true);
      expect(report.faults.find((fault) => fault.kind === 'terminate')?.terminated).toBeGreaterThan(0);
      if (drill.faults.includes('kill-api'))
        expect(report.faults.find((fault) => fault.kind === 'kill-api')?.recoveryMs).toBeLessThan(60_000);
      expect(report.badFailures).toEqual([]);
      // The load really ran, and the outage really refused some of it.
      expect(report.replies['201']).toBeGreaterThan(20);
      expect(report.replies['503']).toBeGreaterThan(0);
      expect(report.missing).toEqual([]);
      expect(report.found).toBe(report.acknowledged);
      expect(report.chainsVerified).toBe(true);
      expect(report.readModelDifferences).toEqual([]);
      expect(report.notificationsCheckpointAtEnd).toBe(true);
      expectSubscriptionsWhole(report);
    }, 900_000);
  },
);

describe('the API killed with SIGKILL on PGlite', () => {
  it('starts again on the same data folder (stale lock taken over) with nothing acknowledged lost', async () => {
    const report = await runStoreOutageDrill({
      store: 'pglite',
      workers: 1,
      faults: ['kill-api'],
      writers: 8,
      loadMs: 5_000,
      downMs: 0,
      log: (line) => console.log(`[PGlite, ${new Date().toISOString().slice(11, 19)}] ${line}`),
    });
    console.log(`[PGlite] ${JSON.stringify(report)}`);
    expect(report.faults[0]!.recoveryMs).toBeLessThan(120_000);
    expect(report.processesAfter[0]).not.toBe(report.processesBefore[0]);
    expect(report.badFailures).toEqual([]);
    // The load really ran: some creates acknowledged before the kill (a loaded 2-core machine gave 15 to 21
    // in 5 s; the floor only has to show that writes were in flight, not how fast they were).
    expect(report.replies['201']).toBeGreaterThanOrEqual(5);
    expect(report.missing).toEqual([]);
    expect(report.chainsVerified).toBe(true);
    expect(report.readModelDifferences).toEqual([]);
    expectSubscriptionsWhole(report);
  }, 900_000);
});

/**
 * Every subscription reached the log's end after the load, and handling the load's events again from where
 * it began adds no notification and changes no approval-queue row: nothing was missed or applied twice.
 */
function expectSubscriptionsWhole(report: DrillReport): void {
  expect(report.subscriptionLagAtEnd).toEqual({ notifications: 0, 'approval-queue': 0, 'live-feed': 0 });
  expect(report.replay.notificationsBefore).toBeGreaterThan(0);
  expect(report.replay.approvalRowsBefore).toBeGreaterThan(0);
  expect(report.replay).toMatchObject({
    notificationsAfter: report.replay.notificationsBefore,
    duplicateNotifications: 0,
    approvalRowsAfter: report.replay.approvalRowsBefore,
    approvalQueueEqual: true,
  });
}
