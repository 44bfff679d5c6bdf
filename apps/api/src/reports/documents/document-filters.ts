// The filters every document section applies: the company's side, the project, the counterparty.
import type { ReportQuery } from '../report-section.js';

export type SqlParts = { where: string[]; params: unknown[] };

/** Adds `d.<side>_company_id = company` and the query's project and counterparty (the other side) filters. */
export function sideFilters(query: ReportQuery, side: 'buyer' | 'seller' | 'owner', parts: SqlParts): SqlParts {
  const add = (sql: (n: number) => string, value: unknown) => {
    parts.params.push(value);
    parts.where.push(sql(parts.params.length));
  };
  const own = side === 'owner' ? 'd.company_id' : `d.${side}_company_id`;
  add((n) => `${own} = $${n}`, query.companyId);
  if (query.projectId) add((n) => `d.project_id = $${n}`, query.projectId);
  if (query.counterpartyId) {
    const other =
      side === 'buyer'
        ? 'd.seller_company_id'
        : side === 'seller'
          ? 'd.buyer_company_id'
          : `(CASE WHEN d.buyer_company_id = d.company_id THEN d.seller_company_id ELSE d.buyer_company_id END)`;
    add((n) => `${other} = $${n}`, query.counterpartyId);
  }
  return parts;
}

/** Adds a parameter and answers its placeholder. */
export function param(parts: SqlParts, value: unknown): string {
  parts.params.push(value);
  return `$${parts.params.length}`;
}
