// §8.3 "over 80% of the limit": on the list and the form of a kind a yearly value cap counts (awards, orders,
// claims), a warning once the company has used 80% of its package's figure this subscription year, saying
// how much and what happens past it, with the way to a larger package. Nothing for an unlimited package.
// The company's files pages show the same warning for the package's storage (`<CapWarning storage />`).
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { capGroupOf, type CapUsage, type StorageUsage } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { adminJson } from '../providers/admin-request.js';
import { formatSize } from '../tendering/attachments-api.js';

/** One read a minute is enough: the figures move only as documents are asked for approval and files kept. */
const FRESH_MS = 60_000;
type Usage = { caps: CapUsage[]; storage: StorageUsage };
let cached: { at: number; usage: Promise<Usage> } | null = null;

function usage(): Promise<Usage> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const reply = adminJson<Usage>('/api/subscriptions/usage');
    cached = { at: Date.now(), usage: reply };
    reply.catch(() => {
      cached = null;
    });
  }
  return cached.usage;
}

/** The next read asks the api again (after an upload or a removal changed the storage). */
export function forgetUsage(): void {
  cached = null;
}

type Shown = { key: string; used: number; limit: number; format: (value: number) => string };

export function CapWarning(props: { resource: string } | { storage: true; refresh?: number }) {
  const translate = useTranslate();
  const group = 'resource' in props ? capGroupOf(props.resource) : null;
  const storage = 'storage' in props;
  const refresh = 'refresh' in props ? props.refresh : 0;
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (!group && !storage) return;
    let live = true;
    usage().then(
      (reply) => {
        if (!live) return;
        if (storage) {
          const s = reply.storage;
          setShown(s?.warning ? { key: 'storage', used: s.used, limit: s.limit, format: formatSize } : null);
          return;
        }
        const cap = reply.caps.find((c) => c.group === group);
        setShown(
          cap && cap.warning && cap.limit !== null
            ? { key: cap.group, used: cap.used, limit: cap.limit, format: (sen) => formatMoney(sen / 100) }
            : null,
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [group, storage, refresh]);
  if (!shown) return null;
  const percent = Math.min(100, Math.floor((shown.used / shown.limit) * 100));
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="cap-warning">
      {translate(`admin.caps.warning.${shown.key}`, { percent, used: shown.format(shown.used), limit: shown.format(shown.limit) })}{' '}
      <Link component={RouterLink} to="/administration/subscription">
        {translate('admin.caps.larger')}
      </Link>
    </Alert>
  );
}
