// Files attached to a quotation or to the query board: what the events record of a file (never its
// bytes), the upload taken from a request into the file store with every check, and the download reply.
// Limits (spec §9 "File upload: 50 MB each, 1 GB total"): 50 MB a file; 1 GB for the files attached at
// once to one quotation, or to one question with its answer (removed files do not count).
import { refusal } from '../../common/refusal.js';
import type { StreamableFile } from '@nestjs/common';
import { downloadOf as download, drain, receiveFile as receive, totalSize } from '../../files/file-upload.js';
import type { FileStore } from '../../files/file-store.port.js';
import type { StorageRoom } from '../../subscriptions/storage/storage-cap.service.js';

export const ATTACHMENTS_TOTAL_LIMIT = 1024 * 1024 * 1024;

/** What an attach event records of a file. `fileId` is the store's id (its SHA-256). */
export type AttachedFile = {
  attachmentId: string;
  fileId: string;
  sha256: string;
  name: string;
  mediaType: string;
  size: number;
  by: string;
};
/** A file as listed: the event's record, when and by whom (the actor's name added by the reader). */
export type FileOnRecord = AttachedFile & { attachedAt: string };

type Headers = Record<string, string | string[] | undefined>;

export { drain, totalSize };

/**
 * Streams the request's file into the store (the files context's upload, `files/file-upload.ts`). `room`:
 * bytes left of the 1 GB; past it 413 attachmentsTotalTooLarge. `storage`: the company's room left of its
 * package's storage (past it 409 subscriptionLimit). Nothing is kept of a refused file.
 */
export function receiveFile(
  files: FileStore,
  body: unknown,
  headers: Headers,
  room: number,
  storage?: StorageRoom,
): Promise<Omit<AttachedFile, 'attachmentId' | 'by'>> {
  return receive(files, body, headers, { room, totalTooLarge, storage });
}

const totalTooLarge = () =>
  refusal(
    413,
    'attachmentsTotalTooLarge',
    `The files attached may be at most ${ATTACHMENTS_TOTAL_LIMIT / 1024 / 1024 / 1024} GB in all: remove one first.`,
  );

/** A file as a download: always an attachment (never shown inline), with its recorded type, nosniff. */
export function downloadOf(
  files: FileStore,
  file: AttachedFile,
  reply: { header(name: string, value: string): unknown },
): Promise<StreamableFile> {
  return download(files, file, reply, () => refusal(404, 'attachmentNotFound', 'The file is no longer kept.'));
}

/** The list reply of files: id, name, type, size, hash, when and by whom. */
export function listed(file: FileOnRecord, names: ReadonlyMap<string, string>) {
  return {
    attachmentId: file.attachmentId,
    name: file.name,
    mediaType: file.mediaType,
    size: file.size,
    sha256: file.sha256,
    attachedAt: file.attachedAt,
    attachedBy: file.by,
    attachedByName: names.get(file.by) ?? null,
  };
}
