// The bell's state and calls (signed-in-area.md §4.4, §4.7): the count at start-up and after a
// reconnection (failures silent), pushes from the user channel (a rise shows a success toast and flags the
// bell; a negative count is ignored), opening the list (first page, then the server's count cleared when
// not zero), "load more", and opening a notification's link target, switching company first when it was
// raised for another of the user's companies.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { notificationLink, type NotificationEvent, type UserChannelMessage, type UserChannelMessages } from '@binaan/contracts';
import { getSession, useSession } from '../../shared/session/session-store.js';
import { chooseCompany } from '../company/choose-company.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { addPage, applyCount, INITIAL_BELL, nextStart, openList, type BellState } from './bell-rules.js';
import { clearNotificationCount, fetchNotificationCount, fetchNotifications } from './notifications-calls.js';
import { notificationTitle, notificationWhat, parseEventData } from './notification-text.js';
import { UserChannelClient } from './user-channel-client.js';
import type { LinkTargetState } from './link-targets.js';
// The business network.
import { announceConversationMessage } from '../business-network/conversation-live.js';

/**
 * Opens a notification's link target (§2.6), switching to the company it was raised for first when that is
 * not the chosen one; the document it is about goes along in the router state. (The bell and the home page.)
 */
export async function followNotification(
  event: NotificationEvent,
  navigate: (to: string, options: { state: LinkTargetState }) => unknown,
  failed: (code: string) => void,
): Promise<void> {
  const data = parseEventData(event.event_data);
  const chosen = getSession()?.selectedCompany;
  if (data.recipient_company_id && chosen && data.recipient_company_id !== chosen) {
    try {
      await chooseCompany(data.recipient_company_id);
    } catch (error) {
      failed(errorCodeOf(error));
      return;
    }
  }
  const link = notificationLink(event, { subscriptionType: getSession()?.subscriptionType ?? null });
  const passed: LinkTargetState = { notification: { resource: data.resource ?? null, id: event.src_id } };
  await navigate(link.href, { state: passed });
}

export function useBell() {
  const session = useSession();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [state, setState] = useState<BellState>(INITIAL_BELL);
  const [loading, setLoading] = useState(false);
  const [live, setLive] = useState(false);
  const current = useRef(state);
  const update = useCallback((next: BellState) => {
    current.current = next;
    setState(next);
  }, []);

  const takeCount = useCallback(
    (count: unknown, message?: UserChannelMessage) => {
      const { state: next, rose } = applyCount(current.current, count);
      update(next);
      if (!rose) return;
      const notice = message as UserChannelMessages['notification'] | undefined;
      const text =
        notice && notice.messageType !== 'countCleared' && notice.messageType !== 'conversationMessage'
          ? translate('admin.notifications.toast', {
              title: notificationTitle(translate, { module: notice.module, src: notice.messageType, data: notice.messageBody }),
              what: notificationWhat(translate, { module: notice.module, src: notice.messageType, data: notice.messageBody }),
            })
          : translate('admin.notifications.toastCount', { count });
      notify(text, { type: 'success' });
    },
    [notify, translate, update],
  );

  // Spec §4.7: failures of the count refresh are silently ignored.
  const refreshCount = useCallback(() => {
    fetchNotificationCount().then(
      (count) => takeCount(count),
      () => undefined,
    );
  }, [takeCount]);

  // One channel for the bell's life: its handlers read the latest callbacks (a language change must not
  // drop the socket), and the session effect below tells it the token and company.
  const handlers = useRef({ takeCount, refreshCount });
  handlers.current = { takeCount, refreshCount };
  const client = useRef<UserChannelClient | null>(null);
  useEffect(() => {
    const channel = new UserChannelClient({
      onMessage: (message) => {
        // A business-network message: the conversation pages listen (conversation-live.ts); the bell's count stays.
        if (message.messageType === 'conversationMessage')
          return announceConversationMessage(message.messageBody as UserChannelMessages['conversationMessage']['messageBody']);
        handlers.current.takeCount(message.newCount, message);
      },
      onOpen: (reconnected) => reconnected && handlers.current.refreshCount(),
      onStatus: (status) => setLive(status === 'open'),
    });
    client.current = channel;
    return () => {
      channel.dispose();
      client.current = null;
    };
  }, []);

  const token = session?.readOnlyJwtToken || null;
  const company = session?.selectedCompany ?? null;
  useEffect(() => {
    client.current?.setSession(token, company);
    if (token) handlers.current.refreshCount();
  }, [token, company]);

  const load = useCallback(
    async (start: number) => {
      setLoading(true);
      try {
        const reply = await fetchNotifications(start);
        update({ ...current.current, list: addPage(current.current.list, start, reply.events) });
        return true;
      } catch (error) {
        notify(`error.${errorCodeOf(error)}`, { type: 'error' });
        return false;
      } finally {
        setLoading(false);
      }
    },
    [notify, update],
  );

  const open = useCallback(async () => {
    const { state: next, clear } = openList(current.current);
    update(next);
    const loaded = await load(0);
    if (loaded && clear)
      clearNotificationCount().then(
        (reply) => takeCount(reply.notification_count),
        () => undefined,
      );
  }, [load, takeCount, update]);

  const loadMore = useCallback(() => load(nextStart(current.current.list)), [load]);

  const follow = useCallback(
    (event: NotificationEvent) => followNotification(event, navigate, (code) => notify(`error.${code}`, { type: 'error' })),
    [navigate, notify],
  );

  return { state, loading, live, open, loadMore, follow };
}
