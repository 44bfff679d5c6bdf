// The live signal of a BQ: every change recorded on a project's BQ stream, by any API process (the live
// log reads the whole log, at most 50 ms behind), goes to the server-sent-event streams open on that BQ
// (GET /api/bill-of-quantity/<projectId>/live). Each message is one change as `/changes` gives it, with
// its revision as the SSE id, so a client that reconnects asks for the changes after the last id it saw.
import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '@binaan/event-store';
import { LiveLog } from '../store/live-log.js';
import { BQ_STREAM_TYPE } from './bq.events.js';
import { toChange, type BqChange } from './bq-queries.js';

export type BqListener = (changes: readonly BqChange[]) => void;

@Injectable()
export class BqLive {
  private readonly listeners = new Map<string, Set<BqListener>>();

  constructor(liveLog: LiveLog) {
    liveLog.listen((events) => this.deliver(events));
  }

  /** Listens to one BQ's changes; returns the function that stops it. */
  listen(projectId: string, listener: BqListener): () => void {
    const streamId = `${BQ_STREAM_TYPE}-${projectId}`;
    const set = this.listeners.get(streamId) ?? new Set();
    set.add(listener);
    this.listeners.set(streamId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(streamId);
    };
  }

  /** Open streams (tests and the bench read it). */
  openCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private deliver(events: readonly StoredEvent[]): void {
    if (this.listeners.size === 0) return;
    const byStream = new Map<string, BqChange[]>();
    for (const event of events) {
      if (event.streamType !== BQ_STREAM_TYPE || !this.listeners.has(event.streamId)) continue;
      byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), toChange(event)]);
    }
    for (const [streamId, changes] of byStream) for (const listener of this.listeners.get(streamId) ?? []) listener(changes);
  }
}
