// Request bodies of the BQ routes, checked and turned into commands (pure). The spec's payload names the
// node by `{ project_id, bq_tab_id, id }` (§7); the revision the change was made on travels as `revision`
// in the body or as If-Match. Money and quantities are decimal strings, kept in canonical form
// ("2.5" -> "2.500" for a quantity, "3" -> "3.00" for money).
import { refusal, Refused, invalidFields } from '../common/refusal.js';
import { asText, BqNodeTypes, type BqImportRow, type BqNodeType } from '@binaan/contracts';
import { formatQuantity, formatSen, parseMoney, parseQuantity } from '../documents/money.js';
import type { BqBuildUp, BqBuildUpLine, BqFieldChanges, BqNewNode } from './bq.events.js';
import { isUuid } from '../common/uuid.js';

export type Body = Record<string, unknown>;
/** `{ key: value }`, or `{}` when the value is undefined (the key left out rather than set to undefined). */
export const opt = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
const LIMITS = { title: 500, description: 4000, unit: 20, buildUpCode: 40 } as const;
export const MAX_IMPORT_ROWS = 20_000;

export function bodyOf(raw: unknown): Body {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidFields({ body: ['must be a JSON object'] });
  return raw as Body;
}

/** An id in the body (a UUID; anything else cannot name a row or tab of ours, so it is 404 `notFound`). */
export function idIn(body: Body, key: string, notFound: 'bqTabNotFound' | 'bqNodeNotFound' | 'bqNotFound'): string {
  const value = body[key];
  if (value === undefined || value === null || value === '') throw invalidFields({ [key]: ['required'] });
  if (!isUuid(value)) throw refusal(404, notFound, `No such ${key.replace(/_id$/, '').replace('bq_', '')}.`);
  return value;
}

export function optionalParent(body: Body): string | null {
  const value = body.parent_id ?? body.parentId;
  if (value === undefined || value === null || value === '') return null;
  if (!isUuid(value)) throw refusal(404, 'bqNodeNotFound', 'No such parent row.');
  return value;
}

/** The revision the change was made on: `revision` in the body, or If-Match. */
export function baseRevision(body: Body, ifMatch: string | undefined): number {
  const raw = body.revision ?? ifMatch;
  if (raw === undefined || raw === null || raw === '')
    throw refusal(428, 'revisionRequired', 'Send the revision you last read (revision in the body, or If-Match).');
  const match = /^(?:W\/)?"?(\d{1,12})"?$/.exec(asText(raw).trim());
  if (!match) throw invalidFields({ revision: ['must be a revision number'] });
  return Number(match[1]);
}

export function nodeType(body: Body): BqNodeType {
  const value = body.type ?? 'item';
  if (!(BqNodeTypes as readonly unknown[]).includes(value)) throw invalidFields({ type: ['must be header or item'] });
  return value as BqNodeType;
}

export function order(body: Body, key = 'order'): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1_000_000)
    throw invalidFields({ [key]: ['must be a whole number from 0'] });
  return value;
}

export function text(body: Body, key: string, max: number, required = false): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length > max || (required && value.trim() === ''))
    throw invalidFields({ [key]: [required ? 'required' : `must be text of at most ${max} characters`] });
  return value;
}

const decimal = (value: unknown, kind: 'money' | 'quantity'): string | null | 'bad' => {
  if (value === null || value === '') return null;
  if (typeof value !== 'string') return 'bad';
  const parsed = kind === 'money' ? parseMoney(value.trim()) : parseQuantity(value.trim());
  if (parsed === null) return 'bad';
  return kind === 'money' ? formatSen(parsed) : formatQuantity(parsed);
};

/** The node fields present in the body, checked; absent ones are left out. */
export function fieldChanges(body: Body): BqFieldChanges {
  const out: BqFieldChanges = {};
  const problems: Record<string, string[]> = {};
  if (body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.length > LIMITS.title)
      problems.title = [`must be text of at most ${LIMITS.title} characters`];
    else out.title = body.title;
  }
  for (const key of ['description', 'unit', 'buildUpCode'] as const) {
    const value = body[key];
    if (value === undefined) continue;
    if (value !== null && (typeof value !== 'string' || value.length > LIMITS[key]))
      problems[key] = [`must be text of at most ${LIMITS[key]} characters`];
    else out[key] = value === null || value.trim() === '' ? null : value;
  }
  for (const [key, kind] of [
    ['quantity', 'quantity'],
    ['rate', 'money'],
    ['buildUpRate', 'money'],
    ['buildUpProfitAmount', 'money'],
  ] as const) {
    if (body[key] === undefined) continue;
    const value = decimal(body[key], kind);
    if (value === 'bad')
      problems[key] = [
        kind === 'money' ? 'must be a decimal string with at most 2 places' : 'must be a decimal string from 0 with at most 3 places',
      ];
    else out[key] = value;
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return out;
}

