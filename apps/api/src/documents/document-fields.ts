// Parsing and checking a document's fields (pure). Shape problems are 400 validationFailed naming the
// fields; business rules of signed-in-area.md §5.3 are 422 with a code each.
import { refusal, invalidFields } from '../common/refusal.js';
import {
  DEFAULT_CURRENCY,
  DocumentKindsWithDeliveredQuantities,
  DocumentSstByDefault,
  MAX_LINE_ITEMS,
  SST_PERCENT,
  type DocumentFields,
  type DocumentLineItem,
  type DocumentResource,
  type DocumentTotals,
  type EditableDocumentField,
} from '@binaan/contracts';
import { kindFieldsForCreate, parseKindFields } from './document-kind-fields.js';
import { checkKindRules, kindTotals } from './document-kind-rules.js';
import { date, nullableId, problem, quantity as quantityField, text, type Body, type Problems } from './field-parsers.js';
import { formatQuantity, formatSen, lineAmount, parseMoney, parseQuantity, percentOf } from './money.js';

type FieldChanges = Partial<Omit<DocumentFields, 'totals'>>;

/**
 * Set (as a symbol key, which no JSON body can carry) by the tendering context's BQ tender route on the
 * create body it builds: only then may a tender's lines name the BQ items they were made from.
 */
export const BQ_LINKED_LINES: unique symbol = Symbol('bqLinkedLines');
const BQ_ITEM_ID = /^[A-Za-z0-9_-]{1,100}$/;

