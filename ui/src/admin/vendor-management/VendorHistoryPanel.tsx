// A vendor's history as the viewing company keeps it: the summary (count, average, latest) and its newest
// appraisals, each opening its page. Shown on an appraisal's page and on the vendor's shared profile; only to
// those who read the company's appraisals (the api answers the company's own, never another company's).
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Alert, Box, Link as MuiLink, Typography } from '@mui/material';
import { hasAnyAccessRight } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { useAccess } from '../access/access-context.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { summaryText, useVendorTexts } from './AppraisalSummaryNote.js';
import { appraisalPath, vendorHistory, type VendorHistory } from './vendor-appraisals-api.js';

export function VendorHistoryPanel({
  vendorId,
  name,
  headingLevel = 'h2',
}: {
  vendorId: string;
  name: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const translate = useTranslate();
  const reads = hasAnyAccessRight(useAccess().rights, 'vendorManagement.view', 'vendorManagement.update');
  const ready = useVendorTexts();
  const [history, setHistory] = useState<VendorHistory | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!reads) return;
    vendorHistory(vendorId).then(setHistory, (error: unknown) => setFailed(errorCodeOf(error)));
  }, [vendorId, reads]);
  if (!reads || !ready) return null;
  const t = (key: string, options?: Record<string, unknown>) => translate(`vendors.summary.${key}`, options);
  return (
    <Box component="section" aria-label={t('title', { name })} data-testid="vendor-history" sx={{ my: 2 }}>
      <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
        {t('title', { name })}
      </Typography>
      {failed && <Alert severity="warning">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
      {history && (
        <>
          <Typography data-testid="vendor-history-summary">{summaryText(translate, history.summary)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${t('private')} ${t('withdrawnLeftOut')}`}
          </Typography>
          {history.items.length > 0 && (
            <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
              {history.items.map((row) => (
                <li key={row.id}>
                  <MuiLink component={Link} to={appraisalPath(row.id)}>
                    {`${formatDate(row.appraisedAt)} · ${translate('vendors.percent', { percent: row.scorePercent })} · ${row.questionnaireName}`}
                  </MuiLink>
                  {row.status === 'withdrawn' && ` (${translate('vendors.status.withdrawn')})`}
                </li>
              ))}
            </Box>
          )}
          {history.next && (
            <Typography variant="body2" color="text.secondary">
              {translate(history.totalCapped ? 'vendors.list.shownCapped' : 'vendors.list.shown', {
                shown: history.items.length,
                total: history.total,
              })}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
