// This process's view of the log as it grows: ONE live reader per API process (live-feed.ts: from the log's
// end at start, woken by this process's appends and, on PostgreSQL, by the other processes'), whose pages go
// to every listener in turn:
//  - the user channel pushes new notifications to this process's sockets;
//  - the document loader folds other processes' document events onto the states it keeps, so that with
//    API_WORKERS above 1 an action on a document another worker moved last finds its state current.
// A listener that fails makes the page come again to all of them (each is idempotent: a notification is
// pushed by id once per socket, a state folds an event only onto the revision before it).
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore, StoredEvent, Subscription } from '@binaan/event-store';
import { startLiveFeed } from './live-feed.js';
import { EVENT_STORE } from './store.tokens.js';

export type LiveLogListener = (events: readonly StoredEvent[]) => Promise<void> | void;

@Injectable()
export class LiveLog implements OnApplicationBootstrap {
  private readonly logger = new Logger('LiveLog');
  private readonly listeners = new Set<LiveLogListener>();
  private feed: Subscription | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Registers `listener` for every page read from now on (call it from a constructor: the feed starts at bootstrap). */
  listen(listener: LiveLogListener): void {
    this.listeners.add(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.feed = await startLiveFeed(
      this.store,
      (events) => this.deliver(events),
      (error) => this.logger.error(`live feed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** The log position this process's reader has delivered up to (null before bootstrap): for the lag metric. */
  position(): number | null {
    return this.feed?.position() ?? null;
  }

  /** Stops reading (StoreModule calls it before it closes the store). */
  async stop(): Promise<void> {
    await this.feed?.stop();
    this.feed = null;
  }

  private async deliver(events: readonly StoredEvent[]): Promise<void> {
    let failure: unknown = null;
    for (const listener of this.listeners) {
      try {
        await listener(events);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== null) throw failure;
  }
}
