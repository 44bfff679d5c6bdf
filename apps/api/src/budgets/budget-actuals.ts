// What was committed and claimed in a project, from the documents read model (the documents context's
// table, read only): awarded orders count as committed, claims as claimed. Documents carry no trade code,
// so the budget records which trade code each is counted under (BudgetDocumentAllocated).
import type { BudgetDocumentView } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { formatSen } from '../documents/money.js';

/** Orders the buyer approved and sent (pendingConfirmation), or the seller accepted or fulfilled. */
export const COMMITTED: Readonly<Record<string, readonly string[]>> = {
  purchaseOrder: ['pendingConfirmation', 'accepted', 'fulfilled'],
  workOrder: ['pendingConfirmation', 'accepted', 'fulfilled'],
  rentalOrder: ['pendingConfirmation', 'accepted', 'fulfilled'],
};
/** Claims made (not drafts, not rejected or cancelled). */
export const CLAIMED: Readonly<Record<string, readonly string[]>> = {
  progressiveClaim: ['pendingApproval', 'pendingVerification', 'approved', 'closed', 'invoiced'],
  milestoneClaim: ['pendingApproval', 'pendingCertification', 'approved'],
};

const COUNTED: Readonly<Record<string, readonly string[]>> = { ...COMMITTED, ...CLAIMED };

export type ProjectDocument = Omit<BudgetDocumentView, 'code'> & { sen: bigint };

/**
 * The project's orders and claims that count, the company's own and those addressed to it and shared (a
 * subcontractor's claim), oldest first. A project has tens to hundreds of them: all are read.
 */
export async function projectDocuments(db: SqlExecutor, companyId: string, projectId: string): Promise<ProjectDocument[]> {
  const rows = await db.query<{
    id: string;
    resource: string;
    document_no: string;
    title: string;
    status: string;
    total_sen: string | number;
  }>(
    // The lists' (resource, company_id, project_id, created_at, id) indexes, own and received, serve both branches.
    `SELECT id, resource, document_no, title, status, total_sen, created_at FROM documents WHERE resource = ANY($3::text[]) AND company_id = $2 AND project_id = $1
     UNION ALL
     SELECT id, resource, document_no, title, status, total_sen, created_at FROM documents
     WHERE resource = ANY($3::text[]) AND counterparty_company_id = $2 AND shared_with_counterparty AND project_id = $1
     ORDER BY created_at, id`,
    [projectId, companyId, Object.keys(COUNTED)],
  );
  return rows
    .filter((row) => COUNTED[row.resource]?.includes(row.status))
    .map((row) => {
      const sen = BigInt(row.total_sen);
      return {
        id: row.id,
        resource: row.resource,
        documentNo: row.document_no,
        title: row.title,
        status: row.status,
        total: formatSen(sen),
        sen,
        measure: row.resource in COMMITTED ? 'committed' : 'claimed',
      };
    });
}
