// LISTEN on one dedicated connection (a pooled one cannot hold a LISTEN). A lost connection is opened
// again after a pause, and the listener is called once then, because notifications sent while it was
// down are gone: the subscriptions read the log and find whatever they missed.

import pg from 'pg';

const RECONNECT_AFTER_MS = 1000;

/** `own`: the payload this process's NOTIFYs carry; those are not passed on (the process knows its own appends). */
export async function listenForChanges(config: pg.ClientConfig, channel: string, onNotify: () => void, own?: string): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(config);
    next.on('notification', (message) => {
      if (own === undefined || message.payload !== own) onNotify();
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_AFTER_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
  };

  const reconnect = async () => {
    retry = null;
    try {
      await connect();
      onNotify();
    } catch {
      if (!stopped && !retry) retry = setTimeout(() => void reconnect(), RECONNECT_AFTER_MS);
    }
  };

  await connect().catch(() => {
    if (!stopped && !retry) retry = setTimeout(() => void reconnect(), RECONNECT_AFTER_MS);
  });
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
