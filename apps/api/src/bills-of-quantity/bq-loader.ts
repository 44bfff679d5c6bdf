// The folded BQ of a project, kept in process (least recently used out first): a read or a change reads
// only the events after the revision kept. Changes to one BQ run one at a time in this process (`exclusive`),
// so the kept state is never folded twice; another API process's appends are met by the store's expected
// revision (the command catches up and decides again, see bq-commands.service.ts).
import { refusal } from '../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, StoredEvent } from '@binaan/event-store';
import { EVENT_STORE } from '../store/store.tokens.js';
import { Lru } from '../common/lru.js';
import { bqStreamId, type BqEvent } from './bq.events.js';
import { applyBqEvent, emptyBq, type BqState } from './bq-tree.js';
import { OneAtATime } from '../common/one-at-a-time.js';

const KEPT = 200;

/** Folds stored events onto `state` (mutated), skipping any at or before its revision. */
export function foldStored(state: BqState, events: readonly StoredEvent[]): BqState {
  for (const stored of events) {
    if (stored.revision !== state.revision + 1) continue;
    applyBqEvent(state, { type: stored.type, data: stored.data } as BqEvent, stored.revision, stored.metadata.recordedAt);
  }
  return state;
}

@Injectable()
export class BqLoader {
  private readonly states = new Lru<string, BqState>(KEPT);
  private readonly changes = new OneAtATime();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The BQ now (null: not started), caught up with the store. Callers must not change it. */
  async current(projectId: string): Promise<BqState | null> {
    const kept = this.states.get(projectId) ?? emptyBq(projectId);
    const events = await this.store.readStream(bqStreamId(projectId), { fromRevision: kept.revision + 1 });
    if (events.length > 0) foldStored(kept, events);
    if (kept.revision < 0) return null;
    this.states.set(projectId, kept);
    return kept;
  }

  /** The kept state without reading (null when none kept): a change appends on it and catches up if refused. */
  kept(projectId: string): BqState | null {
    return this.states.get(projectId) ?? null;
  }

  /** Folds events just appended onto the kept state. */
  appended(projectId: string, events: readonly StoredEvent[]): BqState {
    const state = this.states.get(projectId) ?? emptyBq(projectId);
    foldStored(state, events);
    this.states.set(projectId, state);
    return state;
  }

  forget(projectId: string): void {
    this.states.delete(projectId);
  }

  /** As it stood at a revision or a time (a fresh fold, never the kept state). */
  async asOf(projectId: string, point: { revision?: number; time?: Date }): Promise<BqState> {
    const events = await this.store.readStream(bqStreamId(projectId), {
      ...(point.revision !== undefined ? { toRevision: point.revision } : {}),
      ...(point.time ? { toTime: point.time } : {}),
    });
    if (events.length === 0) throw refusal(404, 'bqNotFound', 'The bill of quantity did not exist then.');
    return foldStored(emptyBq(projectId), events);
  }

  /** Runs `work` after every earlier change of the same BQ in this process. */
  exclusive<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.changes.run(projectId, work);
  }
}
