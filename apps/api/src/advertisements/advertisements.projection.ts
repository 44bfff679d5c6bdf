// advertisements: one row per advertisement, for the admin list (newest first, capped count) and the public
// list of current ones (published, today within valid_from..valid_to; the index serves that lookup).
import type { Projection, StoredEvent } from '@binaan/event-store';
import { ADVERTISEMENT_EVENT_TYPES, type AdvertisementEvent } from './advertisement.events.js';

export const advertisementsProjection: Projection = {
  name: 'advertisements',
  eventTypes: ADVERTISEMENT_EVENT_TYPES,
  tables: ['advertisements'],
  setupSql: `CREATE TABLE IF NOT EXISTS advertisements (
      advertisement_id text PRIMARY KEY, position bigint NOT NULL, title text NOT NULL, link_url text, valid_from date NOT NULL, valid_to date NOT NULL,
      status text NOT NULL, image_file_id text NOT NULL, image_media_type text NOT NULL, image_size bigint NOT NULL, image_width integer NOT NULL,
      image_height integer NOT NULL, created_at timestamptz NOT NULL, changed_at timestamptz NOT NULL, revision integer NOT NULL);
    CREATE INDEX IF NOT EXISTS advertisements_newest ON advertisements (created_at DESC, position DESC);
    CREATE INDEX IF NOT EXISTS advertisements_current ON advertisements (status, valid_from, valid_to);
    -- The admin list's other orders and its status filter, each read from an index (a page costs the same at any size).
    CREATE INDEX IF NOT EXISTS advertisements_by_status ON advertisements (status, created_at DESC, position DESC);
    CREATE INDEX IF NOT EXISTS advertisements_by_title ON advertisements (title, position);
    CREATE INDEX IF NOT EXISTS advertisements_by_valid_from ON advertisements (valid_from, position);
    CREATE INDEX IF NOT EXISTS advertisements_by_valid_to ON advertisements (valid_to, position);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as AdvertisementEvent;
      const id = event.data.advertisementId;
      const at = stored.metadata.recordedAt;
      switch (event.type) {
        case 'AdvertisementCreated': {
          const { title, linkUrl, validFrom, validTo, image } = event.data;
          await db.query(
            `INSERT INTO advertisements (advertisement_id, position, title, link_url, valid_from, valid_to, status, image_file_id, image_media_type, image_size,
               image_width, image_height, created_at, changed_at, revision)
             VALUES ($1, $2, $3, $4, $5, $6, 'draft', $7, $8, $9, $10, $11, $12, $12, $13) ON CONFLICT (advertisement_id) DO NOTHING`,
            [
              id,
              stored.globalPosition,
              title,
              linkUrl,
              validFrom,
              validTo,
              image.fileId,
              image.mediaType,
              image.size,
              image.width,
              image.height,
              at,
              stored.revision,
            ],
          );
          break;
        }
        case 'AdvertisementEdited':
          await db.query(
            'UPDATE advertisements SET title = $2, link_url = $3, valid_from = $4, valid_to = $5, changed_at = $6, revision = $7 WHERE advertisement_id = $1',
            [id, event.data.title, event.data.linkUrl, event.data.validFrom, event.data.validTo, at, stored.revision],
          );
          break;
        case 'AdvertisementImageReplaced': {
          const { image } = event.data;
          await db.query(
            'UPDATE advertisements SET image_file_id = $2, image_media_type = $3, image_size = $4, image_width = $5, image_height = $6, changed_at = $7, revision = $8 WHERE advertisement_id = $1',
            [id, image.fileId, image.mediaType, image.size, image.width, image.height, at, stored.revision],
          );
          break;
        }
        case 'AdvertisementPublished':
        case 'AdvertisementWithdrawn':
          await db.query('UPDATE advertisements SET status = $2, changed_at = $3, revision = $4 WHERE advertisement_id = $1', [
            id,
            event.type === 'AdvertisementPublished' ? 'published' : 'withdrawn',
            at,
            stored.revision,
          ]);
          break;
      }
    }
  },
};
