// Deciding on a catalogue item (pure but for the refusal type): fold its events into state, and turn an add,
// an edit, a retirement or a restoration into events or a refusal. Uniqueness of names and codes is not
// decided here: it needs the company's other items, which the claims hold (catalogue-item-claims.ts).
import { ErrorCodes, catalogueItemErrors, catalogueItemValues, type CatalogueItemKind, type CatalogueItemValues } from '@binaan/contracts';
import { refusal } from '../common/refusal.js';
import type { CatalogueItemEvent } from './catalogue-item.events.js';

export type CatalogueItemState = {
  itemId: string;
  companyId: string;
  kind: CatalogueItemKind;
  values: CatalogueItemValues;
  retired: boolean;
  revision: number;
  updatedAt: string;
};

export function evolveCatalogueItem(
  state: CatalogueItemState | null,
  event: CatalogueItemEvent,
  revision: number,
  at: string,
): CatalogueItemState | null {
  switch (event.type) {
    case 'CatalogueItemAdded':
      return {
        itemId: event.data.itemId,
        companyId: event.data.companyId,
        kind: event.data.kind,
        values: { ...event.data.values },
        retired: false,
        revision,
        updatedAt: at,
      };
    case 'CatalogueItemEdited':
      return state && { ...state, values: { ...state.values, ...event.data.changes }, revision, updatedAt: at };
    case 'CatalogueItemRetired':
      return state && { ...state, retired: true, revision, updatedAt: at };
    case 'CatalogueItemRestored':
      return state && { ...state, retired: false, revision, updatedAt: at };
  }
}

const invalid = (fields: Record<string, string[]>) =>
  refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
const object = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
const reasonOf = (body: Record<string, unknown>) => (typeof body.reason === 'string' ? body.reason.trim() : '');

/** The values an add would record, or 400 naming each field. Also used to check an import's rows. */
export function checkNewItem(body: unknown): { kind: CatalogueItemKind; values: CatalogueItemValues; reason: string } {
  const input = object(body);
  const fields = catalogueItemErrors(input, input.kind);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { kind: input.kind as CatalogueItemKind, values: catalogueItemValues(input), reason: reasonOf(input) };
}

export function decideAdd(itemId: string, companyId: string, body: unknown): CatalogueItemEvent {
  const { kind, values, reason } = checkNewItem(body);
  return { type: 'CatalogueItemAdded', data: { itemId, companyId, kind, values, reason } };
}

/** The whole item as it should be (fields left out are emptied, as a form sends them all); nothing when nothing changed. */
export function decideEdit(state: CatalogueItemState, body: unknown): CatalogueItemEvent[] {
  const input = object(body);
  if (state.retired) throw refusal(409, ErrorCodes.catalogueItemRetired, 'This item is retired: restore it before editing it.');
  if (input.kind !== undefined && input.kind !== state.kind) throw invalid({ kind: ['notChangeable'] });
  const fields = catalogueItemErrors(input, state.kind);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const values = catalogueItemValues(input);
  const changes: Partial<CatalogueItemValues> = {};
  for (const field of Object.keys(values) as (keyof CatalogueItemValues)[])
    if (values[field] !== state.values[field]) changes[field] = values[field];
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'CatalogueItemEdited', data: { itemId: state.itemId, changes, reason: reasonOf(input) } }];
}

export function decideRetire(state: CatalogueItemState, body: unknown): CatalogueItemEvent {
  const reason = requiredReason(body);
  if (state.retired) throw refusal(409, ErrorCodes.catalogueItemRetired, 'This item is retired already.');
  return { type: 'CatalogueItemRetired', data: { itemId: state.itemId, reason } };
}

export function decideRestore(state: CatalogueItemState, body: unknown): CatalogueItemEvent {
  const reason = requiredReason(body);
  if (!state.retired) throw refusal(409, ErrorCodes.catalogueItemNotRetired, 'This item is not retired.');
  return { type: 'CatalogueItemRestored', data: { itemId: state.itemId, reason } };
}

function requiredReason(body: unknown): string {
  const reason = reasonOf(object(body));
  if (reason === '') throw refusal(422, 'remarkRequired', 'Say why (reason).', { fields: { reason: ['required'] } });
  if (reason.length > 500) throw invalid({ reason: ['tooLong'] });
  return reason;
}
