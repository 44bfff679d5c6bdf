// The seller's quotation form, pure: line amounts and the total as the server works them out (quantity x
// rate, half up to the sen: apps/api/src/documents/money.ts), the §5.3 include rule for a rate of 0, and
// the countdown to the close on the server's clock (the offset between the server's time and the browser's
// at load, so a wrong browser clock changes nothing).
import { formatSen, toSen } from '../documents/document-rules.js';
import type { QuoteLine, SellerTender } from './tendering-api.js';

export type RateLine = { lineNo: number; quantity: string; rate: string; includeZeroRate: boolean };
export type LineProblem = 'rateRequired' | 'moneyFormat' | 'zeroRateNotIncluded';

function thousandths(quantity: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(quantity.trim());
  return match ? BigInt(match[1]!) * 1000n + BigInt(((match[2] ?? '') + '000').slice(0, 3)) : 0n;
}

/** quantity x rate in sen, half up; null while the rate is not a money amount. */
export function lineAmountSen(quantity: string, rate: string): bigint | null {
  const sen = toSen(rate);
  return sen === null ? null : (thousandths(quantity) * sen + 500n) / 1000n;
}

/** Each line's amount ("" while its rate is not one) and the total of the lines that have one. */
export function quotationTotals(lines: readonly RateLine[]): { amounts: Map<number, string>; total: string } {
  let total = 0n;
  const amounts = new Map<number, string>();
  for (const line of lines) {
    const amount = lineAmountSen(line.quantity, line.rate);
    amounts.set(line.lineNo, amount === null ? '' : formatSen(amount));
    if (amount !== null) total += amount;
  }
  return { amounts, total: formatSen(total) };
}

/** What stops a line from being sent (the server's codes), or nothing. */
export function lineProblem(line: RateLine): LineProblem | null {
  if (line.rate.trim() === '') return 'rateRequired';
  const sen = toSen(line.rate);
  if (sen === null) return 'moneyFormat';
  if (sen === 0n && !line.includeZeroRate) return 'zeroRateNotIncluded';
  return null;
}

/** The form's lines: the tender's items with the seller's last quotation (if any) filled in. */
export function startingLines(tender: Pick<SellerTender, 'items' | 'quotation'>): RateLine[] {
  const quoted = new Map((tender.quotation?.items ?? []).map((item) => [item.lineNo, item]));
  return tender.items.map((item) => ({
    lineNo: item.lineNo,
    quantity: item.quantity,
    rate: quoted.get(item.lineNo)?.rate ?? '',
    includeZeroRate: quoted.get(item.lineNo)?.includeZeroRate ?? false,
  }));
}

export const toQuoteLines = (lines: readonly RateLine[]): QuoteLine[] =>
  lines.map((line) => ({ lineNo: line.lineNo, rate: line.rate.trim(), ...(line.includeZeroRate ? { includeZeroRate: true } : {}) }));

/** Server time minus browser time, in ms, measured when the tender was read. */
export const clockOffset = (serverTime: string, browserNow: number): number => Date.parse(serverTime) - browserNow;

export type Countdown = { closed: boolean; days: number; hours: number; minutes: number; seconds: number };

/** Time left to closeAt on the server's clock (browser now + offset); closed from closeAt on (the server's rule: now >= closeAt). */
export function countdown(closeAt: string | null, browserNow: number, offset: number): Countdown | null {
  if (closeAt === null) return null;
  const left = Date.parse(closeAt) - (browserNow + offset);
  if (left <= 0) return { closed: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  const s = Math.floor(left / 1000);
  return {
    closed: false,
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}
