// The public contractor directory's read model, fed by the company streams. contractor_directory_companies
// keeps a row a company with what the public may see (name, trades, state, town, CIDB grade, website: nothing
// of a person) and whether it is approved and listed. The public reads only the companies shown (approved,
// listed, offering a trade): contractor_directory, a row each, and contractor_directory_trades, a row per
// shown company and trade, so a trade filter walks an index in the directory's order instead of testing every
// company. Holding the shown companies alone, their statistics are the shown ones' (a state where few
// companies are listed is estimated as such, and its index walked). Each offered filter has its index in the
// directory's order (sort_key: the lower-case name, then company_id): none, state, trade, trade and state; a
// name search tests the lower-case name, held by each of those indexes, with a trigram index per table.

import { CompanySubmissionStatus, SubscriptionType, directoryTradesOf, type CompanyRegistrationInput } from '@binaan/contracts';
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { trigramIndexSql } from '../common/trigram-index.js';
import type { CompanyAdminEvent } from './company-admin.events.js';
import type { CompanyEvent } from './company.events.js';

export const contractorDirectoryProjection: Projection = {
  name: 'contractorDirectory',
  eventTypes: [
    'CompanyRegistered',
    'CompanyDetailsRecorded',
    'CompanyDetailsEdited',
    'CompanySubmissionStatusChanged',
    'CompanyDirectoryListingChanged',
  ],
  tables: ['contractor_directory_companies', 'contractor_directory', 'contractor_directory_trades'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS contractor_directory_companies (
      company_id text PRIMARY KEY, name text NOT NULL, trades text[] NOT NULL DEFAULT '{}', state smallint NOT NULL DEFAULT 0,
      town text NOT NULL DEFAULT '', cidb_grade smallint, website text, approved boolean NOT NULL DEFAULT false, listed boolean NOT NULL DEFAULT false);
    CREATE TABLE IF NOT EXISTS contractor_directory (
      company_id text PRIMARY KEY, name text NOT NULL, sort_key text NOT NULL, trades text[] NOT NULL, state smallint NOT NULL,
      town text NOT NULL, cidb_grade smallint, website text);
    CREATE INDEX IF NOT EXISTS contractor_directory_by_name ON contractor_directory (sort_key, company_id);
    CREATE INDEX IF NOT EXISTS contractor_directory_by_state ON contractor_directory (state, sort_key, company_id);
    CREATE TABLE IF NOT EXISTS contractor_directory_trades (
      trade text NOT NULL, company_id text NOT NULL, state smallint NOT NULL, sort_key text NOT NULL, PRIMARY KEY (trade, company_id));
    CREATE INDEX IF NOT EXISTS contractor_directory_trades_by_name ON contractor_directory_trades (trade, sort_key, company_id);
    CREATE INDEX IF NOT EXISTS contractor_directory_trades_by_state ON contractor_directory_trades (trade, state, sort_key, company_id);
    CREATE INDEX IF NOT EXISTS contractor_directory_trades_by_company ON contractor_directory_trades (company_id);
    ${trigramIndexSql('contractor_directory_search', 'contractor_directory', 'sort_key')}
    ${trigramIndexSql('contractor_directory_trades_search', 'contractor_directory_trades', 'sort_key')}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as CompanyEvent | CompanyAdminEvent;
      const companyId = stored.streamId.slice('company-'.length);
      switch (event.type) {
        case 'CompanyRegistered':
          await db.query(
            `INSERT INTO contractor_directory_companies (company_id, name, trades) VALUES ($1, $2, $3::text[]) ON CONFLICT (company_id) DO NOTHING`,
            [companyId, event.data.name, directoryTradesOf({ subscriptionType: event.data.subscriptionType })],
          );
          break;
        case 'CompanyDetailsRecorded':
        case 'CompanyDetailsEdited':
          await recordDetails(db, companyId, event.data.details);
          break;
        case 'CompanySubmissionStatusChanged':
          await db.query('UPDATE contractor_directory_companies SET approved = $2 WHERE company_id = $1', [
            companyId,
            event.data.status === CompanySubmissionStatus.Approved,
          ]);
          break;
        case 'CompanyDirectoryListingChanged':
          await db.query('UPDATE contractor_directory_companies SET listed = $2 WHERE company_id = $1', [companyId, event.data.listed]);
          break;
        default:
          continue;
      }
      await showOrHide(db, companyId);
    }
  },
};

async function recordDetails(db: SqlExecutor, companyId: string, details: CompanyRegistrationInput): Promise<void> {
  await db.query(
    `UPDATE contractor_directory_companies SET name = $2, trades = $3::text[], state = $4, town = $5, cidb_grade = $6, website = $7 WHERE company_id = $1`,
    [
      companyId,
      details.name,
      directoryTradesOf(details),
      details.address?.state ?? 0,
      details.address?.city?.trim() ?? '',
      details.subscriptionType === SubscriptionType.CidbContractor ? (details.cidbGrade ?? null) : null,
      details.website?.trim() || null,
    ],
  );
}

/** The company's rows the public reads, as it is now: present while approved, listed and offering a trade. */
async function showOrHide(db: SqlExecutor, companyId: string): Promise<void> {
  await db.query('DELETE FROM contractor_directory_trades WHERE company_id = $1', [companyId]);
  await db.query('DELETE FROM contractor_directory WHERE company_id = $1', [companyId]);
  await db.query(
    `INSERT INTO contractor_directory (company_id, name, sort_key, trades, state, town, cidb_grade, website)
     SELECT company_id, name, lower(name), trades, state, town, cidb_grade, website FROM contractor_directory_companies
     WHERE company_id = $1 AND approved AND listed AND cardinality(trades) > 0`,
    [companyId],
  );
  await db.query(
    `INSERT INTO contractor_directory_trades (trade, company_id, state, sort_key)
     SELECT unnest(trades), company_id, state, sort_key FROM contractor_directory WHERE company_id = $1`,
    [companyId],
  );
}
