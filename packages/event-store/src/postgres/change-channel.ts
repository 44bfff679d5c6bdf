// LISTEN on one dedicated connection (a pooled one cannot hold a LISTEN). A lost connection is opened
// again after a pause, and the listener is called once then, because notifications sent while it was
// down are gone: the subscriptions read the log and find whatever they missed.

import pg from 'pg';

const RECONNECT_AFTER_MS = 1000;
/** PostgreSQL's NOTIFY payload must stay under 8,000 bytes; a longer list of types is sent as "not known". */
const MAX_PAYLOAD = 7000;
const PLAIN_TYPE = /^[^\s,]+$/;

/**
 * A notice's payload: the sender's id, then (after one space) the stream types appended, comma-separated.
 * Without types (none given, one holding a space or comma, or too many) the listener knows only "something".
 */
export function noticePayload(sender: string, streamTypes?: readonly string[]): string {
  if (!streamTypes || streamTypes.length === 0 || !streamTypes.every((type) => PLAIN_TYPE.test(type))) return sender;
  const payload = `${sender} ${streamTypes.join(',')}`;
  return payload.length <= MAX_PAYLOAD ? payload : sender;
}

/** [sender, stream types or undefined] of a payload made by noticePayload. */
export function readNotice(payload: string): [string, string[] | undefined] {
  const space = payload.indexOf(' ');
  if (space < 0) return [payload, undefined];
  return [payload.slice(0, space), payload.slice(space + 1).split(',')];
}

/** `own`: the payload this process's NOTIFYs carry; those are not passed on (the process knows its own appends). */
export async function listenForChanges(
  config: pg.ClientConfig,
  channel: string,
  onNotify: (streamTypes: readonly string[] | undefined) => void,
  own?: string,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(config);
    next.on('notification', (message) => {
      const [sender, streamTypes] = readNotice(message.payload ?? '');
      if (own === undefined || sender !== own) onNotify(streamTypes);
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
      onNotify(undefined);
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
