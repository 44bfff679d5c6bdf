// The chosen company's standing with its subscription (GET /api/subscriptions/standing), read once per
// company chosen and again every ten minutes; the reminder's code and texts load only when one is due.
import { lazy, useEffect, useState } from 'react';
import i18next from 'i18next';
import { adminJson } from '../providers/admin-request.js';

export type Standing = {
  state: 'active' | 'renewalDue' | 'overdue' | 'unavailable';
  source: 'held' | 'period' | 'trial' | 'lapsed';
  packageId: string;
  periodEnd: string | null;
  unavailableFrom: string | null;
  billToPay: { id: string; total: number } | null;
};

const EVERY_MS = 10 * 60_000;

export const LazySubscriptionReminder = lazy(async () => {
  const [module] = await Promise.all([import('./SubscriptionReminder.js'), i18next.loadNamespaces(['subscriptions'])]);
  return { default: module.SubscriptionReminder };
});

/** The standing when a reminder is due (renewal due, overdue, unavailable), else null. */
export function useDueStanding(companyId: string | undefined): Standing | null {
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => {
    setStanding(null);
    if (!companyId) return;
    let live = true;
    const read = () =>
      void adminJson<Standing>('/api/subscriptions/standing').then(
        (s) => live && setStanding(s.state === 'active' ? null : s),
        () => undefined,
      );
    read();
    const timer = setInterval(read, EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [companyId]);
  return standing;
}
