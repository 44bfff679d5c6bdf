// Read model of the setup items: `company_setup_items`, a row per item with its fields as JSON and its name's
// key (the unique name in any case). Each list order has an index over (company, kind[, status], name key, id).
import type { Projection, StoredEvent } from '@binaan/event-store';
import { nameKey } from './setup-items.decider.js';
import { SETUP_EVENT_TYPES, SETUP_STREAM_TYPE, type SetupItemEvent } from './setup-items.events.js';

const companyOfStream = (streamId: string, kind: string) => streamId.slice(SETUP_STREAM_TYPE.length + 1, -(kind.length + 1));

export const setupItemsProjection: Projection = {
  name: 'companySetupItems',
  eventTypes: SETUP_EVENT_TYPES,
  tables: ['company_setup_items'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS company_setup_items (
      item_id text PRIMARY KEY, company_id text NOT NULL, kind text NOT NULL, name text NOT NULL, name_key text NOT NULL,
      status text NOT NULL, fields jsonb NOT NULL, revision integer NOT NULL, updated_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS company_setup_items_by_name ON company_setup_items (company_id, kind, name_key, item_id);
    CREATE INDEX IF NOT EXISTS company_setup_items_by_status ON company_setup_items (company_id, kind, status, name_key, item_id);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== SETUP_STREAM_TYPE) continue;
      const event = { type: stored.type, data: stored.data } as SetupItemEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'SetupItemCreated' || event.type === 'SetupItemEdited') {
        const { fields } = event.data;
        await db.query(
          `INSERT INTO company_setup_items (item_id, company_id, kind, name, name_key, status, fields, revision, updated_at)
           VALUES ($1, $2, $3, $4, $5, 'active', $6::jsonb, $7, $8)
           ON CONFLICT (item_id) DO UPDATE SET name = EXCLUDED.name, name_key = EXCLUDED.name_key, fields = EXCLUDED.fields, revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at`,
          [
            event.data.itemId,
            companyOfStream(stored.streamId, event.data.kind),
            event.data.kind,
            fields.name,
            nameKey(fields.name),
            JSON.stringify(fields),
            stored.revision,
            at,
          ],
        );
      } else {
        await db.query('UPDATE company_setup_items SET status = $2, revision = $3, updated_at = $4 WHERE item_id = $1', [
          event.data.itemId,
          event.type === 'SetupItemDeactivated' ? 'inactive' : 'active',
          stored.revision,
          at,
        ]);
      }
    }
  },
};
