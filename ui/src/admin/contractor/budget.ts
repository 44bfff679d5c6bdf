// The contractor's budget per project (signed-in-area.md §2.4 "budget"; the api records no budget figures, so
// it is the cost and value picture the documents give, from GET document-totals): what was awarded to the
// company, what it committed to others, and what it was invoiced. Sums in sen, never floats.
import type { DocumentResource, DocumentTotalsRow } from '@binaan/contracts';
import { formatSen, toSen } from '../documents/document-rules.js';

/** Orders and awards: what binds one company to pay another. */
export const ORDER_KINDS: ReadonlySet<DocumentResource> = new Set([
  'purchaseOrder',
  'workOrder',
  'rentalOrder',
  'letterOfAward',
  'serviceOrder',
  'subPurchaseOrder',
  'subRentalOrder',
]);
/** The other side accepted (or the work went on from there). */
export const BINDING = new Set(['accepted', 'fulfilled', 'confirmed', 'invoiced']);
/** On its way: in approval or waiting for the other side's answer. */
export const PENDING = new Set(['pendingConfirmation', 'pending confirmation', 'pending', 'pendingApproval']);

export const BUDGET_COLUMNS = ['contractValue', 'offered', 'committed', 'pendingCommitments', 'invoicedToUs', 'margin'] as const;
export type BudgetColumn = (typeof BUDGET_COLUMNS)[number];
export type BudgetLine = { projectId: string | null } & Record<BudgetColumn, string> & { documents: number };

function column(row: DocumentTotalsRow): Exclude<BudgetColumn, 'margin'> | null {
  if (ORDER_KINDS.has(row.resource)) {
    if (row.direction === 'received') return BINDING.has(row.status) ? 'contractValue' : PENDING.has(row.status) ? 'offered' : null;
    return BINDING.has(row.status) ? 'committed' : PENDING.has(row.status) ? 'pendingCommitments' : null;
  }
  if (row.resource === 'invoice' && row.direction === 'received' && row.status === 'accepted') return 'invoicedToUs';
  return null;
}

/** One line per project that has any of it (no project last), and the company's total. */
export function budgetLines(rows: readonly DocumentTotalsRow[]): { lines: BudgetLine[]; total: BudgetLine } {
  const sums = new Map<string | null, { values: Record<Exclude<BudgetColumn, 'margin'>, bigint>; documents: number }>();
  for (const row of rows) {
    const into = column(row);
    if (!into) continue;
    const entry = sums.get(row.projectId) ?? {
      values: { contractValue: 0n, offered: 0n, committed: 0n, pendingCommitments: 0n, invoicedToUs: 0n },
      documents: 0,
    };
    entry.values[into] += toSen(row.total) ?? 0n;
    entry.documents += row.count;
    sums.set(row.projectId, entry);
  }
  const line = (projectId: string | null, values: Record<Exclude<BudgetColumn, 'margin'>, bigint>, documents: number): BudgetLine => ({
    projectId,
    documents,
    contractValue: formatSen(values.contractValue),
    offered: formatSen(values.offered),
    committed: formatSen(values.committed),
    pendingCommitments: formatSen(values.pendingCommitments),
    invoicedToUs: formatSen(values.invoicedToUs),
    margin: formatSen(values.contractValue - values.committed),
  });
  const ordered = [...sums.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
  const all = { contractValue: 0n, offered: 0n, committed: 0n, pendingCommitments: 0n, invoicedToUs: 0n };
  let documents = 0;
  for (const [, entry] of ordered) {
    for (const key of Object.keys(all) as (keyof typeof all)[]) all[key] += entry.values[key];
    documents += entry.documents;
  }
  return { lines: ordered.map(([projectId, entry]) => line(projectId, entry.values, entry.documents)), total: line(null, all, documents) };
}
