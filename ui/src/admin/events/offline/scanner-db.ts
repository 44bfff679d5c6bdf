// What the door's scanner keeps in the browser (IndexedDB), so that it goes on checking tickets with no
// network: per event the tickets (registration id, name, SHA-256 of the ticket code, the state last known),
// the signing keys last published, when the list was fetched and when the queue last synced; the queue of
// scans not yet sent; and the device's id. A small wrapper over IndexedDB: three stores, get, put, delete.
import type { QueuedScan, ScannerTicket } from '@binaan/contracts';

const DB_NAME = 'binaan-door-scanner';
const VERSION = 1;

export type KeptTicket = ScannerTicket & { key: string; article_id: string };
export type KeptScan = QueuedScan & { article_id: string; registration_id: string | null; made: number };
export type KeptEvent = {
  article_id: string;
  title: string;
  fetched_at: string | null;
  last_sync: string | null;
  keys: unknown;
};

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('tickets', { keyPath: 'key' }).createIndex('article', 'article_id');
      db.createObjectStore('queue', { keyPath: 'scanId' }).createIndex('article', 'article_id');
      db.createObjectStore('events', { keyPath: 'article_id' });
      db.createObjectStore('device');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opened;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

export const ticketKey = (articleId: string, digest: string) => `${articleId}:${digest}`;

/** This browser's device id, made once (a UUID). */
export async function deviceId(): Promise<string> {
  const db = await open();
  const kept: unknown = await done(db.transaction('device').objectStore('device').get('id'));
  if (typeof kept === 'string') return kept;
  const made = crypto.randomUUID();
  const tx = db.transaction('device', 'readwrite');
  tx.objectStore('device').put(made, 'id');
  await finished(tx);
  return made;
}

export async function ticketsOf(articleId: string): Promise<KeptTicket[]> {
  const db = await open();
  return done(db.transaction('tickets').objectStore('tickets').index('article').getAll(articleId)) as Promise<KeptTicket[]>;
}

/** Replaces the event's tickets with a fresh list (a registration gone from the list is gone here too). */
export async function keepTickets(articleId: string, tickets: readonly ScannerTicket[]): Promise<void> {
  const db = await open();
  const tx = db.transaction('tickets', 'readwrite');
  const store = tx.objectStore('tickets');
  const old = (await done(store.index('article').getAllKeys(articleId))) as string[];
  const fresh = new Set(tickets.map((t) => ticketKey(articleId, t.ticket_digest)));
  for (const key of old) if (!fresh.has(key)) store.delete(key);
  for (const t of tickets) store.put({ ...t, key: ticketKey(articleId, t.ticket_digest), article_id: articleId } satisfies KeptTicket);
  await finished(tx);
}

export async function queueOf(articleId: string): Promise<KeptScan[]> {
  const db = await open();
  const all = (await done(db.transaction('queue').objectStore('queue').index('article').getAll(articleId))) as KeptScan[];
  return all.sort((a, b) => a.made - b.made);
}

export async function enqueue(scan: KeptScan): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  tx.objectStore('queue').put(scan);
  await finished(tx);
}

export async function dequeue(scanIds: readonly string[]): Promise<void> {
  const db = await open();
  const tx = db.transaction('queue', 'readwrite');
  for (const id of scanIds) tx.objectStore('queue').delete(id);
  await finished(tx);
}

export async function eventOf(articleId: string): Promise<KeptEvent | null> {
  const db = await open();
  return ((await done(db.transaction('events').objectStore('events').get(articleId))) as KeptEvent | undefined) ?? null;
}

export async function keepEvent(event: KeptEvent): Promise<void> {
  const db = await open();
  const tx = db.transaction('events', 'readwrite');
  tx.objectStore('events').put(event);
  await finished(tx);
}
