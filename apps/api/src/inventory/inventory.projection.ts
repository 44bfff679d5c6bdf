// Read models of the inventory context, fed in the append's transaction:
// - `site_locations`: a row per site location not deleted (company, project or null, name);
// - `stock_movements`: a row per movement with its status, lines and what was received;
// - `stock_entries`: every on-hand change with its time (the as-of view sums them up to a moment);
// - `stock_on_hand`: the on-hand quantity per project, product and site location now (the sum of its entries).
// Each list has an index per sort it offers; see README.md.
import type { Projection, StoredEvent } from '@binaan/event-store';
import {
  SITE_LOCATION_EVENT_TYPES,
  SITE_LOCATION_STREAM_TYPE,
  STOCK_LEDGER_EVENT_TYPES,
  STOCK_LEDGER_STREAM_TYPE,
  type SiteLocationEvent,
  type StockLedgerEvent,
} from './inventory.events.js';

export const inventoryProjection: Projection = {
  name: 'inventory',
  eventTypes: [...SITE_LOCATION_EVENT_TYPES, ...STOCK_LEDGER_EVENT_TYPES],
  tables: ['site_locations', 'stock_movements', 'stock_entries', 'stock_on_hand'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS site_locations (
      location_id text PRIMARY KEY, company_id text NOT NULL, project_id text, name text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS site_locations_by_name ON site_locations (company_id, lower(name), location_id);
    CREATE TABLE IF NOT EXISTS stock_movements (
      movement_id text PRIMARY KEY, position bigint NOT NULL, company_id text NOT NULL, project_id text NOT NULL,
      movement_no text NOT NULL, kind text NOT NULL, status text NOT NULL, from_location_id text, to_location_id text,
      delivery_order_id text, reason text NOT NULL, lines jsonb NOT NULL, received jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL, created_by text NOT NULL, updated_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS stock_movements_by_project ON stock_movements (project_id, position);
    CREATE INDEX IF NOT EXISTS stock_movements_by_kind ON stock_movements (project_id, kind, position);
    CREATE INDEX IF NOT EXISTS stock_movements_from ON stock_movements (from_location_id);
    CREATE INDEX IF NOT EXISTS stock_movements_to ON stock_movements (to_location_id);
    CREATE TABLE IF NOT EXISTS stock_entries (
      position bigint NOT NULL, seq integer NOT NULL, project_id text NOT NULL, movement_id text NOT NULL,
      product_id text NOT NULL, location_id text NOT NULL, delta numeric(15,3) NOT NULL, recorded_at timestamptz NOT NULL,
      PRIMARY KEY (position, seq));
    CREATE INDEX IF NOT EXISTS stock_entries_by_time ON stock_entries (project_id, recorded_at);
    CREATE TABLE IF NOT EXISTS stock_on_hand (
      project_id text NOT NULL, product_id text NOT NULL, location_id text NOT NULL, company_id text NOT NULL,
      quantity numeric(15,3) NOT NULL, PRIMARY KEY (project_id, product_id, location_id));`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const at = stored.metadata.recordedAt;
      if (stored.streamType === SITE_LOCATION_STREAM_TYPE) {
        const event = { type: stored.type, data: stored.data } as SiteLocationEvent;
        if (event.type === 'SiteLocationAdded') {
          const d = event.data;
          await db.query(
            `INSERT INTO site_locations (location_id, company_id, project_id, name, created_at, updated_at, revision)
             VALUES ($1, $2, $3, $4, $5, $5, $6) ON CONFLICT (location_id) DO NOTHING`,
            [d.locationId, d.companyId, d.projectId, d.name, at, stored.revision],
          );
        } else if (event.type === 'SiteLocationRenamed') {
          await db.query('UPDATE site_locations SET name = $2, updated_at = $3, revision = $4 WHERE location_id = $1', [
            event.data.locationId,
            event.data.name,
            at,
            stored.revision,
          ]);
        } else if (event.type === 'SiteLocationDeleted') {
          await db.query('DELETE FROM site_locations WHERE location_id = $1', [event.data.locationId]);
        }
      } else if (stored.streamType === STOCK_LEDGER_STREAM_TYPE) {
        const event = { type: stored.type, data: stored.data } as StockLedgerEvent;
        if (event.type === 'StockMovementRecorded') {
          const d = event.data;
          await db.query(
            `INSERT INTO stock_movements (movement_id, position, company_id, project_id, movement_no, kind, status, from_location_id, to_location_id,
               delivery_order_id, reason, lines, created_at, created_by, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'none', $7, $8, $9, $10, $11::jsonb, $12, $13, $12) ON CONFLICT (movement_id) DO NOTHING`,
            [
              d.movementId,
              stored.globalPosition,
              d.companyId,
              d.projectId,
              d.movementNo,
              d.kind,
              d.fromLocationId,
              d.toLocationId,
              d.deliveryOrderId,
              d.reason,
              JSON.stringify(d.lines),
              at,
              d.by,
            ],
          );
        } else if (event.type === 'StockMovementStatusChanged') {
          const { movementId, change, entries, received } = event.data;
          const [movement] = await db.query<{ project_id: string; company_id: string; received: Record<string, string> }>(
            'SELECT project_id, company_id, received FROM stock_movements WHERE movement_id = $1',
            [movementId],
          );
          if (!movement) continue;
          const receivedNow = { ...movement.received };
          for (const line of received ?? []) {
            const before = receivedNow[String(line.lineNo)] ?? '0';
            receivedNow[String(line.lineNo)] = (Number(before) + Number(line.quantity)).toFixed(3);
          }
          await db.query('UPDATE stock_movements SET status = $2, updated_at = $3, received = $4::jsonb WHERE movement_id = $1', [
            movementId,
            change.statusAfter,
            at,
            JSON.stringify(receivedNow),
          ]);
          for (const [seq, entry] of entries.entries()) {
            // Counted into the on-hand row only when the entry is new: applying an event again changes nothing.
            const inserted = await db.query(
              `INSERT INTO stock_entries (position, seq, project_id, movement_id, product_id, location_id, delta, recorded_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (position, seq) DO NOTHING RETURNING seq`,
              [stored.globalPosition, seq, movement.project_id, movementId, entry.productId, entry.locationId, entry.delta, at],
            );
            if (inserted.length === 0) continue;
            await db.query(
              `INSERT INTO stock_on_hand (project_id, product_id, location_id, company_id, quantity) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (project_id, product_id, location_id) DO UPDATE SET quantity = stock_on_hand.quantity + EXCLUDED.quantity`,
              [movement.project_id, entry.productId, entry.locationId, movement.company_id, entry.delta],
            );
          }
        }
      }
    }
  },
};
