// Replays to a past point (`?revision=`, `?asOf=`) of long documents: folded states are kept every
// SNAPSHOT_EVERY revisions as replays pass them (least recently used streams out first), so a replay
// reads and folds at most that many events after the nearest one. Events are never changed, so a state
// at a revision stays what it was; a snapshot is used only when every event up to it falls inside the
// asked point (revision, and recording time: each snapshot keeps the latest recording time it folded),
// so the result is the fold of exactly the events the point selects.
import type { StoredEvent } from '@binaan/event-store';
import { fold } from './document-loader.js';
import type { DocumentState } from './document.state.js';
import { Lru } from '../common/lru.js';

const SNAPSHOT_EVERY = 100;
const STREAMS_KEPT = 200;

type Snapshot = { state: DocumentState; latestAt: string };
export type ReplayPoint = { toRevision?: number; toTime?: Date };

export class DocumentSnapshots {
  private readonly byStream = new Lru<string, Snapshot[]>(STREAMS_KEPT);

  /** The latest snapshot every event of which the point selects (undefined: replay from the start). */
  nearest(streamId: string, point: ReplayPoint): Snapshot | undefined {
    const time = point.toTime?.toISOString();
    let best: Snapshot | undefined;
    for (const snapshot of this.byStream.get(streamId) ?? []) {
      if (point.toRevision !== undefined && snapshot.state.revision > point.toRevision) continue;
      if (time !== undefined && snapshot.latestAt > time) continue;
      if (!best || snapshot.state.revision > best.state.revision) best = snapshot;
    }
    return best;
  }

  /** Folds `events` onto `from` (the nearest snapshot), keeping a snapshot at each multiple it passes. */
  replay(streamId: string, from: Snapshot | undefined, events: readonly StoredEvent[]): DocumentState | null {
    let latestAt = from?.latestAt ?? '';
    const kept = this.byStream.get(streamId) ?? [];
    const before = kept.length;
    let seen = 0;
    const state = fold(events, from?.state ?? null, (folded, event) => {
      // The latest recording time of every event up to this one (those before the Create included).
      for (; seen < events.length && events[seen]!.revision <= event.revision; seen++) {
        if (events[seen]!.metadata.recordedAt > latestAt) latestAt = events[seen]!.metadata.recordedAt;
      }
      if ((event.revision + 1) % SNAPSHOT_EVERY === 0 && !kept.some((s) => s.state.revision === event.revision))
        kept.push({ state: folded, latestAt });
    });
    if (kept.length > before) this.byStream.set(streamId, kept);
    return state;
  }
}
