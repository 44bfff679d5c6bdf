// The live side of the log for this process (live-log.ts hands its pages on): a catch-up reader that starts
// at the log's end when the process starts and keeps no durable checkpoint (each process pushes to its own
// sockets and keeps its own states, so each reads for itself). It wakes on appends here and, on PostgreSQL, on any other API process's appends (the
// store's LISTEN/NOTIFY), and polls besides, so a lost wake-up costs at most the poll interval.
import {
  SqlEventStore,
  startCatchUpSubscription,
  type EventStore,
  type StoredEvent,
  type Subscription,
  type WakeSource,
} from '@binaan/event-store';

const POLL_MS = 500;
/**
 * Under a busy log (every append wakes every API process's feed) one read per 50 ms at most: the same
 * events in fewer pages, a bell at most 50 ms later (the bench: a third fewer queries per workflow action).
 */
const MIN_INTERVAL_MS = 50;

export async function startLiveFeed(
  store: EventStore,
  handler: (events: readonly StoredEvent[]) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<Subscription> {
  let position = await store.lastPosition();
  // On a SQL store the pages come from the log's end the process keeps for all its followers (the
  // notifications reactor and the approval queue read the same appends).
  const sqlStore = store instanceof SqlEventStore ? store : null;
  const wake: WakeSource = sqlStore ? sqlStore.wakeSource(MIN_INTERVAL_MS) : { onWake: () => () => undefined };
  return startCatchUpSubscription(
    { name: 'notifications-live', handler, pollIntervalMs: POLL_MS, minIntervalMs: MIN_INTERVAL_MS, pageSize: 1000, onError },
    sqlStore ? sqlStore.tailReader() : (after, limit) => store.readAll({ after, limit }),
    { load: async () => position, save: async (_name, next) => void (position = next) },
    wake,
  );
}
