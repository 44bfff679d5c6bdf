// The profile's read models, fed in the append's transaction: company_profiles (a row a company: its
// information, what it shares, the stream's revision, which the commands append at) and
// company_profile_entries (a row per current entry of every list). A list is read by company and list in
// name order (sort_key: the lower-case name, then the entry id) through company_profile_entries_by_name, and
// searched in `search` (the lower-case text of its searchable fields) with a trigram index. A removed entry's
// row goes; the stream keeps it. Persons' fields are copied here opened: forgetting a person rebuilds this
// projection (forget-person.ts rebuilds every projection of a declared event type), so the row reads [erased].

import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import type { ProfileList } from '@binaan/contracts';
import { trigramIndexSql } from '../../common/trigram-index.js';
import { PROFILE_EVENT_TYPES, PROFILE_STREAM_PREFIX, type CompanyProfileEvent, type ProfileEntryFields } from './profile.events.js';

/** What a list is ordered by and searched in. */
const SORTED_BY: Record<ProfileList, (fields: ProfileEntryFields) => string> = {
  shareholders: (f) => String(f.name ?? ''),
  directors: (f) => String(f.name ?? ''),
  machinery: (f) => `${f.brand ?? ''} ${f.model ?? ''}`,
  trackRecord: (f) => String(f.name ?? ''),
};
const SEARCHED: Record<ProfileList, readonly string[]> = {
  shareholders: ['name', 'designation'],
  directors: ['name', 'designation'],
  machinery: ['brand', 'model', 'type', 'capacity'],
  trackRecord: ['name', 'location', 'client', 'type'],
};
export const sortKeyOf = (list: ProfileList, fields: ProfileEntryFields) => SORTED_BY[list](fields).trim().toLowerCase();
const searchOf = (list: ProfileList, fields: ProfileEntryFields) =>
  SEARCHED[list]
    .map((field) => String(fields[field] ?? ''))
    .join(' ')
    .toLowerCase();

export const companyProfileProjection: Projection = {
  name: 'companyProfiles',
  eventTypes: [...PROFILE_EVENT_TYPES],
  tables: ['company_profiles', 'company_profile_entries'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS company_profiles (
      company_id text PRIMARY KEY, revision integer NOT NULL, information jsonb, shared_tabs text[],
      sharing_changed_at timestamptz, sharing_changed_by text, sharing_reason text);
    CREATE TABLE IF NOT EXISTS company_profile_entries (
      company_id text NOT NULL, list text NOT NULL, entry_id text NOT NULL, sort_key text NOT NULL, search text NOT NULL,
      fields jsonb NOT NULL, added_at timestamptz NOT NULL, changed_at timestamptz NOT NULL, PRIMARY KEY (company_id, list, entry_id));
    CREATE INDEX IF NOT EXISTS company_profile_entries_by_name ON company_profile_entries (company_id, list, sort_key, entry_id);
    ${trigramIndexSql('company_profile_entries_search', 'company_profile_entries', 'search')}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (!stored.streamId.startsWith(PROFILE_STREAM_PREFIX)) continue;
      const companyId = stored.streamId.slice(PROFILE_STREAM_PREFIX.length);
      await db.query(
        'INSERT INTO company_profiles (company_id, revision) VALUES ($1, $2) ON CONFLICT (company_id) DO UPDATE SET revision = EXCLUDED.revision',
        [companyId, stored.revision],
      );
      await applyOne(db, companyId, { type: stored.type, data: stored.data } as CompanyProfileEvent, stored);
    }
  },
};

async function applyOne(db: SqlExecutor, companyId: string, event: CompanyProfileEvent, stored: StoredEvent): Promise<void> {
  const at = stored.metadata.recordedAt;
  switch (event.type) {
    case 'CompanyInformationEdited':
      await db.query('UPDATE company_profiles SET information = $2::jsonb WHERE company_id = $1', [
        companyId,
        JSON.stringify(event.data.information),
      ]);
      return;
    case 'CompanyProfileSharingChanged':
      await db.query(
        'UPDATE company_profiles SET shared_tabs = $2::text[], sharing_changed_at = $3, sharing_changed_by = $4, sharing_reason = $5 WHERE company_id = $1',
        [companyId, event.data.tabs, at, stored.metadata.actorUserId ?? null, event.data.reason],
      );
      return;
    case 'CompanyProfileEntryAdded':
    case 'CompanyProfileEntryEdited': {
      const { list, entryId } = event.data;
      // The fields read one by one: a sealed person's fields are opened here (or read [erased]).
      const fields: ProfileEntryFields = {};
      for (const [name, value] of Object.entries(event.data.fields)) fields[name] = value;
      await db.query(
        `INSERT INTO company_profile_entries (company_id, list, entry_id, sort_key, search, fields, added_at, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
         ON CONFLICT (company_id, list, entry_id) DO UPDATE SET sort_key = EXCLUDED.sort_key, search = EXCLUDED.search, fields = EXCLUDED.fields, changed_at = EXCLUDED.changed_at`,
        [companyId, list, entryId, sortKeyOf(list, fields), searchOf(list, fields), JSON.stringify(fields), at],
      );
      return;
    }
    case 'CompanyProfileEntryRemoved':
      await db.query('DELETE FROM company_profile_entries WHERE company_id = $1 AND list = $2 AND entry_id = $3', [
        companyId,
        event.data.list,
        event.data.entryId,
      ]);
      return;
  }
}
