// Events of the business network.
// - `companyRelation-<low>-<high>` (type `companyRelation`): both companies' records of one pair, so one
//   action and its mirror on the other record are one append. `CompanyRelationChanged` carries the
//   company-relation machine's WorkflowStatusChanged (who, when, why, before and after) for one record;
//   `CompanyRelationKeptInView` marks a request received as kept in view (or no longer), with a reason.
// - `conversation-<conversationId>` (type `conversation`): `ConversationMessagePosted`; the text is sealed
//   under the author's user id (business-network.personal-data.ts).
// - `conversationReads-<userId>` (type `conversationReads`): `ConversationRead`, how far the user has read.
import { createHash } from 'node:crypto';
import type { WorkflowStatusChanged } from '@binaan/contracts';

export const RELATION_STREAM_TYPE = 'companyRelation';
export const CONVERSATION_STREAM_TYPE = 'conversation';
export const CONVERSATION_READS_STREAM_TYPE = 'conversationReads';

export type RelationSide = 'inviter' | 'invitee';

export type CompanyRelationChangedData = {
  /** Whose record this is. */
  companyId: string;
  otherCompanyId: string;
  /** Who sent the invitation this record is about (from this record's company's view). */
  side: RelationSide;
  change: WorkflowStatusChanged<'companyRelation'>;
};

export type CompanyRelationKeptInViewData = { companyId: string; otherCompanyId: string; kept: boolean; reason: string | null };

export type ConversationMessagePostedData = {
  conversationId: string;
  messageId: string;
  /** The author's company; the other company of the pair reads it as a message received. */
  companyId: string;
  otherCompanyId: string;
  authorUserId: string;
  text: string;
};

export type ConversationReadData = { conversationId: string; userId: string; companyId: string; throughPosition: number };

/** A partner or client evaluated with the company's vendor appraisal questionnaire (its own record, never shown to the other). */
export type PartnerEvaluatedData = {
  evaluationId: string;
  companyId: string;
  otherCompanyId: string;
  questionnaireId: string;
  questionnaireRevision: number;
  questionnaireName: string;
  answers: { questionId: string; text: string; weight: number; score: number }[];
  score: number;
  remark: string | null;
};

export const PARTNER_EVALUATION_STREAM_TYPE = 'partnerEvaluation';
export const partnerEvaluationStream = (companyId: string, otherCompanyId: string) => `partnerEvaluation-${companyId}-${otherCompanyId}`;

export type BusinessNetworkEvent =
  | { type: 'CompanyRelationChanged'; data: CompanyRelationChangedData }
  | { type: 'CompanyRelationKeptInView'; data: CompanyRelationKeptInViewData }
  | { type: 'ConversationMessagePosted'; data: ConversationMessagePostedData }
  | { type: 'ConversationRead'; data: ConversationReadData }
  | { type: 'PartnerEvaluated'; data: PartnerEvaluatedData };

export const RELATION_EVENT_TYPES = ['CompanyRelationChanged', 'CompanyRelationKeptInView'] as const;
export const CONVERSATION_EVENT_TYPES = ['CompanyRelationChanged', 'ConversationMessagePosted', 'ConversationRead'] as const;

/** The pair in a fixed order, so both companies name the same stream and conversation. */
export function pairOf(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

export const relationStream = (a: string, b: string) => `companyRelation-${pairOf(a, b).join('-')}`;

/** One conversation per pair of companies; its id is derived from the pair (UUID layout over SHA-256). */
export function conversationIdOf(a: string, b: string): string {
  const hex = createHash('sha256')
    .update(`conversation:${pairOf(a, b).join(':')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;
export const conversationReadsStream = (userId: string) => `conversationReads-${userId}`;
