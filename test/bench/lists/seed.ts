// Grows the documents read model of one company straight in SQL (one INSERT ... SELECT generate_series per
// step): the lists read only this table and `companies`, so rows written here are what a million documents
// made through the API would leave behind, without a million event streams. Every tenth row's other
// party varies, a fifth have a project, one in a hundred is a tender received from Mutiara (shared).
import type { SqlExecutor } from '@binaan/event-store';
import { onDatabase } from '../support/api-process.js';
import { documentStatesOf } from '@binaan/api/dist/documents/documents.projection.js';

export const COMPANY = 'teguh-bina';
export const OTHER = 'mutiara-supplies';
export const RESOURCE = 'tender';
export const PROJECT = 'bench-project-3';
/** A word in one title of eight (the common search) and the number of one document (the rare search). */
export const COMMON_WORD = 'piling';
export const STATUSES = ['new', 'pendingActivation', 'rejected', 'active', 'comparison', 'draftContract', 'contractAwarded', 'cancelled'];
const WORDS = [
  'Concrete works',
  'Piling works',
  'Rebar supply',
  'Formwork hire',
  'Scaffolding',
  'M&E first fix',
  'Roof trusses',
  'Landscape',
];
const COUNTERPARTIES = ['mutiara-supplies', 'kukuh-jaya', 'bekal-prima', null];

/** Adds rows n = from .. to-1 (the bench company's tenders; every hundredth one received instead). */
export async function growDocuments(db: SqlExecutor, from: number, to: number, postgresUrl?: string): Promise<void> {
  if (to <= from) return;
  const words = `ARRAY[${WORDS.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
  const statuses = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]`;
  const parties = `ARRAY[${COUNTERPARTIES.map((c) => (c === null ? 'NULL' : `'${c}'`)).join(',')}]::text[]`;
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000) - 1;
    // On PostgreSQL a connection of the bench's own: the API's pool times statements out, and 100,000 rows
    // into every list index take longer.
    await run(
      db,
      postgresUrl,
      `INSERT INTO documents (id, resource, stream_id, company_id, counterparty_company_id, shared_with_counterparty, project_id, document_no, title, status,
         total_sen, currency, created_at, updated_at, revision, created_by, approval_round, awaiting_level)
       SELECT 'bench-' || n, '${RESOURCE}', '${RESOURCE}-bench-' || n,
         CASE WHEN n % 100 = 7 THEN '${OTHER}' ELSE '${COMPANY}' END,
         CASE WHEN n % 100 = 7 THEN '${COMPANY}' ELSE (${parties})[1 + (n / 10) % 4] END,
         n % 100 = 7,
         CASE WHEN n % 5 = 0 THEN 'bench-project-' || (n / 5) % 7 END,
         'TD-2026-' || lpad(n::text, 7, '0'), (${words})[1 + n % 8] || ', lot ' || n, (${statuses})[1 + (n / 3) % 8],
         (n::bigint * 7919) % 1000000000, 'MYR', timestamptz '2020-01-01' + n * interval '37 seconds', timestamptz '2020-01-01' + n * interval '37 seconds' + (n % 97) * interval '1 hour',
         1 + n % 9, 'bench-user', NULL, CASE WHEN n % 50 = 1 THEN 1 END
       FROM generate_series(${start}, ${end}) AS n`,
    );
    // Each row's narrow twin (document_states: the indexes of the status, updated and revision sorts).
    await run(db, postgresUrl, documentStatesOf(`id IN (SELECT 'bench-' || n FROM generate_series(${start}, ${end}) AS n)`));
  }
}

/** A seeding statement: on PostgreSQL on a connection of its own without the pool's statement timeout. */
export async function run(db: SqlExecutor, postgresUrl: string | undefined, sql: string): Promise<void> {
  if (!postgresUrl) return db.script(sql);
  await onDatabase(async (client) => {
    await client.query('SET statement_timeout = 0');
    await client.query('SET search_path = api');
    await client.query(sql);
  }, postgresUrl);
}

/** VACUUM (the visibility map that index-only counts read) and ANALYZE; on PostgreSQL on a connection of its own with no statement timeout. */
export async function analyze(db: SqlExecutor, postgresUrl?: string): Promise<void> {
  await run(db, postgresUrl, 'VACUUM ANALYZE documents');
  await run(db, postgresUrl, 'VACUUM ANALYZE document_states');
}