function items(body: Body, problems: Problems, resource: DocumentResource, forCreate: boolean): DocumentLineItem[] | undefined {
  const delivers = DocumentKindsWithDeliveredQuantities.includes(resource);
  const value = body.items;
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_LINE_ITEMS) {
    problem(problems, 'items', `must be a list of at most ${MAX_LINE_ITEMS} items`);
    return undefined;
  }
  const parsed: DocumentLineItem[] = [];
  value.forEach((raw: unknown, index) => {
    const at = `items[${index}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return problem(problems, at, 'must be an object');
    const item = raw as Body;
    const description = text(item, 'description', 1000, problems, true);
    const unit = text(item, 'unit', 30, problems, true);
    const quantity = typeof item.quantity === 'string' ? parseQuantity(item.quantity) : null;
    const rate = typeof item.rate === 'string' ? parseMoney(item.rate) : null;
    if (quantity === null) problem(problems, `${at}.quantity`, 'must be a decimal string with at most 3 places, not negative');
    if (rate === null || (rate !== null && rate < 0n))
      problem(problems, `${at}.rate`, 'must be a decimal string with at most 2 places, not negative');
    if (item.includeZeroRate !== undefined && typeof item.includeZeroRate !== 'boolean')
      problem(problems, `${at}.includeZeroRate`, 'must be true or false');
    const delivery: Pick<DocumentLineItem, 'deliveredQuantity' | 'orderLineNo'> = {};
    for (const field of ['deliveredQuantity', 'orderLineNo'] as const) {
      if (item[field] !== undefined && !delivers) problem(problems, `${at}.${field}`, `is not a field of a ${resource} line`);
    }
    if (delivers) {
      const delivered = quantityField(item, 'deliveredQuantity', problems, `${at}.deliveredQuantity`);
      if (delivered !== undefined) delivery.deliveredQuantity = delivered;
      if (item.orderLineNo !== undefined) {
        if (!Number.isInteger(item.orderLineNo) || (item.orderLineNo as number) < 1 || (item.orderLineNo as number) > MAX_LINE_ITEMS)
          problem(problems, `${at}.orderLineNo`, 'must be a line number of the source order');
        else delivery.orderLineNo = item.orderLineNo as number;
      }
    }
    // A BQ item's id: on a tender only; new from the BQ tender route only; an edit's is checked against the
    // tender's own links (applyEdit).
    let bqItemId: string | undefined;
    if (item.bqItemId !== undefined) {
      const linkable = resource === 'tender' && (!forCreate || (body as Record<symbol, unknown>)[BQ_LINKED_LINES] === true);
      if (!linkable)
        problem(problems, `${at}.bqItemId`, 'is set only on a tender made from bill of quantity items (POST /api/tendering/bq-tenders)');
      else if (typeof item.bqItemId !== 'string' || !BQ_ITEM_ID.test(item.bqItemId))
        problem(problems, `${at}.bqItemId`, 'must be an item id of the bill of quantity');
      else bqItemId = item.bqItemId;
    }
    if (description === undefined || unit === undefined || quantity === null || rate === null) return;
    parsed.push({
      lineNo: index + 1,
      description,
      unit,
      quantity: formatQuantity(quantity),
      rate: formatSen(rate),
      amount: formatSen(lineAmount(quantity, rate)),
      includeZeroRate: item.includeZeroRate === true,
      ...delivery,
      ...(bqItemId !== undefined ? { bqItemId } : {}),
    });
  });
  return parsed;
}

/** Subtotal, SST (6% where it applies, half up on the subtotal) and total. */
export function totalsOf(lineItems: readonly DocumentLineItem[], sstApplicable: boolean): DocumentTotals {
  const subtotal = lineItems.reduce((sum, item) => sum + (parseMoney(item.amount) ?? 0n), 0n);
  const sst = sstApplicable ? percentOf(subtotal, SST_PERCENT) : 0n;
  return { subtotal: formatSen(subtotal), sst: formatSen(sst), total: formatSen(subtotal + sst) };
}

/** The editable fields a body sets, shape-checked (400). Unknown fields are ignored; another kind's fields are not. */
export function parseFieldChanges(raw: unknown, forCreate: boolean, resource: DocumentResource): FieldChanges {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidFields({ body: ['must be a JSON object'] });
  const body = raw as Body;
  const problems: Problems = {};
  const changes: FieldChanges = {};
  const title = text(body, 'title', 200, problems, forCreate);
  if (title !== undefined) changes.title = title;
  const description = text(body, 'description', 4000, problems);
  if (description !== undefined) changes.description = description;
  const currency = body.currency;
  if (currency !== undefined) {
    if (typeof currency !== 'string' || !/^[A-Z]{2,3}$/.test(currency))
      problem(problems, 'currency', 'must be a currency code (RM, USD, ...)');
    else changes.currency = currency;
  }
  if (body.sstApplicable !== undefined) {
    if (typeof body.sstApplicable !== 'boolean') problem(problems, 'sstApplicable', 'must be true or false');
    else changes.sstApplicable = body.sstApplicable;
  }
  const projectId = nullableId(body, 'projectId', problems);
  if (projectId !== undefined) changes.projectId = projectId;
  if (forCreate) {
    const counterparty = nullableId(body, 'counterpartyCompanyId', problems);
    if (counterparty !== undefined) changes.counterpartyCompanyId = counterparty;
  } else if (body.counterpartyCompanyId !== undefined) {
    problem(problems, 'counterpartyCompanyId', 'is fixed when the document is created');
  }
  for (const field of ['documentDate', 'startDate', 'endDate'] as const) {
    const value = date(body, field, problems);
    if (value !== undefined) changes[field] = value;
  }
  const lineItems = items(body, problems, resource, forCreate);
  if (lineItems !== undefined) changes.items = lineItems;
  Object.assign(changes, parseKindFields(body, resource, problems));
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return changes;
}

/** Totals by kind: line items; a milestone claim's claim items; a trade payment certificate's valuation. */
export function totalsFor(resource: DocumentResource, fields: Omit<DocumentFields, 'totals'>): DocumentTotals {
  return kindTotals(resource, fields) ?? totalsOf(fields.items, fields.sstApplicable);
}

/** A new document's fields: defaults filled, totals computed, rules checked (times against `now`). */
export function fieldsForCreate(resource: DocumentResource, changes: FieldChanges, now: Date): DocumentFields {
  const items = changes.items ?? [];
  const sstApplicable = changes.sstApplicable ?? DocumentSstByDefault[resource];
  const base: Omit<DocumentFields, 'totals'> = {
    title: changes.title ?? '',
    description: changes.description ?? '',
    projectId: changes.projectId ?? null,
    counterpartyCompanyId: changes.counterpartyCompanyId ?? null,
    currency: changes.currency ?? DEFAULT_CURRENCY,
    sstApplicable,
    documentDate: changes.documentDate ?? null,
    startDate: changes.startDate ?? null,
    endDate: changes.endDate ?? null,
    items,
    ...kindFieldsForCreate(resource, changes),
  };
  const fields: DocumentFields = { ...base, totals: totalsFor(resource, base) };
  checkRules(fields);
  checkKindRules(resource, fields, new Set(Object.keys(changes)), now);
  return fields;
}

/** The fields after an edit, and the changes as recorded (only what differs, totals recomputed). */
export function applyEdit(
  resource: DocumentResource,
  current: DocumentFields,
  changes: FieldChanges,
  now: Date,
): { fields: DocumentFields; recorded: Partial<Pick<DocumentFields, EditableDocumentField>> } {
  if (changes.items) mustKeepOwnBqLinks(current.items, changes.items);
  const next: DocumentFields = { ...current, ...changes, counterpartyCompanyId: current.counterpartyCompanyId };
  next.totals = totalsFor(resource, next);
  const recorded: Partial<Pick<DocumentFields, EditableDocumentField>> = {};
  for (const key of Object.keys(next) as (keyof DocumentFields)[]) {
    if (key === 'counterpartyCompanyId') continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) (recorded as Record<string, unknown>)[key] = next[key];
  }
  checkRules(next);
  // Times are held to "5 minutes ahead" only where this edit changes them.
  checkKindRules(resource, next, new Set(Object.keys(recorded)), now);
  return { fields: next, recorded };
}

/** An edit (or an addendum) may keep a line's BQ item link or drop it, never name an item the tender was not made from. */
function mustKeepOwnBqLinks(current: readonly DocumentLineItem[], next: readonly DocumentLineItem[]): void {
  const own = new Set(current.map((item) => item.bqItemId).filter((id) => id !== undefined));
  const problems: Problems = {};
  next.forEach((item, index) => {
    if (item.bqItemId !== undefined && !own.has(item.bqItemId))
      problem(
        problems,
        `items[${index}].bqItemId`,
        'names no BQ item this tender was made from: a link is made only by POST /api/tendering/bq-tenders',
      );
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
}

/** Business rules on the fields (422, one code each). */
export function checkRules(fields: DocumentFields): void {
  if (fields.startDate && fields.endDate && fields.endDate < fields.startDate) {
    throw refusal(422, 'endBeforeStart', 'The end date may not be before the start date.', { fields: { endDate: ['endBeforeStart'] } });
  }
  fields.items.forEach((item, index) => {
    if ((parseQuantity(item.quantity) ?? 0n) <= 0n) {
      throw refusal(422, 'quantityNotPositive', `Item ${index + 1}: the quantity must be more than 0.`, {
        fields: { [`items[${index}].quantity`]: ['quantityNotPositive'] },
      });
    }
    if (parseMoney(item.rate) === 0n && !item.includeZeroRate) {
      throw refusal(422, 'zeroRateNotIncluded', `Item ${index + 1}: a rate of 0 needs the include box ticked.`, {
        fields: { [`items[${index}].includeZeroRate`]: ['zeroRateNotIncluded'] },
      });
    }
  });
}
