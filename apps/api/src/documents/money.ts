// Exact money and quantities: decimal strings at the edges, integers inside (sen; thousandths of a unit
// for quantities), BigInt for products. Never floating point (spec: amounts are exact).

const MONEY = /^-?\d{1,13}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;
const PERCENT = /^-?\d{1,5}(\.\d{1,2})?$/;

/** "1234.5" -> 123450n sen; null when it is not a decimal with at most 2 places. */
export function parseMoney(text: string): bigint | null {
  if (!MONEY.test(text)) return null;
  return scaled(text, 2);
}

/** "2.125" -> 2125n thousandths; null when it is not a non-negative decimal with at most 3 places. */
export function parseQuantity(text: string): bigint | null {
  if (!QUANTITY.test(text)) return null;
  return scaled(text, 3);
}

/** "12.5" -> 1250n hundredths of a percent (basis points); negative kept so the rules can name it. */
export function parsePercent(text: string): bigint | null {
  if (!PERCENT.test(text)) return null;
  return scaled(text, 2);
}

function scaled(text: string, places: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0') || '0');
  return negative ? -value : value;
}

/** 123450n -> "1234.50". */
export function formatSen(sen: bigint): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** "2.500" style: quantities keep three places. */
export function formatQuantity(thousandths: bigint): string {
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}

/** Rounds numerator/denominator (denominator > 0) half up, i.e. half away from zero for a negative numerator. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) return -divideHalfUp(-numerator, denominator);
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** quantity (thousandths) x rate (sen) -> amount in sen, rounded half up to the sen. */
export function lineAmount(quantity: bigint, rateSen: bigint): bigint {
  return divideHalfUp(quantity * rateSen, 1000n);
}

/** percent of an amount in sen, rounded half up to the sen. */
export function percentOf(sen: bigint, percent: number): bigint {
  return divideHalfUp(sen * BigInt(percent), 100n);
}

/** 1250n basis points -> "12.50" (same two places as money). */
export const formatPercent = (basisPoints: bigint): string => formatSen(basisPoints);

/** basis points (hundredths of a percent) of an amount in sen, rounded half up to the sen. */
export function basisPointsOf(sen: bigint, basisPoints: bigint): bigint {
  return divideHalfUp(sen * basisPoints, 10_000n);
}

/** RM as a number, only for the machines' limit comparisons (never stored, never summed). */
export function senToRinggitNumber(sen: bigint): number {
  return Number(sen) / 100;
}
