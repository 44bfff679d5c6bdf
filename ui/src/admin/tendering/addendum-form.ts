// The buyer's addendum form as data (pure, tested): what the inputs hold, and the body the api takes
// (only what changed: quantities edited, lines removed, a line added, a new close time).
import type { AddendumBody } from './exchange-api.js';

export type LineInput = { lineNo: number; description: string; unit: string; quantity: string; newQuantity: string; remove: boolean };
export type AddendumInputs = {
  note: string;
  lines: LineInput[];
  add: { description: string; unit: string; quantity: string };
  closeAt: string;
};

const sameQuantity = (a: string, b: string) => Number(a) === Number(b);

/** The body for these inputs, or null when nothing would change (the api would answer addendumEmpty). */
export function addendumBody(inputs: AddendumInputs, currentCloseAt: string | null): AddendumBody | null {
  const remove = inputs.lines.filter((line) => line.remove).map((line) => line.lineNo);
  const change = inputs.lines
    .filter((line) => !line.remove && line.newQuantity.trim() !== '' && !sameQuantity(line.newQuantity, line.quantity))
    .map((line) => ({ lineNo: line.lineNo, quantity: line.newQuantity.trim() }));
  const adding = inputs.add.description.trim() !== '' && inputs.add.quantity.trim() !== '';
  const add = adding
    ? [{ description: inputs.add.description.trim(), unit: inputs.add.unit.trim() || 'no', quantity: inputs.add.quantity.trim() }]
    : [];
  const closeAt = inputs.closeAt ? new Date(inputs.closeAt).toISOString() : null;
  // The input holds minutes: a close time with seconds, shown unchanged, is no new close time.
  const movesClose = closeAt !== null && inputs.closeAt !== localInputValue(currentCloseAt);
  if (remove.length + change.length + add.length === 0 && !movesClose) return null;
  const items = { ...(add.length ? { add } : {}), ...(change.length ? { change } : {}), ...(remove.length ? { remove } : {}) };
  return { note: inputs.note.trim(), ...(Object.keys(items).length ? { items } : {}), ...(movesClose ? { closeAt: closeAt } : {}) };
}

/** An ISO time as a datetime-local input's value, in the browser's zone. */
export function localInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
