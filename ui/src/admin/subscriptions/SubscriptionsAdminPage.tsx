// The platform administrator's subscriptions (signed-in-area.md §2.5 admin module "subscriptions"): every
// company's periods, newest start first, a page at a time, each with its company, package, dates, how it
// began (new, renewal, change of package, trial) and whether it runs, is to come or ended; a filter by state.
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { formatDate } from '../../shared/i18n/dates.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { packageName } from './ConfigurationPage.js';
import { subscriptionPeriods, type SubscriptionPeriod } from './subscriptions-api.js';

const STATES = ['', 'running', 'upcoming', 'ended'] as const;

export function SubscriptionsAdminPage() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.subscriptionsAdmin.${key}`, options);
  const [state, setState] = useState<(typeof STATES)[number]>('');
  const [rows, setRows] = useState<SubscriptionPeriod[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await subscriptionPeriods(state, after);
        setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
        setNext(page.next);
        setFailed(null);
      } catch (error) {
        setFailed(errorCodeOf(error));
      }
    },
    [state],
  );
  useEffect(() => {
    setRows(null);
    void load(null);
  }, [load]);
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="subscriptions-admin-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('state')}
          value={state}
          onChange={(e) => setState(e.target.value as (typeof STATES)[number])}
          sx={{ mb: 2, minWidth: 200 }}
          data-testid="subscriptions-admin-state"
        >
          {STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`states.${s || 'all'}`)}
            </MenuItem>
          ))}
        </TextField>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows?.length === 0 && <Typography data-testid="subscriptions-admin-none">{t('none')}</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows?.map((row) => (
            <Card variant="outlined" component="li" key={`${row.companyId} ${row.from}`} data-testid="subscriptions-admin-row">
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.companyName ?? row.companyId}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`${packageName(translate, row.packageId)} · ${formatDate(row.from)} – ${formatDate(row.endedAt ?? row.to)} · ${t(`changes.${row.change}`)}${row.billingId ? ` · ${row.billingId}` : ''}`}
                  </Typography>
                </Box>
                <Chip size="small" color={row.state === 'running' ? 'success' : 'default'} label={t(`states.${row.state}`)} />
              </CardContent>
            </Card>
          ))}
        </Box>
        {next && (
          <Button sx={{ mt: 1 }} onClick={() => void load(next)}>
            {translate('subscriptions.more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
