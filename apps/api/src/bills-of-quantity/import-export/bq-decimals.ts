// Quantities and rates of an imported row as the BQ keeps them (packages/contracts bills-of-quantity.ts):
// decimal strings, a quantity with three places ("2.500"), money with two ("1234.50"). A spreadsheet gives
// numbers (binary floating point) or text ("1,234.50", "RM 12.00"); both become the exact decimal string or
// a refusal, never a silently different figure.

/** What a cell holds once read: a number, a text, or nothing. */
export type CellValue = number | string | null;

export type DecimalRule = { places: 2 | 3; negative: boolean; maxWholeDigits: number };

export const QUANTITY_RULE: DecimalRule = { places: 3, negative: false, maxWholeDigits: 12 };
export const RATE_RULE: DecimalRule = { places: 2, negative: true, maxWholeDigits: 13 };

/** 'empty' when blank, the canonical decimal string, or null when the value is not such a number. */
export function toDecimal(value: CellValue, rule: DecimalRule): string | null | 'empty' {
  if (value === null) return 'empty';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = plainNumber(value, rule.places);
  } else {
    text = value
      .trim()
      .replace(/^(RM|MYR)\s*/i, '')
      .replace(/[,\s]/g, '');
    if (text === '' || text === '-') return 'empty';
  }
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign, wholeDigits, fraction = ''] = match;
  const trimmedFraction = fraction.replace(/0+$/, '');
  if (trimmedFraction.length > rule.places) return null;
  const whole = (wholeDigits ?? '').replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > rule.maxWholeDigits) return null;
  const digits = `${whole}.${trimmedFraction.padEnd(rule.places, '0')}`;
  const isZero = /^0\.0+$/.test(digits);
  if (sign === '-' && !isZero && !rule.negative) return null;
  return sign === '-' && !isZero ? `-${digits}` : digits;
}

/**
 * A number as a plain decimal text. Binary noise from a spreadsheet's own arithmetic (2.1250000000000004)
 * is cut at 9 places, well past what a quantity or rate may hold, so a genuine fourth place still refuses.
 */
function plainNumber(value: number, places: number): string {
  const shortest = String(value);
  if (!/e/i.test(shortest) && (shortest.split('.')[1] ?? '').length <= places) return shortest;
  return value.toFixed(Math.max(places, 9)).replace(/0+$/, '').replace(/\.$/, '');
}

/** The decimal string as a spreadsheet number (exact for the 15 significant digits these fields allow). */
export const toSheetNumber = (decimal: string): number => Number(decimal);
