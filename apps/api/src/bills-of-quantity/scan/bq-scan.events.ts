// A BQ scan (spec §2.5 "bill of quantity with OCR scan import, computer only", §2.6 target
// /project/{projectId}/bill-of-quantity-scan-list): its own stream `bq-scan-<uuid>` (type `bqScan`).
// Statuses (the spec names none for scans): reading -> pendingReview -> imported | discarded; reading ->
// failed when the page gives no text. Every change is an event with who and when (the store's metadata).
import type { BqImportRow } from '@binaan/contracts';

export const BQ_SCAN_STREAM_TYPE = 'bqScan';
export const bqScanStream = (scanId: string) => `bq-scan-${scanId}`;

export const BqScanStatuses = ['reading', 'pendingReview', 'imported', 'failed', 'discarded'] as const;
export type BqScanStatus = (typeof BqScanStatuses)[number];

export type ScanField = 'title' | 'description' | 'unit' | 'quantity' | 'rate' | 'amount';

/** A row as read (or as the reviewer corrected it); quantity and rate are canonical decimals when they read cleanly. */
export type BqScanRow = BqImportRow & {
  page: number;
  /** Where on the page (pixels at the OCR's resolution), so a reviewer can find it on the scan. */
  top: number;
  /** The printed amount, checked against quantity x rate; not imported (the BQ computes its own). */
  amount: string | null;
  /** The lowest word confidence of the row (0-100). */
  confidence: number;
  problems: { field: ScanField | 'type' | null; code: string }[];
};

export type BqScanUploaded = { projectId: string; companyId: string; fileName: string; mediaType: string; size: number; device: string };
export type BqScanRead = { pages: number; rows: BqScanRow[] };
export type BqScanFailed = { reason: string };
export type BqScanRowsEdited = { rows: BqScanRow[] };
export type BqScanImported = { tab: string; rows: number; result: Record<string, unknown> };
export type BqScanDiscarded = { remark: string | null };

export type BqScanEvent =
  | { type: 'BqScanUploaded'; data: BqScanUploaded }
  | { type: 'BqScanRead'; data: BqScanRead }
  | { type: 'BqScanFailed'; data: BqScanFailed }
  | { type: 'BqScanRowsEdited'; data: BqScanRowsEdited }
  | { type: 'BqScanImported'; data: BqScanImported }
  | { type: 'BqScanDiscarded'; data: BqScanDiscarded };

export type BqScanState = {
  projectId: string;
  companyId: string;
  fileName: string;
  mediaType: string;
  status: BqScanStatus;
  pages: number;
  rows: BqScanRow[];
  failure: string | null;
  importedTo: string | null;
};

export function evolveScan(state: BqScanState | null, event: BqScanEvent): BqScanState | null {
  switch (event.type) {
    case 'BqScanUploaded':
      return {
        projectId: event.data.projectId,
        companyId: event.data.companyId,
        fileName: event.data.fileName,
        mediaType: event.data.mediaType,
        status: 'reading',
        pages: 0,
        rows: [],
        failure: null,
        importedTo: null,
      };
    case 'BqScanRead':
      return state && { ...state, status: 'pendingReview', pages: event.data.pages, rows: event.data.rows };
    case 'BqScanFailed':
      return state && { ...state, status: 'failed', failure: event.data.reason };
    case 'BqScanRowsEdited':
      return state && { ...state, rows: event.data.rows };
    case 'BqScanImported':
      return state && { ...state, status: 'imported', importedTo: event.data.tab };
    case 'BqScanDiscarded':
      return state && { ...state, status: 'discarded' };
  }
}

export const foldScan = (events: readonly { type: string; data: unknown }[]): BqScanState | null =>
  events.reduce<BqScanState | null>((state, e) => evolveScan(state, e as BqScanEvent), null);
