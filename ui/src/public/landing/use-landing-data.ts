// The landing's data: counters and the event list (public-area.md §7); a failure is an error toast.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventListItem, EventListReply, LandingCountersReply } from '@binaan/contracts';
import { ApiError, apiFetch } from '../../shared/api/client.js';
import { translateError } from '../../shared/i18n/i18n.js';
import { showToast } from '../../shared/ui/toast.js';

/** `eventsMore`: more are published than the newest listed (the list is capped). */
export type LandingData = {
  counters: LandingCountersReply['data'] | null;
  events: EventListItem[] | null;
  eventsTotal: number | null;
  eventsMore: boolean;
};

export function useLandingData(): LandingData {
  const { t } = useTranslation();
  const [data, setData] = useState<LandingData>({ counters: null, events: null, eventsTotal: null, eventsMore: false });
  useEffect(() => {
    const controller = new AbortController();
    const fail = (error: unknown) => {
      if ((error as Error)?.name === 'AbortError') return;
      showToast('error', translateError(t, error instanceof ApiError ? error.errorCode : undefined));
    };
    apiFetch<LandingCountersReply>('landing/event-and-certificate-counter', { signal: controller.signal, token: null }).then(
      (reply) => setData((old) => ({ ...old, counters: reply.data })),
      fail,
    );
    apiFetch<EventListReply>('landing/event-list', { signal: controller.signal, token: null }).then(
      (reply) => setData((old) => ({ ...old, events: reply.data, eventsTotal: reply.total, eventsMore: reply.more })),
      (error) => {
        setData((old) => ({ ...old, events: [] }));
        fail(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per visit
  }, []);
  return data;
}
