// Events of the notifications context, stream `notifications-<userId>` (type 'notifications'): every
// notification a user gets and every clearing of their count is an event here, so the feed, its unread
// count and when each was seen are folded from the log, never written in place.
import { createHash } from 'node:crypto';
import type { NotificationEventData } from '@binaan/contracts';

export const NOTIFICATIONS_STREAM_TYPE = 'notifications';
export const notificationStream = (userId: string) => `notifications-${userId}`;

export type NotificationRaisedData = {
  notificationId: string;
  userId: string;
  module: string;
  src: string;
  srcId: string;
  eventData: NotificationEventData;
  /** The event it came from (a document's status change, a sign-up, ...) and its place in the log. */
  sourceEventId: string;
  sourcePosition: number;
};

export type NotificationCountClearedData = {
  userId: string;
  /** Notifications at or below this revision of the user's stream are seen; later ones stay unread. */
  throughRevision: number;
  /** How many were unread when the user cleared (for the record). */
  cleared: number;
};

export type NotificationEvent =
  { type: 'NotificationRaised'; data: NotificationRaisedData } | { type: 'NotificationCountCleared'; data: NotificationCountClearedData };

export const NotificationEventTypes = ['NotificationRaised', 'NotificationCountCleared'] as const;

/**
 * The id of the notification a source event gives a user: the same every time it is worked out, so a
 * source event handled twice (a restart, or two API processes) raises it once (the store keeps event ids
 * unique). A UUID (version 5 layout) from SHA-256 of the source event id and the user.
 */
export function notificationId(sourceEventId: string, userId: string): string {
  const hex = createHash('sha256').update(`${sourceEventId}\u0000${userId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A notification worked out for one user from one source event, before it is recorded. */
export type PlannedNotification = { userId: string; module: string; src: string; srcId: string; eventData: NotificationEventData };

/** event_data with every field present (null where the source has nothing to say). */
export function eventData(fields: Partial<NotificationEventData>): NotificationEventData {
  return {
    document_no: null,
    created_by: null,
    project_id: null,
    project_type: null,
    company_name: null,
    counterparty_company_name: null,
    recipient_company_id: null,
    recipient_company_name: null,
    vendor_document_no: null,
    created_by_seller: null,
    loa_wo_type: null,
    category: null,
    doc_description: null,
    resource: null,
    status: null,
    workflow_event: null,
    actor_name: null,
    remark: null,
    vendor_name: null,
    tender_no: null,
    tender_id: null,
    tender_invitation_id: null,
    ...fields,
  };
}
