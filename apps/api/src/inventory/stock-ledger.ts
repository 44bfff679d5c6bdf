// The stock ledger of one project folded in memory (pure): each movement's state (the stock machine's, the
// lines, what was received of each and the on-hand entries its confirmation made), and the on-hand quantity
// per product and site location after every movement. The service decides against this fold and appends at
// its revision, so two movements judged at once cannot both take the last of a product.
import type { StoredEvent } from '@binaan/event-store';
import { evolve, type WorkflowState } from '@binaan/workflows';
import type { StockEntry, StockLedgerEvent, StockMovementRecorded } from './inventory.events.js';

/** Quantities are counted in thousandths (the 3 places of the decimal text). */
export const QUANTITY = /^-?\d{1,9}(\.\d{1,3})?$/;
export const toMilli = (text: string): number => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return negative ? -milli : milli;
};
export const fromMilli = (milli: number): string => {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
};

export type MovementState = StockMovementRecorded & {
  workflow: WorkflowState<'stock'>;
  /** Received so far per line number (thousandths). */
  received: Map<number, number>;
  /** The entries its Confirm made (a Cancel after it puts them back). */
  confirmed: StockEntry[];
  createdAt: string;
};

export type Ledger = {
  movements: Map<string, MovementState>;
  onHand: Map<string, number>;
  revision: number | 'no_stream';
};

export const onHandKey = (productId: string, locationId: string) => `${productId} ${locationId}`;

export function applyEntries(onHand: Map<string, number>, entries: readonly StockEntry[]): void {
  for (const entry of entries) {
    const key = onHandKey(entry.productId, entry.locationId);
    onHand.set(key, (onHand.get(key) ?? 0) + toMilli(entry.delta));
  }
}

export function foldLedger(events: readonly StoredEvent[]): Ledger {
  const ledger: Ledger = { movements: new Map(), onHand: new Map(), revision: 'no_stream' };
  for (const stored of events) {
    ledger.revision = stored.revision;
    const event = { type: stored.type, data: stored.data } as StockLedgerEvent;
    if (event.type === 'StockMovementRecorded') {
      ledger.movements.set(event.data.movementId, {
        ...event.data,
        workflow: null as unknown as WorkflowState<'stock'>,
        received: new Map(),
        confirmed: [],
        createdAt: stored.metadata.recordedAt,
      });
    } else if (event.type === 'StockMovementStatusChanged') {
      const movement = ledger.movements.get(event.data.movementId);
      if (!movement) continue;
      const { change, entries, received } = event.data;
      movement.workflow = evolve<'stock'>(movement.workflow ?? null, change);
      if (change.workflowEvent === 'Confirm') movement.confirmed = entries;
      for (const line of received ?? [])
        movement.received.set(line.lineNo, (movement.received.get(line.lineNo) ?? 0) + toMilli(line.quantity));
      applyEntries(ledger.onHand, entries);
    }
  }
  return ledger;
}

/** The movements (of the ledger) that still count against a delivery order's lines: not cancelled or rejected. */
export function drawnOnOrder(ledger: Ledger, deliveryOrderId: string, except?: string): Map<number, number> {
  const drawn = new Map<number, number>();
  for (const movement of ledger.movements.values()) {
    if (movement.deliveryOrderId !== deliveryOrderId || movement.movementId === except) continue;
    if (movement.workflow.status === 'cancelled' || movement.workflow.status === 'rejected') continue;
    for (const line of movement.lines) {
      const orderLine = line.orderLineNo ?? line.lineNo;
      drawn.set(orderLine, (drawn.get(orderLine) ?? 0) + toMilli(line.quantity));
    }
  }
  return drawn;
}
