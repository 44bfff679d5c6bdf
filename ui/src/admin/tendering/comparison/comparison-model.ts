// The comparison sheet as the api sends it (GET /api/tendering/tenders/<id>/comparison), read page by page
// (keyset on the line number) into one sheet, and the text each cell shows.
import { adminJson } from '../../providers/admin-request.js';

export type CellState = 'quoted' | 'included' | 'excluded' | 'missing';
export type Deviation = { amount: string; percent: string | null };
/** A line's cells column by column (index = the seller's place in `sellers`); states other than quoted listed by index. */
export type LineCells = {
  rates: (string | null)[];
  amounts: (string | null)[];
  deviations: (string | null)[];
  lowest: number[];
  included: number[];
  excluded: number[];
  missing: number[];
};
/** One seller's cell of a line, as the grid shows it. */
export type Cell = { state: CellState; rate: string | null; amount: string | null; lowest: boolean; percent: string | null };
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

/** Seller `index`'s cell of a line. */
export function cellOf(row: LineCells, index: number): Cell {
  const state: CellState = row.missing.includes(index)
    ? 'missing'
    : row.excluded.includes(index)
      ? 'excluded'
      : row.included.includes(index)
        ? 'included'
        : 'quoted';
  return {
    state,
    rate: row.rates[index] ?? null,
    amount: row.amounts[index] ?? null,
    lowest: row.lowest.includes(index),
    percent: row.deviations[index] ?? null,
  };
}
export type ComparisonSheet = {
  tenderId: string;
  documentNo: string;
  title: string;
  status: string;
  estimate: { total: string };
  lines: number;
  sellers: ComparisonSeller[];
  items: ComparisonRow[];
  nextAfter: number | null;
  notQuoted: { sellerCompanyId: string; sellerName: string | null }[];
};

/** The api's largest page: 1,000 lines are two calls. */
export const PAGE_LINES = 500;

/** Every page of the sheet, one after the other (each page repeats the sellers' totals; the first is kept). */
export async function loadSheet(
  tenderId: string,
  fetchPage: (path: string) => Promise<ComparisonSheet> = adminJson,
): Promise<ComparisonSheet> {
  const base = `/api/tendering/tenders/${encodeURIComponent(tenderId)}/comparison?limit=${PAGE_LINES}`;
  const first = await fetchPage(base);
  const items = [...first.items];
  let after = first.nextAfter;
  while (after !== null) {
    const page = await fetchPage(`${base}&after=${after}`);
    items.push(...page.items);
    after = page.nextAfter;
  }
  return { ...first, items, nextAfter: null };
}

/** A signed percent as shown: "+1.95 %", "-2.44 %", "0.00 %"; a dash when there is no estimate to compare. */
export function percentText(deviation: Deviation | null): string {
  if (deviation === null || deviation.percent === null) return '–';
  const value = deviation.percent;
  return `${value.startsWith('-') || /^0\.00$/.test(value) ? '' : '+'}${value} %`;
}
