// Tender addenda (spec §2.6 "Tender addendum", `viewaddendumid`), pure part. An addendum is recorded on the
// tender's own stream as a `DocumentEdited` carrying `addendum` (number, note, what changed): one event, so
// the tender's items and times, its totals, the documents read model, the due time of the timer close and
// the history all follow it through the documents context's own fold, and its revision is what a quotation
// is measured against (`tenderRevision`: a quotation given before the last addendum is "to be confirmed").
import { refusal, invalidFields } from '../../common/refusal.js';
import type { DocumentEdited, DocumentFields, DocumentLineItem } from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';

/** What the sellers are told an addendum changed: lines without the buyer's own rates, and the new times. */
export type AddendumSummary = {
  addendumId: string;
  number: number;
  note: string;
  added: { lineNo: number; description: string; unit: string; quantity: string }[];
  changed: { lineNo: number; description: string; unit: string; quantity: string }[];
  /** Line numbers as they were before this addendum. */
  removed: number[];
  openAt?: string | null;
  closeAt?: string | null;
};

export type AddendumEdited = DocumentEdited['data'] & { addendum: AddendumSummary };

export type IssuedAddendum = AddendumSummary & { tenderRevision: number; issuedAt: string; issuedBy: string };

/** The addenda of a tender, from its stream, oldest first. */
export function addendaOf(events: readonly StoredEvent[]): IssuedAddendum[] {
  const issued: IssuedAddendum[] = [];
  for (const event of events) {
    if (event.type !== 'DocumentEdited') continue;
    const data = event.data as unknown as Partial<AddendumEdited>;
    if (data.addendum)
      issued.push({ ...data.addendum, tenderRevision: event.revision, issuedAt: event.metadata.recordedAt, issuedBy: data.editedBy ?? '' });
  }
  return issued;
}

/** The revision of the last addendum (-1: none): a quotation given against an earlier revision is to be confirmed. */
export const lastAddendumRevision = (addenda: readonly IssuedAddendum[]) =>
  addenda.length === 0 ? -1 : addenda[addenda.length - 1]!.tenderRevision;

type LineChange = { lineNo: number; description?: string; unit?: string; quantity?: string; rate?: string; includeZeroRate?: boolean };
type NewLine = { description: string; unit: string; quantity: string; rate: string; includeZeroRate: boolean };
export type AddendumRequest = { note: string; add: NewLine[]; change: LineChange[]; remove: number[]; openAt?: string; closeAt?: string };

const MAX_NOTE = 2000;
const obj = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * `{ note, items?: { add?: [{ description, unit, quantity, rate?, includeZeroRate? }], change?: [{ lineNo, ... }],
 * remove?: [lineNo] }, openAt?, closeAt? }`. Shapes only (400); the document's own parser checks the values.
 */
