// A company's catalogue (signed-in-area.md §2.5 "catalogue (products, trades)", §3 "Catalog context: products,
// trades, machines, others" and the inventory product's fields): items the company buys or sells, offered to
// the document and BQ line pickers. Not the workflow catalogue (GET /api/workflows). apps/api/src/catalogue-items.

export const CATALOGUE_ITEM_KINDS = ['product', 'trade', 'other'] as const;
export type CatalogueItemKind = (typeof CATALOGUE_ITEM_KINDS)[number];
export type CatalogueItemStatus = 'active' | 'retired';

/** The fields only a product has (§3 inventory product: brand and model, colour, size, manufacturer). */
export const PRODUCT_ONLY_FIELDS = ['brandModel', 'colour', 'size', 'manufacturer'] as const;

export const CATALOGUE_LIMITS = {
  code: 30,
  name: 200,
  description: 2000,
  unit: 20,
  productField: 100,
  tradeCategory: 100,
  reason: 500,
} as const;

/** What an item holds, as recorded; money as a decimal string with 2 places ("12.50"), empty when not priced. */
export type CatalogueItemValues = {
  code: string;
  name: string;
  description: string;
  unit: string;
  unitPrice: string;
  brandModel: string;
  colour: string;
  size: string;
  manufacturer: string;
  tradeCategory: string;
};

/** POST /api/catalogue-items (kind fixed from then on); PUT /api/catalogue-items/<id> sends the same less kind. */
export type CatalogueItemInput = { kind: CatalogueItemKind } & Partial<CatalogueItemValues> & { reason?: string };

export type CatalogueItemRow = CatalogueItemValues & {
  id: string;
  kind: CatalogueItemKind;
  status: CatalogueItemStatus;
  updatedAt: string;
  revision: number;
};

export type CatalogueItemHistoryStep = {
  event: 'Added' | 'Edited' | 'Retired' | 'Restored';
  at: string;
  byUserId: string;
  byName: string | null;
  reason: string | null;
  /** The fields this step set (Added: every one given; Edited: those changed, with what they were). */
  changes: { field: string; before: string | null; after: string }[];
};

const MONEY = /^\d{1,13}(\.\d{1,2})?$/;

/** "12.5" -> "12.50"; "" stays ""; null when not a non-negative amount of at most 2 places. */
export function canonicalUnitPrice(text: string): string | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return '';
  if (!MONEY.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/**
 * Each field's problems (empty when valid). `kind` is the item's (new or recorded). The code is required but
 * for trades; product fields belong to products, the trade category to trades.
 */
export function catalogueItemErrors(input: Record<string, unknown>, kind: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (typeof kind !== 'string' || !(CATALOGUE_ITEM_KINDS as readonly string[]).includes(kind)) errors.kind = ['invalid'];
  const text = (field: keyof typeof CATALOGUE_LIMITS | (typeof PRODUCT_ONLY_FIELDS)[number], max: number, required = false) => {
    const value = input[field];
    if (value === undefined || value === null) {
      if (required) errors[field] = ['required'];
      return;
    }
    if (typeof value !== 'string') errors[field] = ['invalid'];
    else if (required && value.trim() === '') errors[field] = ['required'];
    else if (value.trim().length > max) errors[field] = ['tooLong'];
  };
  text('name', CATALOGUE_LIMITS.name, true);
  text('code', CATALOGUE_LIMITS.code, kind !== 'trade');
  if (typeof input.code === 'string' && !/^[\p{L}\p{N}._\-/ ]*$/u.test(input.code.trim())) errors.code = ['invalid'];
  text('description', CATALOGUE_LIMITS.description);
  text('unit', CATALOGUE_LIMITS.unit);
  text('reason', CATALOGUE_LIMITS.reason);
  for (const field of PRODUCT_ONLY_FIELDS) {
    text(field, CATALOGUE_LIMITS.productField);
    if (kind !== 'product' && typeof input[field] === 'string' && input[field].trim() !== '') errors[field] = ['productOnly'];
  }
  text('tradeCategory', CATALOGUE_LIMITS.tradeCategory);
  if (kind !== 'trade' && typeof input.tradeCategory === 'string' && input.tradeCategory.trim() !== '')
    errors.tradeCategory = ['tradeOnly'];
  const price = input.unitPrice;
  if (price !== undefined && price !== null && (typeof price !== 'string' || canonicalUnitPrice(price) === null))
    errors.unitPrice = ['invalidAmount'];
  return errors;
}

/** The values to record from a valid input: trimmed, money canonical, fields of another kind empty. */
export function catalogueItemValues(input: Record<string, unknown>): CatalogueItemValues {
  const text = (field: string) => (typeof input[field] === 'string' ? input[field].trim() : '');
  return {
    code: text('code'),
    name: text('name').replace(/\s+/g, ' '),
    description: text('description'),
    unit: text('unit'),
    unitPrice: canonicalUnitPrice(text('unitPrice')) ?? '',
    brandModel: text('brandModel'),
    colour: text('colour'),
    size: text('size'),
    manufacturer: text('manufacturer'),
    tradeCategory: text('tradeCategory'),
  };
}

/** Names compare without case and with runs of spaces as one: "Cement  50KG" is "cement 50kg". */
export const catalogueNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** Codes compare without case: "ct-01" is "CT-01". */
export const catalogueCodeKey = (code: string) => code.trim().toUpperCase();
