// The port every stored document file goes through (quotation and question attachments). Files are content
// addressed: a file's id is the SHA-256 of its bytes (hex), so the same bytes are kept once and an event that
// names a file names exactly those bytes. Files are never in events: events hold the id, name, media type,
// size and hash. Two adapters: local disk under DATA_DIR (the default) and any S3-compatible store.
import type { Readable } from 'node:stream';

export const FILE_STORE = Symbol('FILE_STORE');

/** What the store kept: its id (= sha256), size, and the first bytes (to check the media type by them). */
export type StoredFile = { id: string; sha256: string; size: number; head: Buffer };

export type FileStore = {
  /**
   * Streams `source` into the store (never all in memory); rejects with FileTooLarge past `maxBytes` and keeps
   * nothing. `check` sees the file's first bytes (up to 64) as soon as they arrive: what it throws ends the put
   * the same way (e.g. an executable refused before the rest is written).
   */
  put(source: Readable, options: { maxBytes: number; check?: (head: Buffer) => void }): Promise<StoredFile>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(id: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the file; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Lets go of connections at shutdown. */
  close?(): void;
  /** Which adapter (the start-up banner and the health reply may say it). */
  readonly kind: 'disk' | 's3';
};

export class FileTooLarge extends Error {
  override readonly name = 'FileTooLarge';
  constructor(readonly maxBytes: number) {
    super(`A file may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`);
  }
}

/** A file id is a SHA-256 in lower-case hex: anything else names no file (and never reaches a path or a key). */
export const FILE_ID = /^[0-9a-f]{64}$/;