export function parseAddendum(raw: unknown): AddendumRequest {
  const body = obj(raw);
  if (body === null) throw invalidFields({ note: ['textRequired'] });
  const problems: Record<string, string[]> = {};
  for (const key of Object.keys(body)) if (!['note', 'items', 'openAt', 'closeAt'].includes(key)) problems[key] = ['unknownField'];
  if (typeof body.note !== 'string' || body.note.trim() === '') problems.note = ['textRequired'];
  else if (body.note.length > MAX_NOTE) problems.note = ['textTooLong'];
  for (const time of ['openAt', 'closeAt'] as const)
    if (body[time] !== undefined && (typeof body[time] !== 'string' || Number.isNaN(Date.parse(body[time]))))
      problems[time] = ['dateTimeInvalid'];
  const items = body.items === undefined ? {} : obj(body.items);
  if (items === null) problems.items = ['itemsInvalid'];
  const request: AddendumRequest = { note: typeof body.note === 'string' ? body.note.trim() : '', add: [], change: [], remove: [] };
  if (items) {
    for (const key of Object.keys(items)) if (!['add', 'change', 'remove'].includes(key)) problems[`items.${key}`] = ['unknownField'];
    for (const list of ['add', 'change', 'remove'] as const)
      if (items[list] !== undefined && !Array.isArray(items[list])) problems[`items.${list}`] = ['mustBeList'];
    const seen = new Set<number>();
    const lineNo = (value: unknown, at: string): number | null => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return ((problems[at] = ['lineNoInvalid']), null);
      if (seen.has(value)) return ((problems[at] = ['lineNoRepeated']), null);
      seen.add(value);
      return value;
    };
    (Array.isArray(items.remove) ? items.remove : []).forEach((value: unknown, index: number) => {
      const no = lineNo(value, `items.remove[${index}]`);
      if (no !== null) request.remove.push(no);
    });
    (Array.isArray(items.change) ? items.change : []).forEach((value: unknown, index: number) => {
      const line = obj(value);
      const at = `items.change[${index}]`;
      if (line === null) return void (problems[at] = ['itemInvalid']);
      const extra = Object.keys(line).filter(
        (key) => !['lineNo', 'description', 'unit', 'quantity', 'rate', 'includeZeroRate'].includes(key),
      );
      if (extra.length > 0) problems[`${at}.${extra[0]}`] = ['unknownField'];
      const no = lineNo(line.lineNo, `${at}.lineNo`);
      if (no !== null) request.change.push({ ...(line as Omit<LineChange, 'lineNo'>), lineNo: no });
    });
    (Array.isArray(items.add) ? items.add : []).forEach((value: unknown, index: number) => {
      const line = obj(value);
      const at = `items.add[${index}]`;
      if (line === null) return void (problems[at] = ['itemInvalid']);
      const extra = Object.keys(line).filter((key) => !['description', 'unit', 'quantity', 'rate', 'includeZeroRate'].includes(key));
      if (extra.length > 0) problems[`${at}.${extra[0]}`] = ['unknownField'];
      // Without the buyer's own estimate, a new line is at 0 with the include box (as the tender's own lines may be).
      request.add.push({ rate: '0', includeZeroRate: line.rate === undefined, ...(line as Partial<NewLine>) } as NewLine);
    });
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  if (typeof body.openAt === 'string') request.openAt = body.openAt;
  if (typeof body.closeAt === 'string') request.closeAt = body.closeAt;
  return request;
}

/** Where each line of the next item list comes from (its position is its new line number). */
export type LineOrigin = { kind: 'kept' | 'changed'; from: number } | { kind: 'added' };

/** The tender's next item list (raw, for the documents parser), and where each of its lines comes from. */
export function applyLineChanges(
  items: readonly DocumentLineItem[],
  request: AddendumRequest,
): { raw: Record<string, unknown>[]; origins: LineOrigin[] } {
  const byNo = new Map(items.map((item) => [item.lineNo, item]));
  for (const no of [...request.remove, ...request.change.map((line) => line.lineNo)]) {
    if (!byNo.has(no))
      throw refusal(422, 'addendumLineNotFound', `The tender has no line ${no}.`, { fields: { items: ['addendumLineNotFound'] } });
  }
  const removed = new Set(request.remove);
  const changes = new Map(request.change.map((line) => [line.lineNo, line]));
  const raw: Record<string, unknown>[] = [];
  const origins: LineOrigin[] = [];
  for (const item of items) {
    if (removed.has(item.lineNo)) continue;
    const change = changes.get(item.lineNo);
    const { lineNo: _lineNo, ...rest } = change ?? { lineNo: 0 };
    // A kept or changed line stays linked to the BQ row it was made from (the edit rule keeps own links only).
    raw.push({
      description: item.description,
      unit: item.unit,
      quantity: item.quantity,
      rate: item.rate,
      includeZeroRate: item.includeZeroRate ?? false,
      ...(item.bqItemId ? { bqItemId: item.bqItemId } : {}),
      ...rest,
    });
    origins.push({ kind: change ? 'changed' : 'kept', from: item.lineNo });
  }
  for (const line of request.add) {
    raw.push({ ...line });
    origins.push({ kind: 'added' });
  }
  return { raw, origins };
}

/** The lines a seller is shown (never the buyer's own rate). */
export const sellerLine = (item: Pick<DocumentFields['items'][number], 'lineNo' | 'description' | 'unit' | 'quantity'>) => ({
  lineNo: item.lineNo,
  description: item.description,
  unit: item.unit,
  quantity: item.quantity,
});
