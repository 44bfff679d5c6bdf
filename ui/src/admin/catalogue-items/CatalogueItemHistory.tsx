// An item's history (GET /api/catalogue-items/<id>/history), newest first: what happened, who and when, why,
// and each field it set with what it was before.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { CatalogueItemHistoryStep } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { catalogueItemHistory } from './catalogue-items-api.js';

export function CatalogueItemHistory({ itemId, revision }: { itemId: string; revision: number }) {
  const translate = useTranslate();
  const [steps, setSteps] = useState<CatalogueItemHistoryStep[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    catalogueItemHistory(itemId).then(
      (r) => live && setSteps([...r].reverse()),
      (e: unknown) => live && setFailed(errorCodeOf(e)),
    );
    return () => {
      live = false;
    };
  }, [itemId, revision]);
  const fieldName = (field: string) => translate(`admin.catalogueItems.fields.${field}`, { _: field });
  return (
    <section aria-labelledby={`catalogue-history-${itemId}`}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }} id={`catalogue-history-${itemId}`}>
        {translate('admin.catalogueItems.history')}
      </Typography>
      {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
      {!steps && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {steps && (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="catalogue-history">
          {steps.map((step, index) => (
            <Box
              component="li"
              key={`${step.at}-${index}`}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              data-testid="catalogue-history-row"
              data-event={step.event}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate(`admin.catalogueItems.event.${step.event}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('admin.catalogueItems.byAt', { name: step.byName ?? '—', at: formatDateTime(step.at) })}
              </Typography>
              {step.reason && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('admin.catalogueItems.because', { reason: step.reason })}
                </Typography>
              )}
              {step.event === 'Edited' &&
                step.changes.map((change) => (
                  <Typography key={change.field} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {translate('admin.catalogueItems.changed', {
                      field: fieldName(change.field),
                      before: change.before || '—',
                      after: change.after || '—',
                    })}
                  </Typography>
                ))}
            </Box>
          ))}
        </Box>
      )}
    </section>
  );
}
