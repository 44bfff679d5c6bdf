// The company registration calls (the company's and the platform administrator's): register, edit, submit,
// read one, the review queue, and the decisions. The revision travels as If-Match where the page knows it.
import {
  DocumentListTotalCap,
  type CompanyRegistrationInput,
  type CompanyRegistrationRow,
  type CompanyRegistrationView,
  type CompanySubmissionStatusName,
} from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { adminJson, adminRequest } from '../providers/admin-request.js';
import { serverFieldErrors, type FieldName } from './registration-form.js';

const BASE = '/api/company/registrations';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const ifMatch = (revision: number | undefined) => (revision === undefined ? {} : { headers: { 'If-Match': `"${revision}"` } });

export type RegistrationReply = { success: true; id: string; revision: number; status?: CompanySubmissionStatusName };
export type RegistrationAction = 'Submit' | 'Approve' | 'Reject';

export const registerCompany = (input: CompanyRegistrationInput) => adminJson<RegistrationReply>(BASE, { method: 'POST', body: input });

export const updateRegistration = (id: string, input: CompanyRegistrationInput, revision?: number) =>
  adminJson<RegistrationReply>(one(id), { method: 'PUT', body: input, ...ifMatch(revision) });

export const registrationAction = (id: string, action: RegistrationAction, body: { remark?: string } = {}, revision?: number) =>
  adminJson<RegistrationReply>(`${one(id)}/actions/${action}`, { method: 'POST', body, ...ifMatch(revision) });

/** One registration (the api answers it under `data`, beside `success`). */
export async function companyRegistration(id: string): Promise<CompanyRegistrationView> {
  return (await adminJson<{ data: CompanyRegistrationView }>(one(id))).data;
}

export const QUEUE_PAGE = 25;
/** The api counts the queue up to this many rows (a search fewer), as it does the documents'; X-Total-Capped says it stopped. */
export const QUEUE_TOTAL_CAP = DocumentListTotalCap;

export type QueueQuery = { status: CompanySubmissionStatusName; q: string; page: number };
export type QueuePage = { rows: CompanyRegistrationRow[]; total: number; capped: boolean };

/** Waiting companies oldest submission first (a queue); any other status newest registration first. */
export function queueSort(status: CompanySubmissionStatusName): [string, 'ASC' | 'DESC'] {
  return status === 'submitted' ? ['submittedAt', 'ASC'] : ['registeredAt', 'DESC'];
}

export function queuePath({ status, q, page }: QueueQuery): string {
  const filter = { status, ...(q.trim() ? { q: q.trim() } : {}) };
  const range = [page * QUEUE_PAGE, page * QUEUE_PAGE + QUEUE_PAGE - 1];
  const params = new URLSearchParams({
    sort: JSON.stringify(queueSort(status)),
    range: JSON.stringify(range),
    filter: JSON.stringify(filter),
  });
  return `${BASE}?${params.toString()}`;
}

export async function registrationQueue(query: QueueQuery): Promise<QueuePage> {
  const reply = await adminRequest<CompanyRegistrationRow[]>(queuePath(query));
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length + query.page * QUEUE_PAGE);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' || total >= QUEUE_TOTAL_CAP };
}

/**
 * A refused registration or edit as the form shows it: the api's field errors on their fields, a taken
 * company code on the code, anything else (a registration number already on Binaan, a stale revision) as
 * the form's message, translated from its code.
 */
export function refusalOutcome(error: unknown): { fields?: Partial<Record<FieldName, string>>; message?: string } {
  if (!(error instanceof ApiError)) return { message: 'error.unknownError' };
  if (error.errorCode === 'companyCodeTaken') return { fields: { companyCode: 'error.companyCodeTaken' } };
  const fields = serverFieldErrors(error.fields);
  if (Object.keys(fields).length > 0) return { fields, message: 'company.register.fixErrors' };
  return { message: `error.${error.errorCode}` };
}
