// The comparison sheet (bid levelling), pure: the tender's items down, the sellers' latest quotations
// across. Each cell the rate and amount as the seller sent them, the lowest rate per item marked (every
// tie), totals per seller, missing and excluded lines, and the deviation from the buyer's own estimate
// (the tender's item rates) per item and in total. Money is exact (sen in BigInt), never floating point.
import { formatSen, parseMoney } from '../../documents/money.js';
import type { QuotationState } from '../tendering.decider.js';

export type EstimateLine = { lineNo: number; description: string; unit: string; quantity: string; rate: string; amount: string };
export type Bidder = { sellerCompanyId: string; sellerName: string | null; quotation: QuotationState };

/**
 * A cell's state: `quoted` (a rate above 0), `included` (0 with the include box: in scope at no charge),
 * `excluded` (0 without the box: the seller prices no such work; not counted as lowest), `missing` (the
 * line is not in the seller's quotation, e.g. added by an addendum after it was sent).
 */
export type CellState = 'quoted' | 'included' | 'excluded' | 'missing';
export type Deviation = { amount: string; percent: string | null };
/**
 * A line across the sellers, column by column (index i is the sheet's i-th seller): 50 sellers x 1,000
 * lines is 50,000 cells, so each is a few strings in arrays rather than an object of its own (a third of the
 * bytes to build, compress and parse). `deviations[i]` is the seller's amount against the estimate's, in
 * percent (null when missing, or when the estimate is 0); the states other than `quoted` are listed by index.
 */
export type LineCells = {
  rates: (string | null)[];
  amounts: (string | null)[];
  deviations: (string | null)[];
  lowest: number[];
  included: number[];
  excluded: number[];
  missing: number[];
};

export type ComparisonSeller = {
  sellerCompanyId: string;
  sellerName: string | null;
  revision: number;
  submittedAt: string;
  revisedAt: string;
  rank: number;
  total: string;
  quoted: number;
  included: number;
  excluded: number;
  missing: number;
  lowestLines: number;
  deviation: Deviation;
};
export type ComparisonRow = {
  lineNo: number;
  description: string;
  unit: string;
  quantity: string;
  estimate: { rate: string; amount: string };
  lowestRate: string | null;
} & LineCells;
export type ComparisonSheet = {
  estimate: { total: string };
  lines: number;
  sellers: ComparisonSeller[];
  items: ComparisonRow[];
  nextAfter: number | null;
};

const sen = (text: string): bigint => parseMoney(text) ?? 0n;

/** (value - base) and its percent of base (two places, half away from zero); no percent when base is 0. */
export function deviation(value: bigint, base: bigint): Deviation {
  const diff = value - base;
  if (base === 0n) return { amount: formatSen(diff), percent: null };
  const scaled = diff * 10_000n;
  const magnitude = ((scaled < 0n ? -scaled : scaled) * 2n + base) / (base * 2n);
  return { amount: formatSen(diff), percent: formatSen(scaled < 0n ? -magnitude : magnitude) };
}

type Priced = { state: CellState; rate: bigint; amount: bigint } | { state: 'missing' };

function cellOf(line: { rate: string; includeZeroRate: boolean; amount: string } | undefined): Priced {
  if (line === undefined) return { state: 'missing' };
  const rate = sen(line.rate);
  return { state: rate > 0n ? 'quoted' : line.includeZeroRate ? 'included' : 'excluded', rate, amount: sen(line.amount) };
}

/**
 * The whole sheet's sellers (totals, counts, rank by total, lowest lines) and one page of its items: lines
 * after `after`, at most `limit` (keyset on the line number, so a page costs the same wherever it starts).
 */
export function buildComparison(
  estimate: readonly EstimateLine[],
  bidders: readonly Bidder[],
  page: { after: number; limit: number },
): ComparisonSheet {
  const lines = [...estimate].sort((a, b) => a.lineNo - b.lineNo);
  const byLine = bidders.map((bidder) => new Map(bidder.quotation.data.items.map((item) => [item.lineNo, item])));
  const totals = bidders.map(() => ({ total: 0n, quoted: 0, included: 0, excluded: 0, missing: 0, lowestLines: 0 }));
  let estimateTotal = 0n;
  const pageRows: ComparisonRow[] = [];
  let nextAfter: number | null = null;
  for (const line of lines) {
    const estimateAmount = sen(line.amount);
    estimateTotal += estimateAmount;
    const cells = byLine.map((quoted) => cellOf(quoted.get(line.lineNo)));
    // The lowest rate among those that price the work (a 0 with the include box counts: it is a price).
    let lowest: bigint | null = null;
    for (const cell of cells)
      if ((cell.state === 'quoted' || cell.state === 'included') && 'rate' in cell && (lowest === null || cell.rate < lowest))
        lowest = cell.rate;
    cells.forEach((cell, index) => {
      const sum = totals[index]!;
      sum[cell.state] += 1;
      if ('amount' in cell) sum.total += cell.amount;
      if (lowest !== null && 'rate' in cell && cell.state !== 'excluded' && cell.rate === lowest) sum.lowestLines += 1;
    });
    if (line.lineNo <= page.after) continue;
    if (pageRows.length === page.limit) {
      nextAfter ??= pageRows[pageRows.length - 1]!.lineNo;
      continue;
    }
    const row: ComparisonRow = {
      lineNo: line.lineNo,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      estimate: { rate: line.rate, amount: line.amount },
      lowestRate: lowest === null ? null : formatSen(lowest),
      rates: [],
      amounts: [],
      deviations: [],
      lowest: [],
      included: [],
      excluded: [],
      missing: [],
    };
    cells.forEach((cell, index) => {
      if (!('rate' in cell)) {
        row.rates.push(null);
        row.amounts.push(null);
        row.deviations.push(null);
        row.missing.push(index);
        return;
      }
      row.rates.push(formatSen(cell.rate));
      row.amounts.push(formatSen(cell.amount));
      row.deviations.push(deviation(cell.amount, estimateAmount).percent);
      if (cell.state === 'included') row.included.push(index);
      if (cell.state === 'excluded') row.excluded.push(index);
      else if (cell.rate === lowest) row.lowest.push(index);
    });
    pageRows.push(row);
  }
  const ranked = totals
    .map((sum, index) => ({ sum, index }))
    .sort((a, b) => (a.sum.total < b.sum.total ? -1 : a.sum.total > b.sum.total ? 1 : a.index - b.index));
  const rankOf = new Map(ranked.map((entry, position) => [entry.index, position + 1]));
  return {
    estimate: { total: formatSen(estimateTotal) },
    lines: lines.length,
    sellers: bidders.map((bidder, index) => {
      const sum = totals[index]!;
      return {
        sellerCompanyId: bidder.sellerCompanyId,
        sellerName: bidder.sellerName,
        revision: bidder.quotation.revision,
        submittedAt: bidder.quotation.submittedAt,
        revisedAt: bidder.quotation.revisedAt,
        rank: rankOf.get(index)!,
        total: formatSen(sum.total),
        quoted: sum.quoted,
        included: sum.included,
        excluded: sum.excluded,
        missing: sum.missing,
        lowestLines: sum.lowestLines,
        deviation: deviation(sum.total, estimateTotal),
      };
    }),
    items: pageRows,
    nextAfter,
  };
}
