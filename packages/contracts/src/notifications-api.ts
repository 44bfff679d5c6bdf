// Notifications (signed-in-area.md §3, §4.7, §7): the per-user feed the API keeps from document, company
// and user events, its two calls and the live user channel. Field names are the spec's (snake_case).
// Where each notification leads is notifications-links.ts. Decisions: apps/api/src/notifications/README.md.

import type { VerifyLevel } from './workflow-authority.js';

/** Spec §9: notification page size 5 (the bell asks for 5; length 1 asks for the count only). */
export const NOTIFICATION_PAGE_SIZE = 5;
/** Largest `length` the list call answers (a shape limit, not a spec rule). */
export const MAX_NOTIFICATION_PAGE = 100;
/** The user channel (spec §7 "a secure websocket to the user channel with the read-only token as query t"). */
export const USER_CHANNEL_PATH = '/api/ws/user';
/** Close codes of the user channel (4000-4999 are the application's). */
export const UserChannelCloseCodes = {
  /** The session ended (logout, password change, inactivity, company switch). */
  sessionEnded: 4001,
} as const;

/** Document categories in the links (tenders, requests, invoices, payment certificates). */
export type NotificationCategory = 'material' | 'machine' | 'trade' | 'technical';

/** `event_data` of a notification (the reply carries it as JSON text, as the spec says). */
export type NotificationEventData = {
  document_no: string | null;
  /** The name of the user who created the document (or signed up). */
  created_by: string | null;
  project_id: string | null;
  /** 1 owner (demand), 2 supplier, 3 developer; null without a project. */
  project_type: number | null;
  /** The company that owns the document. */
  company_name: string | null;
  /** The other company of the document (the seller of an order, the buyer of an invoice). */
  counterparty_company_name: string | null;
  /** The company the notification was raised for (a user may belong to several). */
  recipient_company_id: string | null;
  recipient_company_name: string | null;
  vendor_document_no: string | null;
  created_by_seller: boolean | null;
  /** 'LOA' or 'WO' for letters of award and work orders; null otherwise. */
  loa_wo_type: 'LOA' | 'WO' | null;
  category: NotificationCategory | null;
  doc_description: string | null;
  /** The document's resource (purchaseOrder, ...) and status after the event; the workflow event and who did it. */
  resource: string | null;
  status: string | null;
  workflow_event: string | null;
  actor_name: string | null;
  /**
   * Who created the document (or signed up) and who acted, by user id: the notification
   * records these, not the names, and the names (or '[erased]') are filled in when the feed is read.
   */
  created_by_user_id?: string | null;
  actor_user_id?: string | null;
  remark: string | null;
  vendor_name: string | null;
  tender_no: string | null;
  tender_id: string | null;
  tender_invitation_id: string | null;
  /**
   * The verify level the document's open approval round waited for when this was raised (null: no round
   * open). Absent on notifications recorded before it was added.
   */
  awaiting_level?: VerifyLevel | null;
  /**
   * An approval timer's notice (workflow_event ApprovalReminderSent or ApprovalEscalated): when the awaited
   * level was due. Absent on every other notification.
   */
  due_at?: string | null;
};

/** One notification in `application/user-event-list` (spec §3 "Notification event from the server"). */
export type NotificationEvent = {
  id: string;
  module: string;
  src: string;
  src_id: string;
  /** JSON text of NotificationEventData. */
  event_data: string;
  /** ISO 8601. */
  creation_date: string;
  /** ISO 8601 when the user cleared the count after it came; '' while unread. */
  last_view_time: string;
  /** The document it is about as it is now (documents read model, when listed); null when not a document. */
  current_status?: string | null;
  current_awaiting_level?: VerifyLevel | null;
  /**
   * The document moved on since (another status, or its round waits for another level): the item shows
   * current_status and no longer offers what it asked for.
   */
  moved_on?: boolean;
};

/** `GET application/user-event-list?start=&length=`: newest first. */
export type UserEventListReply = { success: true; events: NotificationEvent[]; notification_count: number };

/**
 * `GET application/clear-notification-count`: the command's reply; `cleared` is how many were unread, and
 * notification_count the count after (0, unless a notification came in meanwhile).
 */
export type ClearNotificationCountReply = { success: true; msg: 'notificationCountCleared'; cleared: number; notification_count: number };

/** What a live message body carries (spec §3 "Live notification message"). */
export type LiveNotificationBody = {
  id: string;
  src_id: string;
  project_id: string | null;
  document_no: string | null;
  created_by: string | null;
  created_by_seller: boolean | null;
  vendor_document_no: string | null;
  doc_description: string | null;
  tender_no: string | null;
  tender_id: string | null;
  tender_invitation_id: string | null;
  vendor_name: string | null;
};

export type LiveMessage<Type extends string, Body> = { module: string; messageType: Type; messageBody: Body; newCount: number };

/**
 * Everything the user channel sends, in one typed map (house style: a gateway emits only these).
 * - notification: a new notification; module is its module, messageType its src, newCount the unread count.
 * - countCleared: the count was cleared (in any tab, through any API process): module 'notification', newCount 0.
 */
export type UserChannelMessages = {
  notification: LiveMessage<string, LiveNotificationBody>;
  countCleared: LiveMessage<'countCleared', Record<string, never>>;
  /** A message in a business-network conversation of the user's company (either side): ids only, the page reads it. */
  conversationMessage: LiveMessage<'conversationMessage', { conversation_id: string; message_id: string; company_id: string }>;
};

export type UserChannelMessage = UserChannelMessages[keyof UserChannelMessages];
