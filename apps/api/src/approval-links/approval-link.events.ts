// Events of the approval-links context. No personal data: users are named by id, never by address, and a
// reject's remark goes to the document's own event only.
// - `approvalMail-<mailId>` (type 'approvalMail'): the approval request e-mailed to one approver for one source
//   event. Appended with 'no_stream' before the mail goes, so the same source event handled twice mails once.
// - `approvalLink-<nonce>` (type 'approvalLink'): the uses of one link. `ApprovalLinkUsed` is appended with
//   'no_stream' (or at the revision of a refused use) before the document command is sent, so of two uses at
//   once one acts and the other is refused; a use the document command refuses is recorded as refused, which
//   frees the link again (the refusal may not last: a level given back, a remark written).
import type { DocumentResource } from '@binaan/contracts';
import { notificationId } from '../notifications/notification.events.js';
import type { ApprovalLinkAction } from './approval-link-token.js';

export const APPROVAL_MAIL_STREAM_TYPE = 'approvalMail';
export const APPROVAL_LINK_STREAM_TYPE = 'approvalLink';
export const approvalMailStream = (mailId: string) => `approvalMail-${mailId}`;
export const approvalLinkStream = (nonce: string) => `approvalLink-${nonce}`;

/** The system actor that records the approval e-mails (as the notifications reactor records notifications). */
export const APPROVAL_MAIL_ACTOR = 'system:approval-mail';

export type ApprovalRequestMailed = {
  mailId: string;
  userId: string;
  companyId: string;
  resource: DocumentResource;
  documentId: string;
  documentNo: string;
  /** The round the links name: the revision of the status change, and the level asked for. */
  revision: number;
  level: number;
  /** Nonces of the two links (their streams' names); the tokens themselves are never kept. */
  approveNonce: string | null;
  rejectNonce: string | null;
  expiresAt: string | null;
  language: string;
  /** The notification the e-mail goes with, and the status change that raised it. */
  notificationId: string;
  sourceEventId: string;
};

/** The mail server refused it (its reason is in the e-mail log, sealed as personal data). */
export type ApprovalRequestMailNotSent = { mailId: string };

export type ApprovalLinkUsed = {
  nonce: string;
  userId: string;
  companyId: string;
  resource: DocumentResource;
  documentId: string;
  action: ApprovalLinkAction;
  /** The document's revision the action was sent at. */
  documentRevision: number;
  at: string;
  /** The language of the page it was used on (en, ms, zh): the recipient's next e-mails are written in it. */
  language: string | null;
};

export type ApprovalLinkUseRefused = { nonce: string; errorCode: string; httpStatus: number; at: string };

export type ApprovalLinkEvent =
  { type: 'ApprovalLinkUsed'; data: ApprovalLinkUsed } | { type: 'ApprovalLinkUseRefused'; data: ApprovalLinkUseRefused };

/**
 * The id of the approval e-mail a source event gives a user: the same every time it is worked out, and never a
 * notification's (the notification's id layout over this purpose, the source event and the user).
 */
export const approvalMailId = (sourceEventId: string, userId: string): string =>
  notificationId(`approval-mail\u0000${sourceEventId}`, userId);
