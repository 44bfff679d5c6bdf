// The inventory context's streams. `siteLocation-<uuid>`: a company's site location (added, renamed,
// deleted). `stockLedger-<projectId>`: every stock movement of one project, in order: the movement as
// recorded, then each step of the stock machine with the on-hand changes it made (entries). One stream per
// project, so every movement is judged against all the project's movements before it (never below zero).
import type { WorkflowStatusChanged } from '@binaan/contracts';

export const SITE_LOCATION_STREAM_TYPE = 'siteLocation';
export const siteLocationStream = (locationId: string) => `${SITE_LOCATION_STREAM_TYPE}-${locationId}`;
export const STOCK_LEDGER_STREAM_TYPE = 'stockLedger';
export const stockLedgerStream = (projectId: string) => `${STOCK_LEDGER_STREAM_TYPE}-${projectId}`;

/** receive: from a delivery order into a site location; utilisation: out of a site location, used or issued; transfer: out of one location, in at another; adjustment: a count's correction, with a reason. */
export const STOCK_MOVEMENT_KINDS = ['receive', 'utilisation', 'transfer', 'adjustment'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** A movement's line: a catalogue product and a quantity (decimal text, 3 places; an adjustment's may be negative). */
export type StockLine = { lineNo: number; productId: string; quantity: string; orderLineNo?: number };
/** A change of the on-hand quantity of a product at a site location (decimal text, 3 places, signed). */
export type StockEntry = { productId: string; locationId: string; delta: string };

export type SiteLocationEvent =
  | { type: 'SiteLocationAdded'; data: { locationId: string; companyId: string; projectId: string | null; name: string; by: string } }
  | { type: 'SiteLocationRenamed'; data: { locationId: string; name: string; by: string } }
  | { type: 'SiteLocationDeleted'; data: { locationId: string; by: string } };

export type StockMovementRecorded = {
  movementId: string;
  movementNo: string;
  companyId: string;
  projectId: string;
  kind: StockMovementKind;
  fromLocationId: string | null;
  toLocationId: string | null;
  deliveryOrderId: string | null;
  reason: string;
  lines: StockLine[];
  by: string;
};

export type StockLedgerEvent =
  | { type: 'StockMovementRecorded'; data: StockMovementRecorded }
  | {
      type: 'StockMovementStatusChanged';
      data: {
        movementId: string;
        change: WorkflowStatusChanged<'stock'>;
        /** The on-hand changes of this step (none for most). */
        entries: StockEntry[];
        /** A receipt's quantities per line (Receive_Part, Receive_All). */
        received?: { lineNo: number; quantity: string }[];
      };
    };

export const SITE_LOCATION_EVENT_TYPES = ['SiteLocationAdded', 'SiteLocationRenamed', 'SiteLocationDeleted'] as const;
export const STOCK_LEDGER_EVENT_TYPES = ['StockMovementRecorded', 'StockMovementStatusChanged'] as const;
