// Reads one of a project's plans (budget, progress plan) and sends its changes with the revision read as
// If-Match: a change's refusal is shown in the user's language and the plan is read again either way.
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { formatMoney } from '../format.js';
import { adminJson, errorCodeOf, isConflict, type AdminRequest } from '../providers/admin-request.js';

export function usePlan<T extends { revision: number }>(path: string) {
  const notify = useNotify();
  const [plan, setPlan] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => {
    adminJson<T>(path).then(
      (reply) => {
        setPlan(reply);
        setFailed(null);
      },
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [path]);
  useEffect(reload, [reload]);
  /** Sends a change on the revision read; true when it was taken. */
  const send = async (suffix: string, request: AdminRequest, done = 'admin.plans.saved'): Promise<boolean> => {
    setBusy(true);
    try {
      await adminJson(`${path}${suffix}`, { ...request, headers: { ...request.headers, 'If-Match': `"${plan?.revision ?? -1}"` } });
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      notify(
        isConflict(error) && errorCodeOf(error) === 'wrongExpectedRevision'
          ? 'admin.actions.someoneElseFirst'
          : `error.${errorCodeOf(error)}`,
        { type: 'error' },
      );
      return false;
    } finally {
      setBusy(false);
      reload();
    }
  };
  return { plan, failed, busy, reload, send };
}

/** Read by screen readers, not shown (a column heading whose cells are buttons). */
export const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** "1234.5" -> "1,234.50" (the column headings name the currency). */
export const plainMoney = (amount: string): string => formatMoney(amount, '').replace(/^(-?) /, '$1');
