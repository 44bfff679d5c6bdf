// Event ids the store makes itself: UUID version 7 (RFC 9562), the time in milliseconds first, then 74
// random bits. The events table has a unique index on event_id; version 4 ids land on a random leaf of it
// each, and after every checkpoint the first write to a leaf puts a full 8 kB page image in the WAL: at a
// million events nearly every append did (EXPLAIN (ANALYZE, WAL): 4.6 to 7.2 kB of WAL per one-event
// append instead of about 1 kB). Ids in time order go to the right edge of the index, like positions.

import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

export function uuidV7(now: number = Date.now()): string {
  if (offset + 10 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.toString('hex', offset, offset + 10);
  offset += 10;
  const time = Math.max(0, Math.min(Math.floor(now), 0xffffffffffff))
    .toString(16)
    .padStart(12, '0');
  // Version 7 in the 13th hex digit; variant 10xx in the 17th.
  const variant = ((parseInt(random[3]!, 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}
