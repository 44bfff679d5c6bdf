// Stock movements of a company's project (signed-in-area.md §2.5 "stock in, out, transfer, adjustment"),
// each through the stock machine (§4.10): recorded pending, confirmed or rejected (VerifyLevel1), cancelled,
// and received in part or in full. The on-hand changes each step makes are decided here, against the
// project's whole ledger, and recorded with the step: never below zero. See README.md here.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type WorkflowEventName } from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { invalidParameter, listFilter } from '../common/list-query.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { isUuid } from '../common/uuid.js';
import { machineStep } from '../companies/company-admin.decider.js';
import { canSee, fold } from '../documents/document-loader.js';
import { documentStreamId } from '../documents/document.state.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { INVENTORY_WRITE, ownProject, readerCompany, stockActor, writable } from './inventory-access.js';
import {
  STOCK_LEDGER_STREAM_TYPE,
  STOCK_MOVEMENT_KINDS,
  stockLedgerStream,
  type StockEntry,
  type StockLedgerEvent,
  type StockMovementRecorded,
} from './inventory.events.js';
import { parseMovement, parseReceipt } from './stock-movement-input.js';
import { drawnOnOrder, foldLedger, fromMilli, onHandKey, toMilli, type Ledger, type MovementState } from './stock-ledger.js';

/** The delivery order statuses whose goods reached the site: confirmed by the other side, and after. */
const RECEIVABLE_ORDER = ['confirmed', 'fulfilled', 'invoiced'];
const ACTIONS = ['Confirm', 'Reject', 'Cancel', 'Receive'] as const;
const STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled', 'partial', 'fully'];

type MovementRow = {
  movement_id: string;
  position: string | number;
  project_id: string;
  movement_no: string;
  kind: string;
  status: string;
  from_location_id: string | null;
  to_location_id: string | null;
  from_name: string | null;
  to_name: string | null;
  delivery_order_id: string | null;
  reason: string;
  lines: { lineNo: number; productId: string; quantity: string; orderLineNo?: number }[];
  received: Record<string, string>;
  created_at: Date | string;
  created_by_name: string | null;
  updated_at: Date | string;
};

const MOVEMENT_SELECT = `SELECT m.*, f.name AS from_name, t.name AS to_name, u.name AS created_by_name FROM stock_movements m
  LEFT JOIN site_locations f ON f.location_id = m.from_location_id LEFT JOIN site_locations t ON t.location_id = m.to_location_id
  LEFT JOIN identity_users u ON u.user_id = m.created_by`;

