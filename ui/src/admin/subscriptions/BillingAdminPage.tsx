// The platform administrator's billing records (signed-in-area.md §2.5 admin module "billing", §4.10): every
// company's, newest first by invoice number, a page at a time, with the buyer, the package, the total and the
// status; §8.3's "no billing records" when there are none.
import { statusLabel } from '../catalogue/labels.js';
import { BillingUsageLines, useBillingSubject } from './BillingUsage.js';
import { InvoiceButton } from './InvoiceButton.js';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import { formatDate } from '../../shared/i18n/dates.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { senText } from './sen.js';
import { billings as loadBillings, type Billing } from './subscriptions-api.js';

export function BillingAdminPage() {
  const translate = useTranslate();
  const subject = useBillingSubject();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.${key}`, options);
  const [rows, setRows] = useState<Billing[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async (after: string | null) => {
    try {
      const page = await loadBillings(after);
      setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
      setNext(page.next);
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load(null);
  }, [load]);
  const title = t('billingAdmin.title');
  return (
    <Card sx={{ mt: 2 }} data-testid="billing-admin-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('billingAdmin.intro')}
        </Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows?.length === 0 && <Typography>{t('noBillingRecords')}</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows?.map((row) => (
            <Card variant="outlined" component="li" key={row.id} data-testid="billing-admin-row">
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{`${row.invoiceNo} · ${row.buyer.name}`}</Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                  >{`${subject(row)} · ${formatDate(row.orderedAt)}${row.couponCode ? ` · ${row.couponCode}` : ''}`}</Typography>
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{senText(row.total)}</Typography>
                  <Chip size="small" label={statusLabel(translate, 'billing', row.status)} />
                </Box>
                <BillingUsageLines row={row} />
                <Box sx={{ flexBasis: '100%' }}>
                  <InvoiceButton billingId={row.id} invoiceNo={row.invoiceNo} />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
        {next && (
          <Button sx={{ mt: 1 }} onClick={() => void load(next)}>
            {t('more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
