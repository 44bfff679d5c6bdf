// Files on the query board, on the board's own stream (`tenderQueries-<tenderId>`): a seller's files on its
// question, the buyer's on its answer. Each attach and remove is an event with who (when: its metadata);
// the bytes are in the file store, never here.
import type { StoredEvent } from '@binaan/event-store';
import type { AttachedFile, FileOnRecord } from '../attachments/attached-files.js';

export type QueryFilePart = 'question' | 'answer';
export type TenderQueryFileAttached = AttachedFile & { tenderId: string; queryId: string; part: QueryFilePart };
export type TenderQueryFileRemoved = { tenderId: string; queryId: string; part: QueryFilePart; attachmentId: string; by: string };

export type QueryFilesEvent =
  { type: 'TenderQueryFileAttached'; data: TenderQueryFileAttached } | { type: 'TenderQueryFileRemoved'; data: TenderQueryFileRemoved };

export type QueryFile = FileOnRecord & { part: QueryFilePart };

/** One question's files now (removed ones left out), oldest first. */
export function foldQueryFiles(events: readonly StoredEvent[], queryId: string): QueryFile[] {
  const files = new Map<string, QueryFile>();
  for (const event of events) {
    if (event.type === 'TenderQueryFileAttached') {
      const d = event.data as unknown as TenderQueryFileAttached;
      if (d.queryId !== queryId) continue;
      files.set(d.attachmentId, {
        attachmentId: d.attachmentId,
        fileId: d.fileId,
        sha256: d.sha256,
        name: d.name,
        mediaType: d.mediaType,
        size: d.size,
        by: d.by,
        part: d.part,
        attachedAt: event.metadata.recordedAt,
      });
    } else if (event.type === 'TenderQueryFileRemoved') {
      const d = event.data as unknown as TenderQueryFileRemoved;
      if (d.queryId === queryId) files.delete(d.attachmentId);
    }
  }
  return [...files.values()];
}
