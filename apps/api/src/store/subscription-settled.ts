// Waiting for a catch-up subscription to handle everything in the log as it stands now: what tests and the
// demo wait on before reading what a reactor raised. One wait for every reactor of the api.
import type { EventStore, Subscription } from '@binaan/event-store';

/**
 * Resolves once `subscription` has handled every event in the log when called; throws naming `what` after
 * `timeoutMs`. A process that runs no reactors (`running` false) has nothing to wait for.
 */
export async function subscriptionSettled(
  store: EventStore,
  subscription: Pick<Subscription, 'position'> | null,
  running: boolean,
  what: string,
  timeoutMs: number,
): Promise<void> {
  if (!running) return;
  const target = await store.lastPosition();
  const deadline = Date.now() + timeoutMs;
  while ((subscription?.position() ?? 0) < target) {
    if (Date.now() > deadline) throw new Error(`${what} did not reach position ${target} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
