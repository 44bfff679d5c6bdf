// The platform administrator's review queue: companies of one status (submitted by default), oldest
// submission first. One indexed range a page (companies_review_* serve each sort within a status) and a
// count that stops at the cap, so a page costs the same at a million companies as at a thousand.

import { DocumentListTotalCap, ErrorCodes, type CompanyRegistrationRow, type CompanySubmissionStatusName } from '@binaan/contracts';
import type { SqlExecutor } from '@binaan/event-store';
import { listFilter } from '../common/list-query.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { refusal } from '../common/refusal.js';
import { like, parsePageQuery } from './company-directory.js';
import { SUBMISSION_STATUS_NUMBER } from './company-state.js';
import { iso, isoOrNull } from '../common/iso.js';

const SORTS: Readonly<Record<string, string>> = { submittedAt: 'submitted_at', registeredAt: 'registered_at', name: 'name' };
const STATUS_NAMES = Object.keys(SUBMISSION_STATUS_NUMBER) as CompanySubmissionStatusName[];
const SEARCH_CAP = 1_000;

type Row = {
  company_id: string;
  name: string;
  registration_no: string;
  registration_no_new: string | null;
  subscription_type: number;
  status: number;
  registered_at: Date | string;
  submitted_at: Date | string | null;
};

export async function registrationList(db: SqlExecutor, query: Record<string, unknown>) {
  const page = parsePageQuery({ sort: '["submittedAt","ASC"]', ...query }, SORTS);
  const filter = parseFilter(query.filter);
  const status = SUBMISSION_STATUS_NUMBER[filter.status];
  const params: unknown[] = [status];
  let where = 'c.status = $1';
  if (page.q) {
    params.push(like(page.q), like(page.q.replace(/[^0-9A-Za-z]/g, '') || page.q));
    where += ` AND (c.name ILIKE $2 OR regexp_replace(c.registration_no, '[^0-9A-Za-z]', '', 'g') ILIKE $3 OR c.registration_no_new ILIKE $3)`;
  }
  const limit = page.range.to - page.range.from + 1;
  const direction = page.sort.direction;
  // NULLs (never submitted) last whichever way: the index serves (status, column, id) in either direction.
  const rows = await db.query<Row>(
    `SELECT c.company_id, c.name, c.registration_no, c.registration_no_new, c.subscription_type, c.status, c.registered_at, c.submitted_at
     FROM companies c WHERE ${where} ORDER BY c.${page.sort.column} ${direction}, c.company_id ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
    params,
  );
  const cap = page.q ? SEARCH_CAP : DocumentListTotalCap;
  const { counted, capped } = await cappedCount(db, 'companies c', where, params, cap);
  return {
    rows: rows.map((row): CompanyRegistrationRow => ({
      id: row.company_id,
      name: row.name,
      registrationNo: row.registration_no,
      registrationNoNew: row.registration_no_new ?? '',
      subscriptionType: Number(row.subscription_type),
      status: STATUS_NAMES[Number(row.status) - 1]!,
      registeredAt: iso(row.registered_at),
      submittedAt: isoOrNull(row.submitted_at),
    })),
    total: pageTotal(counted, page.range, rows.length),
    capped,
    range: page.range,
  };
}

function parseFilter(raw: unknown): { status: CompanySubmissionStatusName } {
  const status = listFilter(raw).status ?? 'submitted';
  if (typeof status !== 'string' || !(STATUS_NAMES as string[]).includes(status))
    throw invalidFilter(`status must be one of ${STATUS_NAMES.join(', ')}`);
  return { status: status as CompanySubmissionStatusName };
}

const invalidFilter = (message: string) =>
  refusal(400, ErrorCodes.validationFailed, `Check these fields: filter (${message}).`, { fields: { filter: [message] } });
