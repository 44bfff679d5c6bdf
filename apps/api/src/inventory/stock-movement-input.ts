// What a stock movement is recorded with, checked for shape (400 validationFailed naming each field);
// what the fields refer to (products, site locations, the delivery order) is the service's to check.
import { ErrorCodes } from '@binaan/contracts';
import { refusal } from '../common/refusal.js';
import { STOCK_MOVEMENT_KINDS, type StockLine, type StockMovementKind } from './inventory.events.js';
import { fromMilli, QUANTITY, toMilli } from './stock-ledger.js';

export const MAX_LINES = 100;
export const REASON_MAX = 500;

export type MovementInput = {
  kind: StockMovementKind;
  fromLocationId: string | null;
  toLocationId: string | null;
  deliveryOrderId: string | null;
  reason: string;
  lines: StockLine[];
};

const object = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * `{ kind, fromLocationId, toLocationId, locationId, deliveryOrderId, reason, lines: [{ productId, quantity, orderLineNo }] }`:
 * receive needs toLocationId and deliveryOrderId (each line its orderLineNo); utilisation fromLocationId;
 * transfer both locations, not the same; adjustment locationId and a reason, quantities signed (not zero).
 */
export function parseMovement(body: unknown): MovementInput {
  const input = object(body);
  const fields: Record<string, string[]> = {};
  const problem = (name: string, message: string) => void (fields[name] ??= []).push(message);
  const kind = text(input.kind) as StockMovementKind;
  if (!STOCK_MOVEMENT_KINDS.includes(kind)) problem('kind', `one of ${STOCK_MOVEMENT_KINDS.join(', ')}`);
  const id = (name: string, needed: boolean) => {
    const value = text(input[name]);
    if (needed && value === '') problem(name, 'required');
    return needed && value !== '' ? value : null;
  };
  const fromLocationId = id('fromLocationId', kind === 'utilisation' || kind === 'transfer');
  const toLocationId = kind === 'adjustment' ? id('locationId', true) : id('toLocationId', kind === 'receive' || kind === 'transfer');
  const deliveryOrderId = id('deliveryOrderId', kind === 'receive');
  if (kind === 'transfer' && fromLocationId !== null && fromLocationId === toLocationId)
    problem('toLocationId', 'not the location it leaves');
  const reason = text(input.reason);
  if (kind === 'adjustment' && reason === '') problem('reason', 'required');
  if (reason.length > REASON_MAX) problem('reason', `at most ${REASON_MAX} characters`);
  const rawLines = Array.isArray(input.lines) ? input.lines : [];
  if (rawLines.length === 0) problem('lines', 'at least one line');
  if (rawLines.length > MAX_LINES) problem('lines', `at most ${MAX_LINES} lines`);
  const lines: StockLine[] = rawLines.slice(0, MAX_LINES).map((raw, index) => {
    const line = object(raw);
    const productId = text(line.productId);
    if (productId === '') problem(`lines[${index}].productId`, 'required');
    const quantityText = typeof line.quantity === 'number' ? String(line.quantity) : text(line.quantity);
    const valid = QUANTITY.test(quantityText);
    const milli = valid ? toMilli(quantityText) : 0;
    if (!valid) problem(`lines[${index}].quantity`, 'a number of at most 3 decimal places');
    else if (kind === 'adjustment' ? milli === 0 : milli <= 0)
      problem(`lines[${index}].quantity`, kind === 'adjustment' ? 'not zero' : 'more than zero');
    const orderLineNo = line.orderLineNo;
    if (kind === 'receive' && !(typeof orderLineNo === 'number' && Number.isInteger(orderLineNo) && orderLineNo > 0))
      problem(`lines[${index}].orderLineNo`, 'the delivery order line received');
    return {
      lineNo: index + 1,
      productId,
      quantity: fromMilli(milli),
      ...(kind === 'receive' ? { orderLineNo: orderLineNo as number } : {}),
    };
  });
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  return { kind, fromLocationId, toLocationId, deliveryOrderId, reason, lines };
}

/** A receipt: `{ lines: [{ lineNo, quantity }] }`; no lines receives whatever remains of each. */
export function parseReceipt(body: unknown): { lineNo: number; quantity: number }[] | null {
  const input = object(body);
  if (input.lines === undefined) return null;
  const fields: Record<string, string[]> = {};
  const lines = (Array.isArray(input.lines) ? input.lines : []).map((raw, index) => {
    const line = object(raw);
    const quantityText = typeof line.quantity === 'number' ? String(line.quantity) : text(line.quantity);
    const lineNo = line.lineNo;
    if (!(typeof lineNo === 'number' && Number.isInteger(lineNo) && lineNo > 0))
      fields[`lines[${index}].lineNo`] = ['a line of the movement'];
    if (!QUANTITY.test(quantityText) || toMilli(quantityText) <= 0)
      fields[`lines[${index}].quantity`] = ['more than zero, at most 3 decimal places'];
    return { lineNo: lineNo as number, quantity: QUANTITY.test(quantityText) ? toMilli(quantityText) : 0 };
  });
  if (!Array.isArray(input.lines) || lines.length === 0) fields.lines = ['at least one line'];
  if (Object.keys(fields).length > 0)
    throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
  return lines;
}
