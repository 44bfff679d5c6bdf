// Whole-store verification for auditors: every stream's hash chain, read in pages of stream ids (so a
// large store is never held in memory), with each broken stream named at its first bad revision. The same
// check as `npm run store -- verify`, over the API.
import type { EventStore } from '@binaan/event-store';

export type BrokenStream = { streamId: string; firstBadRevision: number | null; reason: string };
export type StoreVerification = { ok: boolean; streams: number; events: number; broken: BrokenStream[] };

export const STREAM_PAGE = 500;

export async function verifyStore(store: EventStore, pageSize = STREAM_PAGE): Promise<StoreVerification> {
  let after = '';
  let streams = 0;
  let events = 0;
  const broken: BrokenStream[] = [];
  for (;;) {
    const page = await store.listStreams(after, pageSize);
    for (const streamId of page) {
      const result = await store.verifyStream(streamId);
      streams += 1;
      events += result.eventsChecked;
      if (!result.ok)
        broken.push({
          streamId,
          firstBadRevision: result.firstBadRevision ?? null,
          reason: result.reason ?? 'the hash chain does not verify',
        });
    }
    if (page.length < pageSize) break;
    after = page[page.length - 1]!;
  }
  return { ok: broken.length === 0, streams, events, broken };
}
