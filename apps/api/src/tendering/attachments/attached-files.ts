// Files attached to a quotation or to the query board: what the events record of a file (never its
// bytes), the upload taken from a request into the file store with every check, and the download reply.
// Limits (spec §9 "File upload: 50 MB each, 1 GB total"): 50 MB a file; 1 GB for the files attached at
// once to one quotation, or to one question with its answer (removed files do not count).
import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { ATTACHMENT_LIMIT, attachmentBody } from '../../files/file-bodies.js';
import { declaredType, fileName, judgeFile } from '../../files/file-kinds.js';
import { FileTooLarge, type FileStore } from '../../files/file-store.port.js';
import { TenderingRefused } from '../tendering.errors.js';

export const ATTACHMENTS_TOTAL_LIMIT = 1024 * 1024 * 1024;

/** What an attach event records of a file. `fileId` is the store's id (its SHA-256). */
export type AttachedFile = { attachmentId: string; fileId: string; sha256: string; name: string; mediaType: string; size: number; by: string };
/** A file as listed: the event's record, when and by whom (the actor's name added by the reader). */
export type FileOnRecord = AttachedFile & { attachedAt: string };

type Headers = Record<string, string | string[] | undefined>;

/** Reads the rest of a body the route will not take, so the reply is not cut off by a reset. */
export function drain(body: unknown): void {
  if (body !== null && typeof body === 'object' && typeof (body as Readable).resume === 'function') (body as Readable).resume();
}

/**
 * Streams the request's file into the store. `room`: bytes left of the 1 GB. Refusals: 400 validationFailed
 * (no X-File-Name), 413 fileTooLarge / attachmentsTotalTooLarge, 415 fileExpected, attachmentExecutable,
 * attachmentTypeMismatch. Nothing is kept of a refused file.
 */
export async function receiveFile(files: FileStore, body: unknown, headers: Headers, room: number): Promise<Omit<AttachedFile, 'attachmentId' | 'by'>> {
  const name = fileName(headers['x-file-name']);
  if (name === null) {
    drain(body);
    throw new TenderingRefused(400, 'validationFailed', 'Name the file in X-File-Name (URI-encoded, 1 to 200 characters).', { name: ['fileNameRequired'] });
  }
  const stream = attachmentBody(body);
  const declared = declaredType(String(headers['x-file-type'] ?? headers['content-type'] ?? ''));
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && length > Math.min(room, ATTACHMENT_LIMIT)) {
    stream.resume();
    throw length > ATTACHMENT_LIMIT ? fileTooLarge() : totalTooLarge();
  }
  let mediaType = 'application/octet-stream';
  const check = (head: Buffer) => {
    const verdict = judgeFile(name, declared, head);
    if (!verdict.ok) throw new TenderingRefused(415, verdict.code, verdict.message);
    mediaType = verdict.mediaType;
  };
  const maxBytes = Math.min(ATTACHMENT_LIMIT, room);
  try {
    const stored = await files.put(stream, { maxBytes, check });
    return { fileId: stored.id, sha256: stored.sha256, name, mediaType, size: stored.size };
  } catch (error) {
    if (error instanceof FileTooLarge) {
      if (maxBytes < ATTACHMENT_LIMIT) throw totalTooLarge();
      throw fileTooLarge();
    }
    throw error;
  }
}

const fileTooLarge = () => new TenderingRefused(413, 'fileTooLarge', `A file may be at most ${ATTACHMENT_LIMIT / 1024 / 1024} MB.`);
const totalTooLarge = () => new TenderingRefused(413, 'attachmentsTotalTooLarge', `The files attached may be at most ${ATTACHMENTS_TOTAL_LIMIT / 1024 / 1024 / 1024} GB in all: remove one first.`);

/** The sum of the files' sizes. */
export const totalSize = (files: Iterable<{ size: number }>) => [...files].reduce((sum, file) => sum + file.size, 0);

/** A file as a download: always an attachment (never shown inline), with its recorded type, nosniff. */
export async function downloadOf(files: FileStore, file: AttachedFile, reply: { header(name: string, value: string): unknown }): Promise<StreamableFile> {
  const stored = await files.get(file.fileId);
  if (stored === null) throw new TenderingRefused(404, 'attachmentNotFound', 'The file is no longer kept.');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-store');
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new StreamableFile(stored.stream, {
    type: file.mediaType, length: stored.size,
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  });
}

/** The list reply of files: id, name, type, size, hash, when and by whom. */
export function listed(file: FileOnRecord, names: ReadonlyMap<string, string>) {
  return {
    attachmentId: file.attachmentId, name: file.name, mediaType: file.mediaType, size: file.size, sha256: file.sha256,
    attachedAt: file.attachedAt, attachedBy: file.by, attachedByName: names.get(file.by) ?? null,
  };
}
