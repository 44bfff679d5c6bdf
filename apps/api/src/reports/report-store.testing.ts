// For the reports' unit specs: a PGlite store with the given projections and a clock the spec moves, so an
// event is recorded at the time the spec says and a report can be drawn live and as of any time between.
import { fileURLToPath } from 'node:url';
import { migrate, PGliteDatabase, SqlEventStore, type JsonValue, type Projection } from '@binaan/event-store';
import type { ReportName } from '@binaan/contracts';
import type { ReportQuery } from './report-section.js';

const MIGRATIONS = fileURLToPath(new URL('../../../../infra/migrations', import.meta.url));

export type ReportTestStore = {
  store: SqlEventStore;
  db: PGliteDatabase;
  /** Records one event on the stream at the time given (ISO). */
  record(at: string, streamId: string, streamType: string, type: string, data: Record<string, JsonValue>): Promise<void>;
  close(): Promise<void>;
};

export async function openReportTestStore(projections: readonly Projection[]): Promise<ReportTestStore> {
  const db = await PGliteDatabase.open();
  await migrate(db, MIGRATIONS);
  let clock = new Date(0);
  const store = await SqlEventStore.open(db, { projections, now: () => clock });
  return {
    store,
    db,
    async record(at, streamId, streamType, type, data) {
      clock = new Date(at);
      await store.append({
        streamId,
        streamType,
        expectedRevision: 'any',
        events: [{ type, data, metadata: { actorUserId: 'u1', actorCompanyId: null } }],
      });
    },
    close: () => db.close(),
  };
}

/** A company's report over [from, to] (Malaysian days), drawn at `now`, live or as of `asOf`. */
export function reportQuery(
  report: ReportName,
  companyId: string,
  from: string,
  to: string,
  now: string,
  more: Partial<ReportQuery> = {},
): ReportQuery {
  const dayAfter = new Date(`${to}T00:00:00+08:00`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  return {
    report,
    companyId,
    from,
    to,
    fromAt: new Date(`${from}T00:00:00+08:00`),
    toBefore: dayAfter,
    projectId: null,
    counterpartyId: null,
    asOf: null,
    now: new Date(now),
    ...more,
  };
}