/**
 * Flat import rows (contracts BqImportRow, as the Excel and OCR imports produce them) -> new nodes: a
 * row's parent is the nearest row above with level - 1, which must be a header; level 1 is the top.
 * Every problem is reported by row and field (422 bqImportInvalid), nothing is recorded.
 */
export function importNodes(raw: unknown, parentId: string | null, newId: () => string): BqNewNode[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalidFields({ rows: ['must be a non-empty array'] });
  if (raw.length > MAX_IMPORT_ROWS)
    throw refusal(422, 'bqTooManyRows', `At most ${MAX_IMPORT_ROWS} rows at a time.`, { fields: { rows: ['bqTooManyRows'] } });
  const problems: Record<string, string[]> = {};
  const stack: { id: string; type: BqNodeType }[] = [];
  const nodes: BqNewNode[] = [];
  raw.forEach((value: unknown, index) => {
    const row = (typeof value === 'object' && value !== null ? value : {}) as Partial<BqImportRow>;
    const at = `rows[${index}]`;
    const level = row.level;
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > stack.length + 1) {
      problems[`${at}.level`] = ['bqImportInvalid'];
      return;
    }
    const parent = level === 1 ? null : stack[level - 2]!;
    if (parent && parent.type !== 'header') problems[`${at}.level`] = ['bqParentNotHeader'];
    const type = row.type === 'header' || row.type === 'item' ? row.type : null;
    if (type === null) problems[`${at}.type`] = ['bqImportInvalid'];
    let fields: BqFieldChanges = {};
    try {
      fields = fieldChanges({
        title: row.title ?? '',
        description: row.description ?? null,
        unit: row.unit ?? null,
        quantity: row.quantity ?? null,
        rate: row.rate ?? null,
      });
    } catch (error) {
      if (!(error instanceof Refused) || !error.fields) throw error;
      for (const [field, codes] of Object.entries(error.fields)) problems[`${at}.${field}`] = codes;
    }
    if (type === 'header' && (fields.quantity || fields.rate || fields.unit)) problems[`${at}.quantity`] = ['bqHeaderNotPriced'];
    const id = newId();
    stack.length = level - 1;
    stack.push({ id, type: type ?? 'item' });
    nodes.push({
      nodeId: id,
      parentId: parent ? parent.id : parentId,
      nodeType: type ?? 'item',
      fields: {
        title: fields.title ?? '',
        description: fields.description ?? null,
        unit: fields.unit ?? null,
        quantity: fields.quantity ?? null,
        rate: fields.rate ?? null,
        buildUpCode: null,
        buildUpRate: null,
        buildUpProfitAmount: null,
      },
    });
  });
  if (Object.keys(problems).length > 0)
    throw refusal(422, 'bqImportInvalid', `${Object.keys(problems).length} problems in the rows: nothing was imported.`, {
      fields: problems,
    });
  return nodes;
}

/** The build-up's `profitParameterId`: null when absent, null or empty (the build-up names none). */
export function profitParameterIdOf(body: Body): string | null {
  const value = body.profitParameterId;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 200) throw invalidFields({ profitParameterId: ['must be the id of a profit parameter'] });
  return value;
}

export function buildUpOf(body: Body): BqBuildUp {
  const code = typeof body.code === 'string' ? body.code.trim() : '';
  const description = typeof body.description === 'string' ? body.description : '';
  if (code.length > LIMITS.buildUpCode || description.length > LIMITS.description) throw invalidFields({ code: ['too long'] });
  const totalSub = decimal(body.totalSub ?? null, 'money');
  const profit = decimal(body.profitPercent ?? '0', 'money');
  const problems: Record<string, string[]> = {};
  if (totalSub === 'bad') problems.totalSub = ['must be a decimal string with at most 2 places'];
  if (profit === 'bad' || profit === null) problems.profitPercent = ['must be a decimal string with at most 2 places'];
  const rawLines = body.lines ?? [];
  if (!Array.isArray(rawLines) || rawLines.length > 200) problems.lines = ['must be an array of at most 200 lines'];
  const lines: BqBuildUpLine[] = [];
  if (Array.isArray(rawLines))
    rawLines.forEach((value: unknown, index) => {
      const line = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const quantity = decimal(line.quantity ?? null, 'quantity');
      const rate = decimal(line.rate ?? null, 'money');
      if (
        !['labour', 'material', 'plant'].includes(String(line.category)) ||
        typeof line.description !== 'string' ||
        quantity === 'bad' ||
        quantity === null ||
        rate === 'bad' ||
        rate === null
      ) {
        problems[`lines[${index}]`] = ['category labour, material or plant, description, quantity and rate'];
        return;
      }
      lines.push({
        category: line.category as BqBuildUpLine['category'],
        description: line.description,
        unit: typeof line.unit === 'string' ? line.unit : null,
        quantity,
        rate,
      });
    });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { code, description, totalSub: totalSub, lines, profitPercent: profit as string };
}
