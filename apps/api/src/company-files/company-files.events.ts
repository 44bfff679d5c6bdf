// A company's files: stream `companyFiles-<companyId>` (type `companyFiles`), beside the company's own stream
// so that an upload changes neither the registration's revision (its If-Match) nor its history. Each upload,
// new version, removal and expiry reminder is an event with who (and, in the metadata, when); the bytes are
// in the file store, never here.
import type { CompanyFileCategory } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import type { ReceivedFile } from '../files/file-upload.js';

export const COMPANY_FILES_STREAM_TYPE = 'companyFiles';
export const companyFilesStream = (companyId: string) => `${COMPANY_FILES_STREAM_TYPE}-${companyId}`;

/** The dates and number a version carries (a renewed certificate has new ones). */
export type DocumentDates = { referenceNo: string | null; issuedOn: string | null; expiresOn: string | null };

export type CompanyFileUploaded = DocumentDates & {
  companyId: string;
  documentId: string;
  category: CompanyFileCategory;
  title: string;
  file: ReceivedFile;
  by: string;
};
export type CompanyFileReplaced = DocumentDates & {
  companyId: string;
  documentId: string;
  category: CompanyFileCategory;
  version: number;
  file: ReceivedFile;
  by: string;
};
export type CompanyFileRemoved = { companyId: string; documentId: string; category: CompanyFileCategory; reason: string; by: string };
/** The reminder a month before `expiresOn`, sent once for that date (by the platform: `system:company-file-expiry`). */
export type CompanyFileExpiryReminderSent = { companyId: string; documentId: string; expiresOn: string; daysBefore: number };

export type CompanyFilesEvent =
  | { type: 'CompanyFileUploaded'; data: CompanyFileUploaded }
  | { type: 'CompanyFileReplaced'; data: CompanyFileReplaced }
  | { type: 'CompanyFileRemoved'; data: CompanyFileRemoved }
  | { type: 'CompanyFileExpiryReminderSent'; data: CompanyFileExpiryReminderSent };

export type VersionOnRecord = DocumentDates & { version: number; file: ReceivedFile; by: string; at: string };
export type HistoryOnRecord = {
  action: 'uploaded' | 'replaced' | 'removed' | 'expiryReminded';
  at: string;
  by: string | null;
  version: number | null;
  reason: string | null;
};

export type DocumentOnRecord = DocumentDates & {
  documentId: string;
  category: CompanyFileCategory;
  title: string;
  versions: VersionOnRecord[];
  history: HistoryOnRecord[];
  removed: { at: string; by: string; reason: string } | null;
  /** The expiry date a reminder was sent for (a new date is reminded again). */
  remindedFor: string | null;
};

/** Every document the company ever kept, in upload order (removed ones with their removal). */
export function foldCompanyFiles(events: readonly StoredEvent[]): Map<string, DocumentOnRecord> {
  const documents = new Map<string, DocumentOnRecord>();
  for (const event of events) {
    const at = event.metadata.recordedAt;
    const typed = { type: event.type, data: event.data } as unknown as CompanyFilesEvent;
    switch (typed.type) {
      case 'CompanyFileUploaded': {
        const d = typed.data;
        documents.set(d.documentId, {
          documentId: d.documentId,
          category: d.category,
          title: d.title,
          referenceNo: d.referenceNo,
          issuedOn: d.issuedOn,
          expiresOn: d.expiresOn,
          versions: [{ version: 1, file: d.file, by: d.by, at, referenceNo: d.referenceNo, issuedOn: d.issuedOn, expiresOn: d.expiresOn }],
          history: [{ action: 'uploaded', at, by: d.by, version: 1, reason: null }],
          removed: null,
          remindedFor: null,
        });
        break;
      }
      case 'CompanyFileReplaced': {
        const d = typed.data;
        const document = documents.get(d.documentId);
        if (!document) break;
        document.versions.push({
          version: d.version,
          file: d.file,
          by: d.by,
          at,
          referenceNo: d.referenceNo,
          issuedOn: d.issuedOn,
          expiresOn: d.expiresOn,
        });
        document.history.push({ action: 'replaced', at, by: d.by, version: d.version, reason: null });
        Object.assign(document, { referenceNo: d.referenceNo, issuedOn: d.issuedOn, expiresOn: d.expiresOn });
        break;
      }
      case 'CompanyFileRemoved': {
        const document = documents.get(typed.data.documentId);
        if (!document) break;
        document.removed = { at, by: typed.data.by, reason: typed.data.reason };
        document.history.push({ action: 'removed', at, by: typed.data.by, version: null, reason: typed.data.reason });
        break;
      }
      case 'CompanyFileExpiryReminderSent': {
        const document = documents.get(typed.data.documentId);
        if (!document) break;
        document.remindedFor = typed.data.expiresOn;
        document.history.push({ action: 'expiryReminded', at, by: null, version: null, reason: null });
        break;
      }
    }
  }
  return documents;
}

export const currentOf = (document: DocumentOnRecord) => document.versions[document.versions.length - 1]!;

/** The bytes the company's kept documents take now: each one's current version (old versions and removed documents not counted). */
export const bytesInUse = (documents: Iterable<DocumentOnRecord>) =>
  [...documents].filter((document) => document.removed === null).reduce((sum, document) => sum + currentOf(document).file.size, 0);
