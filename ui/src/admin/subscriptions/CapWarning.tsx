// §8.3 "over 80% of the limit": on the list and the form of a kind a yearly value cap counts (awards, orders,
// claims), a warning once the company has used 80% of its package's figure this subscription year, saying
// how much and what happens past it, with the way to a larger package. Nothing for an unlimited package.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { capGroupOf, type CapUsage } from '@binaan/contracts';
import { formatMoney } from '../format.js';
import { adminJson } from '../providers/admin-request.js';

/** One read a minute is enough: the figure moves only as documents are asked for approval. */
const FRESH_MS = 60_000;
let cached: { at: number; caps: Promise<CapUsage[]> } | null = null;

function usage(): Promise<CapUsage[]> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const caps = adminJson<{ caps: CapUsage[] }>('/api/subscriptions/usage').then((reply) => reply.caps);
    cached = { at: Date.now(), caps };
    caps.catch(() => { cached = null; });
  }
  return cached.caps;
}

export function CapWarning({ resource }: { resource: string }) {
  const translate = useTranslate();
  const group = capGroupOf(resource);
  const [cap, setCap] = useState<CapUsage | null>(null);
  useEffect(() => {
    if (!group) return;
    let live = true;
    usage().then((caps) => live && setCap(caps.find((c) => c.group === group) ?? null), () => undefined);
    return () => { live = false; };
  }, [group]);
  if (!cap || !cap.warning || cap.limit === null) return null;
  const percent = Math.min(100, Math.floor((cap.used / cap.limit) * 100));
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="cap-warning">
      {translate(`admin.caps.warning.${cap.group}`, { percent, used: formatMoney(cap.used / 100), limit: formatMoney(cap.limit / 100) })}{' '}
      <Link component={RouterLink} to="/administration/subscription">{translate('admin.caps.larger')}</Link>
    </Alert>
  );
}
