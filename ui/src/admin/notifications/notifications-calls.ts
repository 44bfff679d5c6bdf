// The notification calls of signed-in-area.md §7, through the shared client (session token, errors as
// ApiError): the list (length 1 for the count only, 5 for a page) and the clear command (sent as GET,
// as the spec's client does; a command all the same, so its reply must say success).
import { NOTIFICATION_PAGE_SIZE, type ClearNotificationCountReply, type UserEventListReply } from '@binaan/contracts';
import { apiCommand, apiFetch } from '../../shared/api/client.js';

export function fetchNotifications(start: number, length = NOTIFICATION_PAGE_SIZE): Promise<UserEventListReply> {
  return apiFetch<UserEventListReply>(`application/user-event-list?start=${start}&length=${length}`);
}

export async function fetchNotificationCount(): Promise<number> {
  return (await fetchNotifications(0, 1)).notification_count;
}

export function clearNotificationCount(): Promise<ClearNotificationCountReply> {
  return apiCommand<ClearNotificationCountReply>('application/clear-notification-count', { method: 'GET' });
}
