// The seller's "confirm your quotation" banner: after an addendum, a quotation given before it is
// to be confirmed (the same rates, on the lines as they now are) or revised before the close. A confirm the
// lines no longer fit (a line added or removed) answers quotationItemsMismatch: the seller revises instead.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Link, Stack } from '@mui/material';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { confirmQuotation, type Addenda } from './exchange-api.js';

export function ConfirmQuotationBanner({ tenderId, reply, onConfirmed }: { tenderId: string; reply: Addenda; onConfirmed: () => void }) {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const quotation = reply.quotation;
  if (!quotation?.toConfirm) return null;
  const closed = reply.closeAt !== null && Date.parse(reply.closeAt) <= Date.now();
  const confirm = () => {
    setBusy(true);
    confirmQuotation(tenderId, quotation.revision)
      .then(
        () => {
          setError(null);
          onConfirmed();
        },
        (e: unknown) => setError(errorCodeOf(e)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="confirm-banner">
      {translate(closed ? 'admin.tenderExchange.confirm.closed' : 'admin.tenderExchange.confirm.text', {
        closeAt: formatDateTime(reply.closeAt),
      })}
      {!closed && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
          <Button variant="contained" size="small" onClick={confirm} disabled={busy} data-testid="confirm-quotation">
            {translate('admin.tenderExchange.confirm.button')}
          </Button>
          <Link component={RouterLink} to={`/tendering/received/${encodeURIComponent(tenderId)}`}>
            {translate('admin.tenderExchange.confirm.revise')}
          </Link>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(`error.${error}`)}
        </Alert>
      )}
    </Alert>
  );
}
