// The door's scanner with or without network. Opening it fetches the event's tickets (digests of the ticket
// codes, names, state) and the published signing keys and keeps them in IndexedDB; each scan is decided at
// once on the device, queued with an id made here (a UUID) and the device's scan time, and sent in batches
// (POST /api/article/{id}/scans) whenever the network is there: at once, when the browser says it is back
// online, and every 10 s while scans wait. The server records each scan id once, so sending again is safe.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FailedScanReason, ScanBatchReply, ScanDirectionName, ScannerListReply, ScanResult } from '@binaan/contracts';
import { ApiError } from '../../../shared/api/client.js';
import { adminJson, errorCodeOf } from '../../providers/admin-request.js';
import {
  dequeue,
  deviceId,
  enqueue,
  eventOf,
  keepEvent,
  keepTickets,
  queueOf,
  ticketsOf,
  type KeptScan,
  type KeptTicket,
} from './scanner-db.js';
import { attendanceOf, insideOf, localResult, sha256Hex, type LocalScan } from './scanner-state.js';

const BATCH = 200;
const RETRY_MS = 10_000;

export type LocalOutcome = { result: ScanResult | FailedScanReason; name: string; inside: number };
export type ScannerStatus = {
  online: boolean;
  waiting: number;
  lastSync: string | null;
  fetchedAt: string | null;
  tickets: number;
  syncError: string | null;
  storageError: boolean;
};

const asLocal = (queue: readonly KeptScan[]): LocalScan[] =>
  queue.filter((q) => q.registration_id).map((q) => ({ registration_id: q.registration_id!, direction: q.direction, at: q.scannedAt }));

/** Folds scans the server has recorded into the tickets' kept state (until the next fetch replaces it). */
function settle(tickets: KeptTicket[], sent: readonly KeptScan[]): KeptTicket[] {
  return tickets.map((t) => {
    const a = attendanceOf(t, asLocal(sent));
    return a.in === t.checked_in_at && a.out === t.checked_out_at ? t : { ...t, checked_in_at: a.in, checked_out_at: a.out };
  });
}

export function useOfflineScanner(articleId: string, onSynced: () => void) {
  const [status, setStatus] = useState<ScannerStatus>({
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    waiting: 0,
    lastSync: null,
    fetchedAt: null,
    tickets: 0,
    syncError: null,
    storageError: false,
  });
  const tickets = useRef<KeptTicket[]>([]);
  const queue = useRef<KeptScan[]>([]);
  const device = useRef<string>('');
  const syncing = useRef(false);
  const onSyncedRef = useRef(onSynced);
  onSyncedRef.current = onSynced;
  const patch = (next: Partial<ScannerStatus>) => setStatus((s) => ({ ...s, ...next }));

  const fetchTickets = useCallback(async () => {
    const all: ScannerListReply['tickets'] = [];
    let after: string | null = null;
    let fetchedAt = '';
    let title = '';
    do {
      const page: ScannerListReply = await adminJson<ScannerListReply>(
        `/api/article/${encodeURIComponent(articleId)}/scanner-tickets${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      );
      all.push(...page.tickets);
      fetchedAt ||= page.fetched_at;
      title = page.title;
      after = page.more ? page.next : null;
    } while (after);
    // The published keys, kept beside the tickets (public, at the site root); not needed to check tickets.
    const keys: unknown = await fetch('/.well-known/jwks.json')
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    await keepTickets(articleId, all);
    const kept = await eventOf(articleId);
    await keepEvent({
      article_id: articleId,
      title,
      fetched_at: fetchedAt,
      last_sync: kept?.last_sync ?? null,
      keys: keys ?? kept?.keys ?? null,
    });
    // Scans still waiting are laid over the fresh state (the server has not seen them yet).
    tickets.current = await ticketsOf(articleId);
    patch({ fetchedAt, tickets: tickets.current.length });
  }, [articleId]);

  const sync = useCallback(async () => {
    if (syncing.current || queue.current.length === 0 || !navigator.onLine) return;
    syncing.current = true;
    try {
      while (queue.current.length > 0) {
        const batch = queue.current.slice(0, BATCH);
        await adminJson<ScanBatchReply>(`/api/article/${encodeURIComponent(articleId)}/scans`, {
          body: {
            scans: batch.map(({ scanId, direction, code, scannedAt, deviceId: id }) => ({
              scanId,
              direction,
              code,
              scannedAt,
              deviceId: id,
            })),
          },
        });
        tickets.current = settle(tickets.current, batch);
        await keepTickets(articleId, tickets.current);
        await dequeue(batch.map((s) => s.scanId));
        const sent = new Set(batch.map((s) => s.scanId));
        queue.current = queue.current.filter((s) => !sent.has(s.scanId));
        const lastSync = new Date().toISOString();
        const kept = await eventOf(articleId);
        if (kept) await keepEvent({ ...kept, last_sync: lastSync });
        patch({ waiting: queue.current.length, lastSync, syncError: null });
      }
      onSyncedRef.current();
      await fetchTickets().catch(() => undefined);
    } catch (error) {
      // No answer (network gone): wait for it. A refusal is shown, and the scans stay queued.
      patch({ syncError: error instanceof ApiError && error.status === 0 ? null : errorCodeOf(error) });
    } finally {
      syncing.current = false;
    }
  }, [articleId, fetchTickets]);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        device.current = await deviceId();
        tickets.current = await ticketsOf(articleId);
        queue.current = await queueOf(articleId);
        const kept = await eventOf(articleId);
        if (!live) return;
        patch({
          waiting: queue.current.length,
          lastSync: kept?.last_sync ?? null,
          fetchedAt: kept?.fetched_at ?? null,
          tickets: tickets.current.length,
        });
        if (navigator.onLine) await fetchTickets().catch(() => undefined);
        await sync();
      } catch {
        if (live) patch({ storageError: true });
      }
    })();
    const online = () => {
      patch({ online: true });
      void sync();
    };
    const offline = () => patch({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    const timer = setInterval(() => void sync(), RETRY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(timer);
    };
  }, [articleId, fetchTickets, sync]);

  /** Decides the scan here and now, queues it, and sends the queue if the network is there. */
  const scan = useCallback(
    async (text: string, direction: ScanDirectionName): Promise<LocalOutcome> => {
      const code = text.trim();
      const digest = await sha256Hex(code);
      let ticket = tickets.current.find((t) => t.ticket_digest === digest);
      // Registered after the list was fetched: ask again when the network is there.
      if (!ticket && navigator.onLine) {
        await fetchTickets().catch(() => undefined);
        ticket = tickets.current.find((t) => t.ticket_digest === digest);
      }
      const scans = asLocal(queue.current);
      const result = ticket ? localResult(attendanceOf(ticket, scans), direction) : 'unknownTicket';
      const queued: KeptScan = {
        scanId: crypto.randomUUID(),
        direction,
        code,
        scannedAt: new Date().toISOString(),
        deviceId: device.current || (await deviceId()),
        article_id: articleId,
        registration_id: ticket?.registration_id ?? null,
        made: Date.now(),
      };
      await enqueue(queued);
      queue.current = [...queue.current, queued];
      patch({ waiting: queue.current.length });
      void sync();
      return { result, name: ticket?.name ?? '-', inside: insideOf(tickets.current, asLocal(queue.current)) };
    },
    [articleId, fetchTickets, sync],
  );

  return { status, scan };
}
