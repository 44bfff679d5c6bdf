// A view of a shared store that holds only the streams under one prefix, as if the store were empty
// before: how the contract suite runs against a KurrentDB server that cannot be emptied between tests.

import { pagesOf } from '../read-all-pages.js';
import type { AppendRequest, EventStore, ReadAllOptions, ReadAllPage, StoredEvent, StoreStats } from '../types.js';

export function scopeStore(inner: EventStore, prefix: string): EventStore {
  const strip = (event: StoredEvent): StoredEvent => ({ ...event, streamId: event.streamId.slice(prefix.length) });
  const mine = (event: StoredEvent) => event.streamId.startsWith(prefix);
  const readAll = async (options: ReadAllOptions = {}): Promise<ReadAllPage> => {
    const limit = options.limit ?? 1000;
    let after = options.after ?? 0;
    const events: StoredEvent[] = [];
    for (;;) {
      const page = await inner.readAll({ after, limit });
      for (const event of page.events) {
        if (mine(event) && events.length < limit) events.push(strip(event));
      }
      after = events.length === limit ? events[events.length - 1]!.globalPosition : page.nextAfter;
      if (page.isEnd || events.length === limit)
        return {
          events,
          nextAfter: events.length ? events[events.length - 1]!.globalPosition : after,
          isEnd: page.isEnd && events.length < limit,
        };
    }
  };
  const everything = async () => {
    const all: StoredEvent[] = [];
    for (let after = 0; ;) {
      const page = await readAll({ after, limit: 1000 });
      all.push(...page.events);
      after = page.nextAfter;
      if (page.isEnd) return all;
    }
  };
  return {
    kind: inner.kind,
    append: async (request: AppendRequest) => {
      const result = await inner.append({ ...request, streamId: prefix + request.streamId });
      return { ...result, streamId: request.streamId, events: result.events.map(strip) };
    },
    readStream: async (streamId, options) => (await inner.readStream(prefix + streamId, options)).map(strip),
    streamHead: async (streamId) => {
      const head = await inner.streamHead(prefix + streamId);
      return head && { ...head, streamId };
    },
    readAll,
    readAllPages: (options) => pagesOf(readAll, options),
    lastPosition: async () => (await everything()).at(-1)?.globalPosition ?? 0,
    subscribe: (options) =>
      inner.subscribe({
        ...options,
        name: prefix + options.name,
        handler: async (events) => {
          const scoped = events.filter(mine).map(strip);
          if (scoped.length) await options.handler(scoped);
        },
      }),
    verifyStream: async (streamId) => ({ ...(await inner.verifyStream(prefix + streamId)), streamId }),
    listStreams: async (after = '', limit = 1000) =>
      [...new Set((await everything()).map((e) => e.streamId))]
        .sort()
        .filter((id) => id > after)
        .slice(0, limit),
    stats: async (): Promise<StoreStats> => {
      const all = await everything();
      const byType = new Map<string, Set<string>>();
      const counts = new Map<string, number>();
      for (const event of all) {
        byType.set(event.streamType, (byType.get(event.streamType) ?? new Set()).add(event.streamId));
        counts.set(event.streamType, (counts.get(event.streamType) ?? 0) + 1);
      }
      const byStreamType = [...byType]
        .sort()
        .map(([streamType, streams]) => ({ streamType, streams: streams.size, events: counts.get(streamType)! }));
      return {
        store: inner.kind,
        events: all.length,
        streams: byStreamType.reduce((s, r) => s + r.streams, 0),
        lastPosition: all.at(-1)?.globalPosition ?? 0,
        byStreamType,
      };
    },
    close: () => inner.close(),
  };
}
