// The server's time and the time left to the close, on the server's clock (quotation-form.ts countdown):
// a browser whose clock is wrong still shows the close where the server will apply it.
import { useTranslate } from 'react-admin';
import { Alert, Typography } from '@mui/material';
import { formatDateTime } from '../format.js';
import type { Countdown } from './quotation-form.js';
import type { SellerTender } from './tendering-api.js';

const two = (n: number) => String(n).padStart(2, '0');

export function CloseCountdown({
  tender,
  left,
  serverNow,
}: {
  tender: Pick<SellerTender, 'openAt' | 'closeAt'>;
  left: Countdown | null;
  serverNow: number;
}) {
  const translate = useTranslate();
  const remaining =
    left && !left.closed
      ? translate('tendering.quote.left', { days: left.days, time: `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}` })
      : null;
  return (
    <Alert
      severity={left && !left.closed && left.days === 0 && left.hours === 0 && left.minutes < 30 ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="close-countdown"
      data-closed={left?.closed ?? false}
    >
      <Typography variant="body2">
        {translate('tendering.quote.times', {
          openAt: formatDateTime(tender.openAt) || '-',
          closeAt: formatDateTime(tender.closeAt) || '-',
        })}
      </Typography>
      <Typography variant="body2" data-testid="server-time">
        {translate('tendering.quote.serverTime', { at: formatDateTime(new Date(serverNow).toISOString()) })}
      </Typography>
      {/* Announced once a minute would be enough; the text itself ticks each second, so it is not a live region. */}
      {remaining && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="time-left">
          {remaining}
        </Typography>
      )}
    </Alert>
  );
}
