// Sen and basis points to what a reader reads, and back (pure): 318000 sen is "RM 3,180.00", 600 basis points
// "6%". Integers only, so no float ever touches money.
import { formatMoney } from '../format.js';

export function senText(sen: number | null | undefined): string {
  if (sen === null || sen === undefined) return '-';
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(sen);
  return formatMoney(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** "3,000.50" or "3000.5" → 300050; null when it is not an amount of at most two decimals. */
export function senOf(text: string): number | null {
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(text.replace(/[,\s]/g, '').replace(/^RM/i, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 600 → "6%", 150 → "1.5%". */
export function rateText(basisPoints: number | null | undefined): string {
  if (basisPoints === null || basisPoints === undefined) return '-';
  return `${String(basisPoints / 100)}%`;
}

/** "6" or "6.25" (percent) → 600 or 625; null when not a percent of at most two decimals. */
export function basisPointsOf(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1000 GB is "1 TB", 10000 "10 TB"; below, "100 GB". */
export function storageText(gigabytes: number | null | undefined): string {
  if (gigabytes === null || gigabytes === undefined) return '-';
  return gigabytes >= 1000 && gigabytes % 1000 === 0 ? `${gigabytes / 1000} TB` : `${gigabytes} GB`;
}
