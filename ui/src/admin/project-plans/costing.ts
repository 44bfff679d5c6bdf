// Tender costing: the BQ priced from build-ups, per item its cost (quantity x build-up rate, the
// build-up's labour, material and plant lines or its total sub), its price (the item's amount) and the
// profit between them; headers and tabs sum their rows. Exact: amounts in sen (bigint), as the api keeps them.
import type { BqNode, BqTab } from '@binaan/contracts';

export type BuildUpLine = {
  category: 'labour' | 'material' | 'plant';
  quantity: string;
  rate: string;
  description?: string;
  unit?: string | null;
};
/** The company profit parameter a build-up names, as it stood when the build-up was saved. */
export type BuildUpProfitParameter = { id: string; code: string; description: string };
export type BuildUp = {
  code: string;
  description: string;
  totalSub: string | null;
  lines: BuildUpLine[];
  profitPercent: string;
  profitParameter?: BuildUpProfitParameter | null;
};
export type BqRead = { tabs: BqTab[]; nodes: BqNode[]; buildUps: BuildUp[]; amount: string };

export type CostingRow = {
  id: string;
  depth: number;
  type: 'header' | 'item';
  title: string;
  code: string | null;
  quantity: string | null;
  costRate: string | null;
  cost: bigint | null;
  profit: bigint | null;
  price: bigint;
};
export type CostingTab = { id: string; name: string; rows: CostingRow[]; cost: bigint; profit: bigint; price: bigint };

/** "12.5" -> 1250n; null for empty or not a number. */
export function sen(text: string | null): bigint | null {
  if (text === null || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
}

/** quantity x rate, rounded half up to the sen (the api's rule). */
export function times(quantity: string, rateSen: bigint): bigint {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const thousandths = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  const product = thousandths * rateSen;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + 500n) / 1000n;
  return negative ? -rounded : rounded;
}

export function formatSen(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A build-up's labour, material and plant sums (quantity x rate per line). */
export function buildUpSums(buildUp: BuildUp): Record<BuildUpLine['category'], bigint> {
  const sums = { labour: 0n, material: 0n, plant: 0n };
  for (const line of buildUp.lines) sums[line.category] += times(line.quantity, sen(line.rate) ?? 0n);
  return sums;
}

/** The BQ as tender costing: per tab its rows depth first with cost, profit and price, and the tab's totals. */
export function costingOf(bq: BqRead): { tabs: CostingTab[]; cost: bigint; profit: bigint; price: bigint } {
  const byId = new Map(bq.nodes.map((node) => [node.id, node]));
  const depth = (node: BqNode): number => (node.parentId === null ? 0 : depth(byId.get(node.parentId)!) + 1);
  const rows = new Map<string, CostingRow>();
  for (const node of bq.nodes) {
    const price = sen(node.amount) ?? 0n;
    const rate = sen(node.buildUpRate);
    const cost =
      node.type === 'item' && node.buildUpCode !== null && rate !== null && node.quantity !== null ? times(node.quantity, rate) : null;
    rows.set(node.id, {
      id: node.id,
      depth: depth(node),
      type: node.type,
      title: node.title,
      code: node.type === 'item' ? node.buildUpCode : null,
      quantity: node.quantity,
      costRate: node.type === 'item' && cost !== null ? node.buildUpRate : null,
      cost: node.type === 'header' ? 0n : cost,
      profit: cost === null ? null : price - cost,
      price,
    });
  }
  // Headers sum the cost and profit of the items under them that a build-up prices (a header's price is the api's).
  for (const node of [...bq.nodes].reverse()) {
    const row = rows.get(node.id)!;
    if (node.parentId === null) continue;
    const parent = rows.get(node.parentId)!;
    parent.cost = (parent.cost ?? 0n) + (row.cost ?? 0n);
    parent.profit = (parent.profit ?? 0n) + (row.profit ?? 0n);
  }
  const tabs = bq.tabs.map((tab): CostingTab => {
    const tabRows = bq.nodes.filter((node) => node.tabId === tab.id).map((node) => rows.get(node.id)!);
    const top = tabRows.filter((row) => row.depth === 0);
    return {
      id: tab.id,
      name: tab.name,
      rows: tabRows,
      price: sen(tab.amount) ?? 0n,
      cost: top.reduce((sum, row) => sum + (row.cost ?? 0n), 0n),
      profit: top.reduce((sum, row) => sum + (row.profit ?? 0n), 0n),
    };
  });
  return {
    tabs,
    price: sen(bq.amount) ?? 0n,
    cost: tabs.reduce((s, t) => s + t.cost, 0n),
    profit: tabs.reduce((s, t) => s + t.profit, 0n),
  };
}
