// The chosen company's terms, shown at the company choice when a version waits for this member: read them (the
// text scrolls in a focusable region), accept to go on, or choose another company. A newer version published
// meanwhile is shown instead (409 companyTermsVersionStale).
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { CompanyTermsToAccept } from '@binaan/contracts';
import { formatDate } from '../../shared/i18n/dates.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { acceptTerms, termsToAccept } from './setups-api.js';

export function CompanyTermsAcceptDialog({
  terms,
  companyName,
  onAccepted,
  onDecline,
}: {
  terms: CompanyTermsToAccept;
  companyName: string;
  onAccepted: () => void;
  onDecline: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.accept.${key}`, options);
  const titleId = useId();
  const [shown, setShown] = useState(terms);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setShown(terms), [terms]);
  const accept = async () => {
    if (!shown) return;
    setBusy(true);
    setError(null);
    try {
      await acceptTerms(shown.version);
      onAccepted();
    } catch (e) {
      const code = errorCodeOf(e);
      setError(code);
      if (code === 'companyTermsVersionStale') setShown(await termsToAccept().catch(() => shown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={shown !== null} maxWidth="md" fullWidth aria-labelledby={titleId} data-testid="company-terms-dialog">
      <DialogTitle id={titleId}>{t('title', { company: companyName })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('intro', { company: companyName })}</Typography>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {shown?.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('version', { version: shown?.version ?? '', date: shown ? formatDate(shown.publishedAt) : '' })}
        </Typography>
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('text')}
          data-testid="company-terms-text"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: '45vh',
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
          }}
        >
          {shown?.contents}
        </Box>
        {error && (
          <Alert severity={error === 'companyTermsVersionStale' ? 'warning' : 'error'} sx={{ mt: 1 }}>
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onDecline} disabled={busy} data-testid="company-terms-decline">
          {t('decline')}
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={busy} data-testid="company-terms-accept">
          {t('accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
