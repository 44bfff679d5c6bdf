// Every read-model table of the API's projections, row by row as canonical JSON (sorted), so two stores
// (live and rebuilt, or backed up and restored) can be compared table by table.

import { canonicalJson, type JsonValue, type SqlExecutor } from '@binaan/event-store';
import { allProjections } from '../../apps/api/src/projections.js';

/** Columns that change on reads, not on events (a session's last use). */
const SKIPPED: Record<string, string[]> = { identity_sessions: ['last_seen_at'] };

export async function readModelSnapshot(sql: SqlExecutor): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const projection of allProjections) {
    for (const table of projection.tables) {
      const rows = await sql.query<{ row: Record<string, JsonValue> }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
      tables[table] = rows
        .map(({ row }) =>
          canonicalJson(Object.fromEntries(Object.entries(row).filter(([column]) => !(SKIPPED[table] ?? []).includes(column)))),
        )
        .sort();
    }
  }
  return tables;
}

/** Names the tables whose rows differ between two snapshots. */
export function differingTables(a: Record<string, string[]>, b: Record<string, string[]>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (table) => canonicalJson(a[table] ?? []) !== canonicalJson(b[table] ?? []),
  );
}