const movementView = (row: MovementRow) => ({
  id: row.movement_id,
  movementNo: row.movement_no,
  projectId: row.project_id,
  kind: row.kind,
  status: row.status,
  fromLocationId: row.from_location_id,
  fromLocationName: row.from_name,
  toLocationId: row.to_location_id,
  toLocationName: row.to_name,
  deliveryOrderId: row.delivery_order_id,
  reason: row.reason,
  lines: row.lines.map((line) => ({ ...line, received: row.received[String(line.lineNo)] ?? '0.000' })),
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by_name,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const notFound = () => refusal(404, ErrorCodes.stockMovementNotFound, 'There is no such stock movement in this project.');

/** 422 stockBelowZero when the entries would take any product below zero at a site location. */
function checkNotBelowZero(ledger: Ledger, entries: readonly StockEntry[]): void {
  const after = new Map<string, number>();
  for (const entry of entries) {
    const key = onHandKey(entry.productId, entry.locationId);
    after.set(key, (after.get(key) ?? ledger.onHand.get(key) ?? 0) + toMilli(entry.delta));
    const quantity = after.get(key)!;
    if (quantity < 0)
      throw refusal(422, ErrorCodes.stockBelowZero, 'This would take the on-hand quantity below zero.', {
        productId: entry.productId,
        locationId: entry.locationId,
        onHand: fromMilli(ledger.onHand.get(key) ?? 0),
      });
  }
}

/** What a step does to the on-hand quantities: Confirm takes out (utilisation, transfer) or corrects (adjustment); a Cancel after it puts that back. */
function confirmEntries(movement: Pick<StockMovementRecorded, 'kind' | 'lines' | 'fromLocationId' | 'toLocationId'>): StockEntry[] {
  if (movement.kind === 'receive') return [];
  if (movement.kind === 'adjustment')
    return movement.lines.map((line) => ({ productId: line.productId, locationId: movement.toLocationId!, delta: line.quantity }));
  return movement.lines.map((line) => ({
    productId: line.productId,
    locationId: movement.fromLocationId!,
    delta: fromMilli(-toMilli(line.quantity)),
  }));
}

@Injectable()
export class StockMovements {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** Records a movement: pending (the stock machine's Create, CreatePropose on stock in the project). */
  async record(principal: Principal, projectId: string, body: unknown) {
    writable(principal);
    const companyId = companyOf(principal, ...INVENTORY_WRITE);
    await ownProject(this.db, companyId, projectId);
    const input = parseMovement(body);
    await this.checkReferences(companyId, projectId, input);
    const ledger = await this.ledger(projectId);
    if (input.kind === 'receive') await this.checkDeliveryOrder(companyId, projectId, input, ledger);
    // Judged again at Confirm, where it takes effect; refused now already when it could not pass then.
    checkNotBelowZero(ledger, confirmEntries(input));
    const actor = await stockActor(this.db, principal, companyId, projectId);
    const change = machineStep('stock', null, 'Create', actor, this.now().toISOString());
    const movementId = randomUUID();
    const recorded: StockMovementRecorded = {
      movementId,
      movementNo: `STK-${String(ledger.movements.size + 1).padStart(4, '0')}`,
      companyId,
      projectId,
      ...input,
      by: principal.userId,
    };
    const events: StockLedgerEvent[] = [
      { type: 'StockMovementRecorded', data: recorded },
      { type: 'StockMovementStatusChanged', data: { movementId, change, entries: [] } },
    ];
    await this.append(projectId, ledger, events, principal, companyId, input.reason || `${input.kind} ${recorded.movementNo}`);
    return { success: true as const, id: movementId, movementNo: recorded.movementNo, status: change.statusAfter };
  }

  /** Confirm, Reject { remark }, Cancel { remark }, Receive { lines?: [{ lineNo, quantity }] } (receipt and transfer only). */
  async act(principal: Principal, projectId: string, movementId: string, action: string, body: unknown) {
    writable(principal);
    const companyId = companyOf(principal, ...INVENTORY_WRITE);
    await ownProject(this.db, companyId, projectId);
    if (!(ACTIONS as readonly string[]).includes(action))
      throw refusal(404, ErrorCodes.notFound, `A stock movement has no action ${action}: ${ACTIONS.join(', ')}.`);
    const ledger = await this.ledger(projectId);
    const movement = isUuid(movementId) ? ledger.movements.get(movementId) : undefined;
    if (!movement) throw notFound();
    const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as { remark?: unknown };
    const remark = typeof input.remark === 'string' ? input.remark.trim().slice(0, 500) : '';
    const actor = await stockActor(this.db, principal, companyId, projectId);
    const at = this.now().toISOString();
    let event: WorkflowEventName = action === 'Receive' ? 'Receive_Part' : (action as WorkflowEventName);
    // The machine judges the status and the level first (a wrong status is 409 before any quantity is read).
    machineStep('stock', movement.workflow, event, actor, at, remark || undefined);
    let entries: StockEntry[] = [];
    let received: { lineNo: number; quantity: string }[] | undefined;
    if (action === 'Confirm') entries = confirmEntries(movement);
    else if (action === 'Cancel') entries = movement.confirmed.map((e) => ({ ...e, delta: fromMilli(-toMilli(e.delta)) }));
    else if (action === 'Receive') {
      if (movement.kind !== 'receive' && movement.kind !== 'transfer')
        throw refusal(409, 'wrongStatus', `A ${movement.kind} has nothing to receive.`);
      ({ entries, received, event } = this.receipt(movement, parseReceipt(body)));
    }
    checkNotBelowZero(ledger, entries);
    const change = machineStep('stock', movement.workflow, event, actor, at, remark || undefined);
    await this.append(
      projectId,
      ledger,
      [{ type: 'StockMovementStatusChanged', data: { movementId, change, entries, ...(received ? { received } : {}) } }],
      principal,
      companyId,
      remark || `${event} ${movement.movementNo}`,
    );
    return { success: true as const, id: movementId, movementNo: movement.movementNo, status: change.statusAfter };
  }

  /** Newest first, keyset; `filter.kind`, `filter.status`. */
  async list(principal: Principal, projectId: string, query: Record<string, unknown>) {
    const companyId = readerCompany(principal);
    await ownProject(this.db, companyId, projectId);
    const filter = listFilter(query.filter);
    const { after, limit } = keysetQuery(query);
    const params: unknown[] = [projectId];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    const where = ['m.project_id = $1'];
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'kind') {
        if (typeof value !== 'string' || !(STOCK_MOVEMENT_KINDS as readonly string[]).includes(value))
          throw invalidParameter('filter.kind', `one of ${STOCK_MOVEMENT_KINDS.join(', ')}`);
        where.push(`m.kind = ${param(value)}`);
      } else if (key === 'status') {
        if (typeof value !== 'string' || !STATUSES.includes(value))
          throw invalidParameter('filter.status', `one of ${STATUSES.join(', ')}`);
        where.push(`m.status = ${param(value)}`);
      } else throw invalidParameter(`filter.${key}`, 'unknown filter');
    }
    if (after) {
      if (!/^\d{1,15}$/.test(after[0])) return { items: [], next: null };
      where.push(`m.position < ${param(Number(after[0]))}`);
    }
    const rows = await this.db.query<MovementRow>(
      `${MOVEMENT_SELECT} WHERE ${where.join(' AND ')} ORDER BY m.position DESC LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(rows, limit, movementView, (row) => [String(row.position), row.movement_id]);
  }

  /** One movement with its lines (product code, name and unit), what was received of each, and its history: who, when, what, why, and what it did to the on-hand quantities. */
  async view(principal: Principal, projectId: string, movementId: string) {
    const companyId = readerCompany(principal);
    await ownProject(this.db, companyId, projectId);
    if (!isUuid(movementId)) throw notFound();
    const [row] = await this.db.query<MovementRow>(`${MOVEMENT_SELECT} WHERE m.movement_id = $1 AND m.project_id = $2`, [
      movementId,
      projectId,
    ]);
    if (!row) throw notFound();
    const products = await this.productsOf(
      companyId,
      row.lines.map((line) => line.productId),
    );
    const events = await this.store.readStream(stockLedgerStream(projectId));
    const steps = events.filter(
      (e) => e.type === 'StockMovementStatusChanged' && (e.data as { movementId: string }).movementId === movementId,
    );
    const names = await this.userNames(steps.map((e) => (e.data as { change: { actor: { userId: string } } }).change.actor.userId));
    const history = steps.map((e) => {
      const data = e.data as Extract<StockLedgerEvent, { type: 'StockMovementStatusChanged' }>['data'];
      return {
        event: data.change.workflowEvent,
        statusBefore: data.change.statusBefore,
        statusAfter: data.change.statusAfter,
        at: data.change.at,
        by: names.get(data.change.actor.userId) ?? null,
        remark: data.change.remark,
        entries: data.entries,
        received: data.received ?? [],
      };
    });
    const view = movementView(row);
    return {
      ...view,
      lines: view.lines.map((line) => ({
        ...line,
        productCode: products.get(line.productId)?.code ?? null,
        productName: products.get(line.productId)?.name ?? null,
        unit: products.get(line.productId)?.unit ?? null,
      })),
      history,
    };
  }

  /**
   * On-hand quantities per product and site location (not zero), by product and location id, keyset;
   * `asOf` (a date: the end of that day, Malaysia time; or a date and time): as they were then, from the entries.
   */
  async onHand(principal: Principal, projectId: string, query: Record<string, unknown>) {
    const companyId = readerCompany(principal);
    await ownProject(this.db, companyId, projectId);
    const { after, limit } = keysetQuery(query, 50, 200);
    const asOf = parseAsOf(query.asOf);
    const filter = listFilter(query.filter);
    const params: unknown[] = [projectId, companyId];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    const where = ['q.project_id = $1'];
    for (const [key, value] of Object.entries(filter)) {
      if (key !== 'productId' && key !== 'locationId') throw invalidParameter(`filter.${key}`, 'unknown filter');
      if (typeof value !== 'string') throw invalidParameter(`filter.${key}`, 'must be text');
      where.push(`q.${key === 'productId' ? 'product_id' : 'location_id'} = ${param(value)}`);
    }
    if (after) where.push(`(q.product_id, q.location_id) > (${param(after[0])}, ${param(after[1])})`);
    const source = asOf
      ? `(SELECT project_id, product_id, location_id, sum(delta) AS quantity FROM stock_entries WHERE project_id = $1 AND recorded_at <= ${param(asOf)}
          GROUP BY project_id, product_id, location_id)`
      : 'stock_on_hand';
    const rows = await this.db.query<{
      product_id: string;
      location_id: string;
      quantity: string;
      code: string | null;
      name: string | null;
      unit: string | null;
      location_name: string | null;
    }>(
      `SELECT q.product_id, q.location_id, q.quantity::text AS quantity, c.code, c.name, c.unit, l.name AS location_name FROM ${source} q
       LEFT JOIN catalogue_items c ON c.company_id = $2 AND c.item_id = q.product_id LEFT JOIN site_locations l ON l.location_id = q.location_id
       WHERE ${where.join(' AND ')} AND q.quantity <> 0 ORDER BY q.product_id, q.location_id LIMIT ${limit + 1}`,
      params,
    );
    const page = keysetPage(
      rows,
      limit,
      (row) => ({
        productId: row.product_id,
        productCode: row.code,
        productName: row.name,
        unit: row.unit,
        locationId: row.location_id,
        locationName: row.location_name,
        quantity: fromMilli(toMilli(row.quantity)),
      }),
      (row) => [row.product_id, row.location_id],
    );
    return { ...page, asOf };
  }

  private receipt(movement: MovementState, asked: { lineNo: number; quantity: number }[] | null) {
    const remaining = new Map(
      movement.lines.map((line) => [line.lineNo, toMilli(line.quantity) - (movement.received.get(line.lineNo) ?? 0)]),
    );
    const lines = asked ?? [...remaining].filter(([, left]) => left > 0).map(([lineNo, quantity]) => ({ lineNo, quantity }));
    const fields: Record<string, string[]> = {};
    const taken = new Map<number, number>();
    lines.forEach((line, index) => {
      const left = remaining.get(line.lineNo);
      if (left === undefined) fields[`lines[${index}].lineNo`] = ['not a line of this movement'];
      else {
        taken.set(line.lineNo, (taken.get(line.lineNo) ?? 0) + line.quantity);
        if (taken.get(line.lineNo)! > left) fields[`lines[${index}].quantity`] = [`at most ${fromMilli(left)} remains`];
      }
    });
    if (Object.keys(fields).length > 0)
      throw refusal(422, ErrorCodes.stockAboveRemaining, 'More than remains to receive on a line.', { fields });
    const byLine = new Map(movement.lines.map((line) => [line.lineNo, line]));
    const entries = lines.map((line) => ({
      productId: byLine.get(line.lineNo)!.productId,
      locationId: movement.toLocationId!,
      delta: fromMilli(line.quantity),
    }));
    const complete = [...remaining].every(([lineNo, left]) => (taken.get(lineNo) ?? 0) === left);
    return {
      entries,
      received: lines.map((line) => ({ lineNo: line.lineNo, quantity: fromMilli(line.quantity) })),
      event: (complete ? 'Receive_All' : 'Receive_Part') as WorkflowEventName,
    };
  }

  /** Products are the company's active catalogue products; locations its own, company-wide or of this project. */
  private async checkReferences(companyId: string, projectId: string, input: ReturnType<typeof parseMovement>) {
    const fields: Record<string, string[]> = {};
    const products = await this.productsOf(
      companyId,
      input.lines.map((line) => line.productId),
      true,
    );
    input.lines.forEach((line, index) => {
      if (!products.has(line.productId)) fields[`lines[${index}].productId`] = ['not a product of the catalogue'];
    });
    for (const [name, id] of [
      [input.kind === 'adjustment' ? 'locationId' : 'toLocationId', input.toLocationId],
      ['fromLocationId', input.fromLocationId],
    ] as const) {
      if (id === null) continue;
      const [found] = isUuid(id)
        ? await this.db.query(
            'SELECT 1 FROM site_locations WHERE location_id = $1 AND company_id = $2 AND (project_id IS NULL OR project_id = $3)',
            [id, companyId, projectId],
          )
        : [];
      if (!found) fields[name] = ['not a site location of the company or this project'];
    }
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  }

  /** A receipt draws on a delivery order of this project the company sees, confirmed (or later), within each line's delivered quantity. */
  private async checkDeliveryOrder(companyId: string, projectId: string, input: ReturnType<typeof parseMovement>, ledger: Ledger) {
    const orderId = input.deliveryOrderId!;
    const order = isUuid(orderId) ? fold(await this.store.readStream(documentStreamId('deliveryOrder', orderId))) : null;
    if (
      !order ||
      !canSee(order, companyId) ||
      order.fields.projectId !== projectId ||
      !RECEIVABLE_ORDER.includes(String(order.workflow.status))
    )
      throw refusal(422, ErrorCodes.deliveryOrderNotReceivable, 'Stock is received from a confirmed delivery order of this project.', {
        fields: { deliveryOrderId: ['a confirmed delivery order of this project'] },
      });
    const drawn = drawnOnOrder(ledger, orderId);
    const asked = new Map<number, number>();
    const fields: Record<string, string[]> = {};
    input.lines.forEach((line, index) => {
      const orderLine = order.fields.items.find((item) => item.lineNo === line.orderLineNo);
      if (!orderLine) return void (fields[`lines[${index}].orderLineNo`] = ['not a line of the delivery order']);
      const delivered = toMilli(orderLine.deliveredQuantity ?? orderLine.quantity);
      asked.set(orderLine.lineNo, (asked.get(orderLine.lineNo) ?? 0) + toMilli(line.quantity));
      const left = delivered - (drawn.get(orderLine.lineNo) ?? 0);
      if (asked.get(orderLine.lineNo)! > left)
        fields[`lines[${index}].quantity`] = [`at most ${fromMilli(Math.max(left, 0))} remains on the order line`];
    });
    if (Object.keys(fields).length > 0)
      throw refusal(422, ErrorCodes.stockAboveRemaining, 'More than remains to receive of the delivery order.', { fields });
  }

  private async productsOf(companyId: string, ids: string[], activeOnly = false) {
    const rows = await this.db.query<{ item_id: string; code: string; name: string; unit: string }>(
      `SELECT item_id, code, name, unit FROM catalogue_items WHERE company_id = $1 AND kind = 'product' AND item_id = ANY($2::text[])${activeOnly ? " AND status = 'active'" : ''}`,
      [companyId, [...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.item_id, row]));
  }

  private async userNames(ids: string[]) {
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }

  private async ledger(projectId: string): Promise<Ledger> {
    return foldLedger(await this.store.readStream(stockLedgerStream(projectId)));
  }

  private append(projectId: string, ledger: Ledger, events: StockLedgerEvent[], principal: Principal, companyId: string, reason: string) {
    return this.store.append({
      streamId: stockLedgerStream(projectId),
      streamType: STOCK_LEDGER_STREAM_TYPE,
      expectedRevision: ledger.revision,
      events: events.map((e) => ({
        type: e.type,
        data: e.data as unknown as JsonValue,
        metadata: { actorUserId: principal.userId, actorCompanyId: companyId, reason },
      })),
    });
  }
}

/** `?asOf=2026-03-02` (the end of that day in Malaysia, UTC+8) or an ISO date and time; absent: now. */
function parseAsOf(raw: unknown): string | null {
  if (raw === undefined || raw === '') return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const end = Date.parse(`${text}T23:59:59.999+08:00`);
    if (!Number.isNaN(end)) return new Date(end).toISOString();
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))) return new Date(Date.parse(text)).toISOString();
  throw invalidParameter('asOf', 'a date (YYYY-MM-DD) or an ISO date and time');
}
