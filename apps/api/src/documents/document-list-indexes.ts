// The indexes the document lists read (document-list.ts), one per offered sort and side: the company's own
// documents lead with (resource, company_id), those it received with (resource, counterparty_company_id)
// and hold only shared rows. Each ends with id, the sort's tie-break, so a page is an index range read
// forwards or backwards that stops after the page. A new sort or filter that must stay flat adds its line
// here and its line in test/bench/lists (README "Lists that stay flat").
//
// The sorts on what a workflow action changes (status, updated_at, revision) are indexes of the narrow
// `document_states` table (documents.projection.ts), not of the wide `documents` row: an action then
// changes no indexed column of the wide row, so its UPDATE there is HOT (no new entry in any of its ~20
// indexes, the two trigram GIN included), and only the narrow row's few indexes take new entries
// (documents README, "The narrow status row").
const SORT_KEYS: Readonly<Record<string, string>> = {
  created: 'created_at, id',
  number: 'document_no, id',
  title: 'title, id',
  total: 'total_sen, id',
  id: 'id',
  project: 'project_id, created_at, id',
};
/** On document_states: what an action changes. status ends with created_at, so it also serves a status tab in the default order. */
const STATE_SORT_KEYS: Readonly<Record<string, string>> = {
  status: 'status, created_at, id',
  updated: 'updated_at, id',
  revision: 'revision, id',
};

/** A tender's type: tenders only, so the other kinds' rows carry no entry of it. */
const typed = [
  'CREATE INDEX IF NOT EXISTS documents_own_type ON documents (resource, company_id, tender_type, created_at, id) WHERE tender_type IS NOT NULL;',
  'CREATE INDEX IF NOT EXISTS documents_received_type ON documents (resource, counterparty_company_id, tender_type, created_at, id) WHERE shared_with_counterparty AND tender_type IS NOT NULL;',
];

const own = Object.entries({ ...SORT_KEYS, counterparty: 'counterparty_company_id, created_at, id' }).map(
  ([name, keys]) => `CREATE INDEX IF NOT EXISTS documents_own_${name} ON documents (resource, company_id, ${keys});`,
);
const received = Object.entries({ ...SORT_KEYS, sender: 'company_id, created_at, id' }).map(
  ([name, keys]) =>
    `CREATE INDEX IF NOT EXISTS documents_received_${name} ON documents (resource, counterparty_company_id, ${keys}) WHERE shared_with_counterparty;`,
);
const stateOwn = Object.entries(STATE_SORT_KEYS).map(
  ([name, keys]) => `CREATE INDEX IF NOT EXISTS document_states_own_${name} ON document_states (resource, company_id, ${keys});`,
);
// status_id: tenders received sorted by total go by id (their totals are the buyers' estimates, withheld:
// estimate-withheld.ts), so a status tab of them sorted so is a range of (status, id). Without it the branch
// walked every narrow row in id order to find the status's (30,500 in the plan spec; 9 ms at a million).
const stateReceived = Object.entries({ ...STATE_SORT_KEYS, status_id: 'status, id' }).map(
  ([name, keys]) =>
    `CREATE INDEX IF NOT EXISTS document_states_received_${name} ON document_states (resource, counterparty_company_id, ${keys}) WHERE shared_with_counterparty;`,
);

/**
 * Search (document-list.ts, searchBranch), trigram indexes (pg_trgm): documents_search on number and title
 * for the company's own documents (the company holds most of the rows it finds), and for those received
 * documents_received_search on the receiver's id, then number and title (shared rows only). The received
 * branch reads `counterparty_company_id || ' ' || document_no || ' ' || title ILIKE 'company %word%'`, whose
 * trigrams hold the company's, so it finds only the company's received matches: a word common in its own
 * tenders and absent from those received costs nothing there. (The same key on the own branch was tried
 * and dropped: the company's trigrams are on most rows, and intersecting them cost 100 ms at a million.)
 * pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in pglite-database.ts); it goes in public
 * when it may (so one database's schemas share it), else in the current schema. Where it cannot be had,
 * search scans instead: slower on a rare word, still correct.
 */
const SEARCH = `DO $trgm$
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF s IS NULL THEN
    BEGIN
      CREATE EXTENSION pg_trgm SCHEMA public;
    EXCEPTION WHEN others THEN
      BEGIN
        CREATE EXTENSION pg_trgm;
      EXCEPTION WHEN others THEN
        NULL;
      END;
    END;
    SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  END IF;
  IF s IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS documents_search ON documents USING gin ((document_no || %L || title) %I.gin_trgm_ops)', ' ', s);
    EXECUTE format('CREATE INDEX IF NOT EXISTS documents_received_search ON documents USING gin ((counterparty_company_id || %L || document_no || %L || title) %I.gin_trgm_ops) WHERE shared_with_counterparty', ' ', ' ', s);
  END IF;
END
$trgm$;`;

/**
 * The "awaiting approval" filter (documents in an open approval round), one partial index per side in the default
 * order, ending with id like every list index: the page is a range of it, and its capped count an index-only scan
 * (without id the count could not be index-only, and read a heap page for each row it counted: 14 ms at a
 * million). The received side has its own: without it the branch read every row received to find none waiting
 * (10 ms at a million, 10,000 received). It replaces document_states_awaiting_approval (no id, own side only).
 */
const awaiting = [
  'DROP INDEX IF EXISTS document_states_awaiting_approval;',
  'CREATE INDEX IF NOT EXISTS document_states_own_awaiting ON document_states (resource, company_id, created_at, id) WHERE awaiting_level IS NOT NULL;',
  // The sender's id included: the received branch checks it (company_id <> the caller), so its count stays index-only too.
  'CREATE INDEX IF NOT EXISTS document_states_received_awaiting ON document_states (resource, counterparty_company_id, created_at, id) INCLUDE (company_id) WHERE shared_with_counterparty AND awaiting_level IS NOT NULL;',
];

export const LIST_INDEXES_SQL = [...own, ...received, ...typed, SEARCH].join('\n    ');
/** The list indexes of document_states (made after that table). */
export const STATE_LIST_INDEXES_SQL = [...stateOwn, ...stateReceived, ...awaiting].join('\n    ');
