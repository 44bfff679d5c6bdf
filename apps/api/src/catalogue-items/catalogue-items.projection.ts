// The catalogue_items read model: a row per item with its status, for the catalogue list and the line pickers.
// Each offered sort (name, code, updatedAt) has its index within a company and status, the name also within a
// kind (the kind tabs and the pickers ask for one kind); the search is a trigram index over name and code.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { trigramIndexSql } from '../common/trigram-index.js';
import { CATALOGUE_ITEM_EVENT_TYPES, type CatalogueItemEvent } from './catalogue-item.events.js';

/** What a search matches (the trigram index's expression: catalogue_items_search). */
export const CATALOGUE_SEARCH_TEXT = `(name || ' ' || code)`;

const COLUMNS: Record<string, string> = {
  code: 'code',
  name: 'name',
  description: 'description',
  unit: 'unit',
  unitPrice: 'unit_price',
  brandModel: 'brand_model',
  colour: 'colour',
  size: 'size',
  manufacturer: 'manufacturer',
  tradeCategory: 'trade_category',
};

export const catalogueItemsProjection: Projection = {
  name: 'catalogueItems',
  eventTypes: [...CATALOGUE_ITEM_EVENT_TYPES],
  tables: ['catalogue_items'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS catalogue_items (
      company_id text NOT NULL, item_id text NOT NULL, kind text NOT NULL, status text NOT NULL DEFAULT 'active',
      code text NOT NULL DEFAULT '', name text NOT NULL, description text NOT NULL DEFAULT '', unit text NOT NULL DEFAULT '',
      unit_price text NOT NULL DEFAULT '', brand_model text NOT NULL DEFAULT '', colour text NOT NULL DEFAULT '', size text NOT NULL DEFAULT '',
      manufacturer text NOT NULL DEFAULT '', trade_category text NOT NULL DEFAULT '', revision integer NOT NULL, updated_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, item_id));
    CREATE INDEX IF NOT EXISTS catalogue_items_by_name ON catalogue_items (company_id, status, lower(name), item_id);
    CREATE INDEX IF NOT EXISTS catalogue_items_by_kind_name ON catalogue_items (company_id, status, kind, lower(name), item_id);
    CREATE INDEX IF NOT EXISTS catalogue_items_by_code ON catalogue_items (company_id, status, upper(code), item_id);
    CREATE INDEX IF NOT EXISTS catalogue_items_by_updated ON catalogue_items (company_id, status, updated_at, item_id);
    ${trigramIndexSql('catalogue_items_search', 'catalogue_items', `lower(name || ' ' || code)`)}`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as CatalogueItemEvent;
      const at = stored.metadata.recordedAt;
      switch (event.type) {
        case 'CatalogueItemAdded': {
          const v = event.data.values;
          await db.query(
            `INSERT INTO catalogue_items (company_id, item_id, kind, code, name, description, unit, unit_price, brand_model, colour, size, manufacturer, trade_category, revision, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (company_id, item_id) DO NOTHING`,
            [
              event.data.companyId,
              event.data.itemId,
              event.data.kind,
              v.code,
              v.name,
              v.description,
              v.unit,
              v.unitPrice,
              v.brandModel,
              v.colour,
              v.size,
              v.manufacturer,
              v.tradeCategory,
              stored.revision,
              at,
            ],
          );
          break;
        }
        case 'CatalogueItemEdited': {
          const entries = Object.entries(event.data.changes).filter(([field]) => COLUMNS[field]);
          const sets = entries.map(([field], index) => `${COLUMNS[field]} = $${index + 4}`);
          await db.query(`UPDATE catalogue_items SET ${[...sets, 'revision = $2', 'updated_at = $3'].join(', ')} WHERE item_id = $1`, [
            event.data.itemId,
            stored.revision,
            at,
            ...entries.map(([, value]) => value),
          ]);
          break;
        }
        case 'CatalogueItemRetired':
        case 'CatalogueItemRestored':
          await db.query('UPDATE catalogue_items SET status = $2, revision = $3, updated_at = $4 WHERE item_id = $1', [
            event.data.itemId,
            event.type === 'CatalogueItemRetired' ? 'retired' : 'active',
            stored.revision,
            at,
          ]);
          break;
      }
    }
  },
};
