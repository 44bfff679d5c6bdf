// The company's terms and agreements (signed-in-area.md §2.5, §6): the versions published, newest first, each with
// who published it, when, why and how many have accepted it; whoever holds the terms update right publishes a new
// version, which every other member accepts at their next company choice before working in the company.
import { useCallback, useEffect, useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { hasAnyAccessRight, SetupRules } from '@binaan/contracts';
import { formatDateTime } from '../../shared/i18n/dates.js';
import { useSession } from '../../shared/session/session-store.js';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { publishTerms, termsVersions, type TermsVersion } from './setups-api.js';

const PAGE = 10;

function PublishDialog({ open, onClose }: { open: boolean; onClose: (published: number | null) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.terms.${key}`, options);
  const titleId = useId();
  const [values, setValues] = useState({ title: '', contents: '', reason: '' });
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setValues({ title: '', contents: '', reason: '' });
      setFields({});
      setError(null);
    }
  }, [open]);
  const fieldError = (field: string) => (fields[field]?.[0] ? translate(`setups.fieldErrors.${fields[field][0]}`) : undefined);
  const publish = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await publishTerms(values);
      onClose(reply.version);
    } catch (e) {
      setError(errorCodeOf(e));
      if (e instanceof ApiError) setFields(e.fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose(null)}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="terms-publish-dialog"
    >
      <DialogTitle id={titleId}>{t('publishTitle')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('publishEffect')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          required
          label={t('fields.title')}
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.target.value })}
          error={fieldError('title') !== undefined}
          helperText={fieldError('title')}
          slotProps={{ htmlInput: { maxLength: SetupRules.termsTitle.max, 'data-testid': 'terms-title' } }}
        />
        <TextField
          fullWidth
          margin="dense"
          required
          multiline
          minRows={8}
          label={t('fields.contents')}
          value={values.contents}
          onChange={(e) => setValues({ ...values, contents: e.target.value })}
          error={fieldError('contents') !== undefined}
          helperText={fieldError('contents') ?? t('help.contents')}
          slotProps={{ htmlInput: { maxLength: SetupRules.termsContents.max, 'data-testid': 'terms-contents' } }}
        />
        <TextField
          fullWidth
          margin="dense"
          label={t('fields.reason')}
          value={values.reason}
          onChange={(e) => setValues({ ...values, reason: e.target.value })}
          slotProps={{ htmlInput: { maxLength: SetupRules.reason.max, 'data-testid': 'terms-reason' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(null)} disabled={busy}>
          {translate('setups.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !values.title.trim() || !values.contents.trim()}
          onClick={() => void publish()}
          data-testid="terms-publish-send"
        >
          {t('publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CompanyTermsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.terms.${key}`, options);
  const canPublish = hasAnyAccessRight(session?.accessRights ?? '', 'administration.termsAndAgreements.update');
  const [page, setPage] = useState(0);
  const [versions, setVersions] = useState<{ rows: TermsVersion[]; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const load = useCallback(async () => {
    try {
      setVersions(await termsVersions(page, PAGE));
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="terms-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {canPublish ? (
          <Button variant="contained" sx={{ mb: 2 }} onClick={() => setPublishing(true)} data-testid="terms-publish">
            {t('publishNew')}
          </Button>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('setups.readOnly')}
          </Alert>
        )}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {translate('setups.tryAgain')}
              </Button>
            }
          >
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
        {!versions && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {versions && versions.rows.length === 0 && <Typography data-testid="terms-none">{t('none')}</Typography>}
        <Box component="ul" aria-label={t('versions')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {versions?.rows.map((version) => (
            <Card variant="outlined" component="li" key={version.version} data-testid="terms-version" data-version={version.version}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {t('versionTitle', { version: version.version, title: version.title })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    t('publishedBy', { at: formatDateTime(version.publishedAt), name: version.publishedBy ?? translate('setups.someone') }),
                    t('acceptedBy', { smart_count: version.acceptedBy, n: version.acceptedBy }),
                    version.reason ? translate('setups.because', { reason: version.reason }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Typography
                  component="div"
                  variant="body2"
                  sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflowY: 'auto' }}
                  tabIndex={0}
                  aria-label={t('contentsOf', { version: version.version })}
                >
                  {version.contents}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        {versions && versions.total > PAGE && (
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {translate('setups.previous')}
            </Button>
            <Button size="small" disabled={(page + 1) * PAGE >= versions.total} onClick={() => setPage(page + 1)}>
              {translate('setups.next')}
            </Button>
          </Box>
        )}
      </CardContent>
      <PublishDialog
        open={publishing}
        onClose={(version) => {
          setPublishing(false);
          if (version !== null) {
            notify('setups.terms.published', { type: 'success', messageArgs: { version } });
            void load();
          }
        }}
      />
    </Card>
  );
}
