// The business network's calls (apps/api/src/business-network): a company's relations with other companies
// (invitations to be partners, partners, clients, requests received and sent, kept in view) and the
// conversations between two companies.
import type { WorkflowStatus } from './workflow-resources.js';

export type CompanyRelationStatus = WorkflowStatus<'companyRelation'>;

/** Which list of relations: the `filter.list` of `GET /api/business-network/relations`. */
export const RelationLists = ['partners', 'clients', 'requestsReceived', 'requestsSent', 'kiv', 'all'] as const;
export type RelationList = (typeof RelationLists)[number];

/** What a company may do with a relation (`POST /api/business-network/relations/<companyId>/actions/<action>`). */
export const RelationActions = ['Invite', 'Accept', 'Reject', 'Cancel', 'KeepInView', 'StopKeepingInView'] as const;
export type RelationAction = (typeof RelationActions)[number];

/** One relation as the chosen company sees it. `id` is the other company's id. */
export type RelationRow = {
  id: string;
  companyName: string;
  status: CompanyRelationStatus;
  /** Who sent the latest invitation: we did (`inviter`) or they did (`invitee`). */
  side: 'inviter' | 'invitee';
  /** Approved and we invited them: they are our partner. Approved and they invited us: they are our client. */
  role: 'partner' | 'client' | null;
  keptInView: boolean;
  updatedAt: string;
  lastRemark: string | null;
  conversationId: string;
  revision: number;
};

export type RelationHistoryRow = {
  event: string;
  status: CompanyRelationStatus | 'none';
  at: string;
  actorUserId: string | null;
  actorName: string | null;
  remark: string | null;
};

/** A company the chosen company may invite, with where the relation stands (`noRelation` when there is none). */
export type NetworkCompanyRow = { id: string; companyName: string; status: CompanyRelationStatus };

export type ConversationRow = {
  id: string;
  otherCompanyId: string;
  otherCompanyName: string;
  lastMessageAt: string | null;
  /** Messages from the other company after the user's last read one, counted up to 100 (`unreadCapped` past it). */
  unread: number;
  unreadCapped: boolean;
};

export type ConversationMessage = {
  id: string;
  /** The message's place in the conversation (increasing); the read marker names it. */
  position: string;
  companyId: string;
  authorUserId: string;
  /** The author's name; `[erased]` once the person is forgotten. */
  authorName: string | null;
  /** `[erased]` once the author is forgotten. */
  text: string;
  sentAt: string;
  mine: boolean;
};

export type ConversationMessagePage = { items: ConversationMessage[]; next: string | null };

export type UnreadConversations = { total: number; capped: boolean; conversations: number };

/** Longest message text. */
export const ConversationMessageMaxLength = 4000;

/** A partner evaluation: the company's vendor appraisal questionnaire answered for a partner or client. */
export type PartnerEvaluationRow = {
  id: string;
  questionnaireId: string;
  questionnaireName: string;
  /** The weighted score, 0 to 100 (two decimals): each answer's place between the scale's ends, by its weight. */
  score: number;
  answers: { questionId: string; text: string; weight: number; score: number }[];
  remark: string | null;
  evaluatedByUserId: string;
  evaluatedByName: string | null;
  evaluatedAt: string;
};
