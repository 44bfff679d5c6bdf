// The business network's and the vendor appraisals' lists for the lists bench (apps/api/src/business-network,
// apps/api/src/vendor-appraisals): the bench company's relations (partners, requests received, all), its
// conversations, the messages of one conversation grown to the size (a conversation keeps every message), and
// its vendor appraisals, grown in SQL. Each call has an index for its order: company_relations_list and
// company_relations_newest, conversations_low and conversations_high, conversation_messages' primary key
// (conversation, position), vendor_appraisals_by_company. BENCH_CALLS=network measures these alone.
import type { PlanCall } from './plan-lists.js';
import { COMPANY, OTHER } from './seed.js';

/** The conversation whose messages grow with the size (the first one grown; messages from both sides). */
export const BENCH_CONVERSATION = 'bench-conversation-0';

export const NETWORK_CALLS: PlanCall[] = [
  {
    name: 'network: partners, newest change first',
    as: 'companyAdmin',
    path: '/api/business-network/relations',
    filter: { list: 'partners' },
    bare: {
      table: 'company_relations',
      owner: 'company_id',
      where: "status = 'approved' AND side = 'inviter'",
      order: 'updated_at DESC, other_company_id DESC',
    },
  },
  {
    name: 'network: requests received',
    as: 'companyAdmin',
    path: '/api/business-network/relations',
    filter: { list: 'requestsReceived' },
    bare: {
      table: 'company_relations',
      owner: 'company_id',
      where: "status = 'beInvited' AND side = 'invitee' AND kept_in_view = false",
      order: 'updated_at DESC, other_company_id DESC',
    },
  },
  {
    name: 'network: all relations',
    as: 'companyAdmin',
    path: '/api/business-network/relations',
    bare: { table: 'company_relations', owner: 'company_id', order: 'updated_at DESC, other_company_id DESC' },
  },
  {
    name: 'network: conversations, latest first',
    as: 'companyAdmin',
    path: '/api/business-network/conversations',
    bare: { table: 'conversations', owner: 'company_low', order: 'last_position DESC' },
  },
  {
    name: 'network: messages of one conversation, newest first',
    as: 'companyAdmin',
    path: `/api/business-network/conversations/${BENCH_CONVERSATION}/messages`,
    query: { limit: '25' },
    bare: { table: 'conversation_messages', owner: 'conversation_id', ownerValue: BENCH_CONVERSATION, order: 'position DESC' },
  },
  {
    name: 'network: vendor appraisals, newest first',
    as: 'companyAdmin',
    path: '/api/vendor-appraisals',
    query: { limit: '25' },
    bare: { table: 'vendor_appraisals', owner: 'company_id', order: 'position DESC' },
  },
];

/**
 * Rows n = from .. to-1: a relation of the bench company (a quarter each partners, clients, requests received
 * with one in ten kept in view, requests sent), a conversation of it, a message in the bench conversation, and
 * an appraisal of one of 50 vendors. The other companies of relations and conversations sort after it
 * ('zz-…'), so the bench company is each conversation's company_low.
 */
export function growNetworkSql(from: number, to: number): string[] {
  if (to <= from) return [];
  const series = `generate_series(${from}, ${to - 1}) AS n`;
  return [
    `INSERT INTO company_relations (company_id, other_company_id, status, side, kept_in_view, updated_at, position, revision, last_remark)
       SELECT '${COMPANY}', 'zz-bench-company-' || n, (ARRAY['approved', 'approved', 'beInvited', 'invited'])[1 + n % 4],
         (ARRAY['inviter', 'invitee', 'invitee', 'inviter'])[1 + n % 4], n % 4 = 2 AND n % 10 = 2,
         now() - n * interval '1 second', n, 1, NULL FROM ${series}`,
    `INSERT INTO conversations (conversation_id, company_low, company_high, last_position, last_message_at, opened_at)
       SELECT 'bench-conversation-' || n, '${COMPANY}', 'zz-bench-company-' || n, n, now(), now() FROM ${series}`,
    `INSERT INTO conversation_messages (conversation_id, position, message_id, company_id, author_user_id, text, sent_at)
       SELECT '${BENCH_CONVERSATION}', n + 1, 'bench-message-' || n, CASE WHEN n % 2 = 0 THEN '${COMPANY}' ELSE '${OTHER}' END,
         'bench-user', 'Delivery of the next lot confirmed for Thursday ' || n, now() FROM ${series}`,
    `INSERT INTO vendor_appraisals (appraisal_id, position, company_id, vendor_id, questionnaire_id, questionnaire_name, score_percent,
         remark, project_id, project_name, document_id, document_no, status, appraised_at, appraised_by, revision)
       SELECT 'bench-appraisal-' || n, n, '${COMPANY}', 'zz-bench-company-' || (n % 50), 'bench-questionnaire', 'Supplier appraisal',
         50 + n % 50, NULL, NULL, NULL, NULL, NULL, 'recorded', now(), 'bench-user', 1 FROM ${series}`,
  ];
}

export const NETWORK_ANALYZE = ['company_relations', 'conversations', 'conversation_messages', 'vendor_appraisals'].map(
  (table) => `VACUUM ANALYZE ${table}`,
);
