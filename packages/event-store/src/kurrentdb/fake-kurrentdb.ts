// A KurrentDB server in memory for the adapter's specs (no server can run here): the subset of the real
// client the adapter uses, with the client's own error classes, events kept as the client hands them to the
// server (so a spec sees the bytes KurrentDB would store), and a queue of failures to throw on purpose.
// Test support only: not exported by the package.

import { WrongExpectedVersionError, type AppendResult, type END, type START } from '@eventstore/db-client';
import type { KurrentDbClient } from './kurrentdb-event-store.js';

export type Recorded = {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  isJson: true;
  position: { commit: bigint; prepare: bigint };
};

/** Streams in memory, the subset of the client the adapter uses, and a queue of failures to throw. */
export function fakeKurrentDb() {
  const all: Recorded[] = [];
  const streams = new Map<string, Recorded[]>();
  const failures: { method: string; error: Error; afterWrite?: boolean }[] = [];
  let position = 100n;
  const fail = (method: string, afterWrite = false) => {
    const index = failures.findIndex((failure) => failure.method === method && !!failure.afterWrite === afterWrite);
    if (index >= 0) throw failures.splice(index, 1)[0]!.error;
  };
  async function* iterate(events: Recorded[]) {
    for (const event of events) yield { event, commitPosition: event.position.commit };
  }
  const client = {
    async appendToStream(streamName: string, events: unknown, options: { expectedRevision: bigint | string }) {
      fail('append');
      const list = streams.get(streamName) ?? [];
      const current = list.length === 0 ? 'no_stream' : BigInt(list.length - 1);
      const expected = options.expectedRevision;
      if (expected !== 'any' && expected !== current)
        throw new WrongExpectedVersionError(undefined, { streamName, expected: expected as bigint, current: current });
      for (const event of (Array.isArray(events) ? events : [events]) as {
        id?: string;
        type: string;
        data: unknown;
        metadata?: unknown;
      }[]) {
        position += 10n;
        const recorded: Recorded = {
          id: event.id ?? `auto-${position}`,
          type: event.type,
          streamId: streamName,
          revision: BigInt(list.length),
          data: event.data,
          metadata: event.metadata,
          isJson: true,
          position: { commit: position, prepare: position },
        };
        list.push(recorded);
        all.push(recorded);
      }
      streams.set(streamName, list);
      fail('append', true);
      return { success: true } as unknown as AppendResult;
    },
    readStream(streamName: string, options: { fromRevision: bigint | typeof END; direction: string; maxCount?: number }) {
      fail('read');
      const list = streams.get(streamName);
      if (!list) {
        return (async function* () {
          yield* [];
          throw Object.assign(new Error('stream not found'), { type: 'stream-not-found' });
        })();
      }
      const events = options.direction === 'backwards' ? [...list].reverse() : list.slice(Number(options.fromRevision));
      return iterate(events.slice(0, options.maxCount ?? events.length));
    },
    readAll(options: { fromPosition: typeof START | typeof END | { commit: bigint }; direction: string; maxCount?: number }) {
      fail('readAll');
      const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : 0n;
      const events = options.direction === 'backwards' ? [...all].reverse() : all.filter((event) => event.position.commit >= from);
      return iterate(events.slice(0, options.maxCount ?? events.length));
    },
    async dispose() {},
  };
  return { client: client as unknown as KurrentDbClient, failures, streams };
}
