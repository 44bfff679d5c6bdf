// How a company shows on documents: the directory's option text, and the other party of a list row (the
// counterparty of the company's own documents, the sender of those it received).
import type { CompanyDirectoryItem, DocumentListItem } from '@binaan/contracts';

export const companyText = (company?: CompanyDirectoryItem | null) => (company ? `${company.name} (${company.registrationNo})` : '');

export type OtherParty = { kind: 'to' | 'from' | 'none'; name: string };

export function otherParty(
  row: Pick<DocumentListItem, 'companyId' | 'companyName' | 'counterpartyCompanyId' | 'counterpartyName'>,
  myCompanyId: string | undefined,
): OtherParty {
  if (row.companyId !== myCompanyId) return { kind: 'from', name: row.companyName ?? row.companyId };
  if (!row.counterpartyCompanyId) return { kind: 'none', name: '-' };
  return { kind: 'to', name: row.counterpartyName ?? row.counterpartyCompanyId };
}
