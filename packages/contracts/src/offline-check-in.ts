// The organizer's offline scanner (apps/api/src/certificates/offline-check-in): the ticket list a scanner
// keeps, the batch of scans it sends from its queue, and the scans recorded.
import type { FailedScanReason, ScanResult } from './certificates-api.js';

export type ScanDirectionName = 'checkIn' | 'checkOut';

/** One ticket as a scanner keeps it: never the ticket code itself, only its SHA-256 (hex). */
export type ScannerTicket = {
  registration_id: string;
  name: string;
  ticket_digest: string;
  checked_in_at: string | null;
  checked_out_at: string | null;
};
export type ScannerListReply = {
  success: true;
  article_id: string;
  title: string;
  published: boolean;
  tickets: ScannerTicket[];
  /** Keyset paging by registration id: ask again with `after=next` while `more`. */
  more: boolean;
  next: string | null;
  fetched_at: string;
};

/** A scan made on a device, sent from its queue (possibly more than once). */
export type QueuedScan = { scanId: string; direction: ScanDirectionName; code: string; scannedAt: string; deviceId: string };
export type ScanBatchBody = { scans: QueuedScan[] };

export type ScanBatchResult = {
  scan_id: string;
  /** What the scan meant once merged with every scan recorded: its own result, or why it changed nothing. */
  result: ScanResult | FailedScanReason | 'scanIdReused';
  /** True when this scan id was recorded before (a batch sent again): nothing new was written. */
  duplicate: boolean;
  registration_id: string;
  name: string;
  tx_id: string;
  scanned_at: string;
  recorded_at: string;
  /** The device's time was ahead of the server's: scanned_at is the time it was recorded. */
  clamped: boolean;
};
export type ScanBatchReply = { success: true; results: ScanBatchResult[]; inside: number };

export type RecordedScan = {
  tx_id: string;
  scan_id: string | null;
  direction: ScanDirectionName;
  registration_id: string;
  name: string;
  scanned_at: string;
  recorded_at: string;
  device_id: string | null;
  by: string;
};
export type RecordedScansReply = { success: true; scans: RecordedScan[]; more: boolean; next: string | null };
