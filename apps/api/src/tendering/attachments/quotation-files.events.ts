// A quotation's attached files: stream `tenderQuotationFiles-<tenderId>-<sellerCompanyId>` (type
// `tenderQuotationFiles`), beside the quotation's own stream so that attaching a file changes neither the
// quotation's revision (its If-Match) nor its history of priced versions. Each attach and remove is an
// event with who (and, in the metadata, when); the file's bytes are in the file store, never here.
import type { StoredEvent } from '@binaan/event-store';
import type { AttachedFile, FileOnRecord } from './attached-files.js';

export type QuotationFileAttached = AttachedFile & { tenderId: string; sellerCompanyId: string };
export type QuotationFileRemoved = { tenderId: string; sellerCompanyId: string; attachmentId: string; by: string };

export type QuotationFilesEvent =
  { type: 'QuotationFileAttached'; data: QuotationFileAttached } | { type: 'QuotationFileRemoved'; data: QuotationFileRemoved };

export const QUOTATION_FILES_STREAM_TYPE = 'tenderQuotationFiles';
export const quotationFilesStream = (tenderId: string, sellerCompanyId: string) =>
  `${QUOTATION_FILES_STREAM_TYPE}-${tenderId}-${sellerCompanyId}`;

/** The files attached now (removed ones left out), oldest first. */
export function foldQuotationFiles(events: readonly StoredEvent[]): Map<string, FileOnRecord> {
  const files = new Map<string, FileOnRecord>();
  for (const event of events) {
    if (event.type === 'QuotationFileAttached') {
      const d = event.data as unknown as QuotationFileAttached;
      files.set(d.attachmentId, {
        attachmentId: d.attachmentId,
        fileId: d.fileId,
        sha256: d.sha256,
        name: d.name,
        mediaType: d.mediaType,
        size: d.size,
        by: d.by,
        attachedAt: event.metadata.recordedAt,
      });
    } else if (event.type === 'QuotationFileRemoved') {
      files.delete((event.data as unknown as QuotationFileRemoved).attachmentId);
    }
  }
  return files;
}
