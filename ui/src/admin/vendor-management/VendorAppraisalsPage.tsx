// "My vendor appraisals" (signed-in-area.md §2.6 /vendor-management/my-vendor-appraisal): the company's appraisals
// of its vendors, newest first, a page at a time, one vendor's when filtered; each opens its page.
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link as MuiLink, Typography } from '@mui/material';
import { hasAnyAccessRight, type VendorAppraisalRow } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { useAccess } from '../access/access-context.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { AppraisalSummaryNote } from './AppraisalSummaryNote.js';
import { APPRAISALS_PATH, appraisalPath, listAppraisals } from './vendor-appraisals-api.js';
import { VendorPicker, type PickedVendor } from './VendorPicker.js';

export function VendorAppraisalsPage() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`vendors.list.${key}`, options);
  const mayAppraise = hasAnyAccessRight(useAccess().rights, 'vendorManagement.update');
  const [vendor, setVendor] = useState<PickedVendor | null>(null);
  const [rows, setRows] = useState<VendorAppraisalRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [count, setCount] = useState({ total: 0, capped: false });
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await listAppraisals(after, vendor?.id ?? null);
        setRows((before) => (after ? [...(before ?? []), ...page.items] : page.items));
        setNext(page.next);
        setCount({ total: page.total, capped: page.totalCapped });
        setFailed(null);
      } catch (error) {
        setFailed(errorCodeOf(error));
      }
    },
    [vendor],
  );
  useEffect(() => {
    setRows(null);
    void load(null);
  }, [load]);
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="vendor-appraisals-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
          <VendorPicker
            value={vendor}
            onChange={setVendor}
            label={t('vendor')}
            helperText={t('filterHelp')}
            testId="appraisal-vendor-filter"
          />
          {mayAppraise && (
            <Button
              variant="contained"
              component={Link}
              to={`${APPRAISALS_PATH}/create${vendor ? `?vendorId=${encodeURIComponent(vendor.id)}` : ''}`}
              data-testid="appraise-vendor"
              sx={{ mt: 1 }}
            >
              {t('appraise')}
            </Button>
          )}
        </Box>
        {vendor && <AppraisalSummaryNote summary={vendor.appraisal} sx={{ mb: 2 }} />}
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows?.length === 0 && <Typography>{t('none')}</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows?.map((row) => (
            <Card variant="outlined" component="li" key={row.id} data-testid="vendor-appraisal-row" data-status={row.status}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <MuiLink
                    component={Link}
                    to={appraisalPath(row.id)}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    aria-label={t('open', { vendor: row.vendorName ?? row.vendorId, date: formatDate(row.appraisedAt) })}
                  >
                    {row.vendorName ?? row.vendorId}
                  </MuiLink>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {`${formatDate(row.appraisedAt)} · ${row.questionnaireName}${row.projectName ? ` · ${row.projectName}` : ''}`}
                  </Typography>
                  {row.remark && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {row.remark}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: 600,
                      textDecoration: row.status === 'withdrawn' ? 'line-through' : 'none',
                    }}
                    data-testid="vendor-appraisal-score"
                  >
                    {translate('vendors.percent', { percent: row.scorePercent })}
                  </Typography>
                  <Chip
                    size="small"
                    label={translate(`vendors.status.${row.status}`)}
                    color={row.status === 'withdrawn' ? 'default' : 'success'}
                    variant="outlined"
                  />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
        {rows && rows.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <Typography variant="body2" color="text.secondary" data-testid="vendor-appraisals-count">
              {t(count.capped ? 'shownCapped' : 'shown', { shown: rows.length, total: count.total })}
            </Typography>
            {next && (
              <Button onClick={() => void load(next)} data-testid="vendor-appraisals-more">
                {t('showMore')}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
