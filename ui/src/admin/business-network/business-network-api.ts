// The business network's calls: relations (lists, actions), companies to invite, conversations and messages.
import type {
  ConversationMessage,
  ConversationMessagePage,
  ConversationRow,
  NetworkCompanyRow,
  PartnerEvaluationRow,
  RelationAction,
  RelationList,
  RelationRow,
  UnreadConversations,
} from '@binaan/contracts';
import { adminJson, adminRequest } from '../providers/admin-request.js';

export const NETWORK_PAGE = 25;
export type Page<T> = { rows: T[]; total: number; capped: boolean };

async function listOf<T>(path: string, params: Record<string, unknown>, page: number): Promise<Page<T>> {
  const range = [page * NETWORK_PAGE, page * NETWORK_PAGE + NETWORK_PAGE - 1];
  const query = new URLSearchParams({ range: JSON.stringify(range) });
  for (const [key, value] of Object.entries(params)) query.set(key, JSON.stringify(value));
  const reply = await adminRequest<T[]>(`${path}?${query.toString()}`);
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length + page * NETWORK_PAGE);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' };
}

export const relations = (list: RelationList, page: number) =>
  listOf<RelationRow>('/api/business-network/relations', { filter: { list } }, page);

export const networkCompanies = (q: string, page: number) =>
  listOf<NetworkCompanyRow>('/api/business-network/companies', { filter: q.trim() ? { q: q.trim() } : {}, sort: ['name', 'ASC'] }, page);

export const conversations = (page: number) => listOf<ConversationRow>('/api/business-network/conversations', {}, page);

export const unreadConversations = () => adminJson<UnreadConversations>('/api/business-network/conversations-unread');

export function actOnRelation(companyId: string, action: RelationAction, remark?: string): Promise<RelationRow> {
  return adminJson<RelationRow>(`/api/business-network/relations/${encodeURIComponent(companyId)}/actions/${action}`, {
    method: 'POST',
    body: remark ? { remark } : {},
  });
}

export function messages(conversationId: string, after: string | null): Promise<ConversationMessagePage> {
  const query = new URLSearchParams({ limit: '25', ...(after ? { after } : {}) });
  return adminJson<ConversationMessagePage>(
    `/api/business-network/conversations/${encodeURIComponent(conversationId)}/messages?${query.toString()}`,
  );
}

export function sendMessage(conversationId: string, text: string): Promise<ConversationMessage> {
  return adminJson<ConversationMessage>(`/api/business-network/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: { text },
  });
}

export function markRead(conversationId: string): Promise<{ unread: number }> {
  return adminJson<{ unread: number }>(`/api/business-network/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
    body: {},
  });
}

/** The company's latest evaluations of a partner or client (newest first). */
export function partnerEvaluations(companyId: string): Promise<PartnerEvaluationRow[]> {
  const query = new URLSearchParams({ range: JSON.stringify([0, NETWORK_PAGE - 1]) });
  return adminJson<PartnerEvaluationRow[]>(
    `/api/business-network/relations/${encodeURIComponent(companyId)}/evaluations?${query.toString()}`,
  );
}

export function evaluatePartner(
  companyId: string,
  body: { questionnaireId: string; scores: Record<string, number>; remark?: string },
): Promise<PartnerEvaluationRow> {
  return adminJson<PartnerEvaluationRow>(`/api/business-network/relations/${encodeURIComponent(companyId)}/evaluations`, {
    method: 'POST',
    body,
  });
}
