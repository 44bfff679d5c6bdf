// An upload taken from a request into the file store with every check, and a stored file sent back as a
// download: the one way every context (tendering's attachments, a company's files) receives and serves a
// file. The checks run while the bytes stream: the name (X-File-Name, sanitised to its last path part), the
// declared length, the size as it is counted, the first bytes (programs refused, a declared PDF / image /
// Office file must start as one, and what the caller's `accept` refuses), so nothing of a refused file is kept.
import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { refusal } from '../common/refusal.js';
import { ATTACHMENT_LIMIT, attachmentBody } from './file-bodies.js';
import { declaredType, fileName, judgeFile } from './file-kinds.js';
import { FileTooLarge, type FileStore } from './file-store.port.js';

/** What the store kept of an upload: its id (= SHA-256), name, media type (judged), size. */
export type ReceivedFile = { fileId: string; sha256: string; name: string; mediaType: string; size: number };

type Headers = Record<string, string | string[] | undefined>;

export type ReceiveOptions = {
  /** Bytes left of the caller's total. */
  room: number;
  /** The error when the file would pass the total. */
  totalTooLarge: () => Error;
  /** Most bytes one file may have (50 MB unless smaller). */
  maxBytes?: number;
  /** The caller's own rule on the judged media type: an error refuses the file before the rest is stored. */
  accept?: (mediaType: string, name: string) => Error | null;
  /**
   * The company's room left of its package's storage, and its refusal given the bytes the file would add (the
   * declared length, or the count where the stream was stopped when no length was declared). Checked after
   * the file's own limit and the caller's total, so those refusals keep their codes.
   */
  storage?: { room: number; refuse: (adding: number) => Error };
};

/** Reads the rest of a body the route will not take, so the reply is not cut off by a reset. */
export function drain(body: unknown): void {
  if (body !== null && typeof body === 'object' && typeof (body as Readable).resume === 'function') (body as Readable).resume();
}

export const fileTooLarge = (limit = ATTACHMENT_LIMIT) =>
  refusal(413, 'fileTooLarge', `A file may be at most ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit} bytes`}.`);

/**
 * Streams the request's file into the store. Refusals: 400 validationFailed (no X-File-Name), 413 fileTooLarge
 * or the caller's total error, 415 fileExpected, attachmentExecutable, attachmentTypeMismatch, or the
 * caller's `accept`. Nothing is kept of a refused file.
 */
export async function receiveFile(files: FileStore, body: unknown, headers: Headers, options: ReceiveOptions): Promise<ReceivedFile> {
  const name = fileName(headers['x-file-name']);
  if (name === null) {
    drain(body);
    throw refusal(400, 'validationFailed', 'Name the file in X-File-Name (URI-encoded, 1 to 200 characters).', {
      fields: { name: ['fileNameRequired'] },
    });
  }
  const stream = attachmentBody(body);
  const perFile = Math.min(options.maxBytes ?? ATTACHMENT_LIMIT, ATTACHMENT_LIMIT);
  const declared = declaredType(String(headers['x-file-type'] ?? headers['content-type'] ?? ''));
  const length = Number(headers['content-length']);
  const storageRoom = options.storage?.room ?? Number.POSITIVE_INFINITY;
  if (Number.isFinite(length) && length > Math.min(options.room, perFile, storageRoom)) {
    stream.resume();
    if (length > perFile) throw fileTooLarge(perFile);
    throw length > options.room ? options.totalTooLarge() : options.storage!.refuse(length);
  }
  let mediaType = 'application/octet-stream';
  const check = (head: Buffer) => {
    const verdict = judgeFile(name, declared, head);
    if (!verdict.ok) throw refusal(415, verdict.code, verdict.message);
    const refused = options.accept?.(verdict.mediaType, name);
    if (refused) throw refused;
    mediaType = verdict.mediaType;
  };
  const maxBytes = Math.max(0, Math.min(perFile, options.room, storageRoom));
  try {
    const stored = await files.put(stream, { maxBytes, check });
    return { fileId: stored.id, sha256: stored.sha256, name, mediaType, size: stored.size };
  } catch (error) {
    if (!(error instanceof FileTooLarge)) throw error;
    if (maxBytes >= perFile) throw fileTooLarge(perFile);
    if (storageRoom < Math.min(perFile, options.room)) throw options.storage!.refuse(maxBytes + 1);
    throw options.totalTooLarge();
  }
}

/** The sum of the files' sizes. */
export const totalSize = (files: Iterable<{ size: number }>) => [...files].reduce((sum, file) => sum + file.size, 0);

/** A file as a download: always an attachment (never shown inline), with its recorded type, nosniff. */
export async function downloadOf(
  files: FileStore,
  file: { fileId: string; name: string; mediaType: string },
  reply: { header(name: string, value: string): unknown },
  notKept: () => Error,
): Promise<StreamableFile> {
  const stored = await files.get(file.fileId);
  if (stored === null) throw notKept();
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-store');
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new StreamableFile(stored.stream, {
    type: file.mediaType,
    length: stored.size,
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
}
