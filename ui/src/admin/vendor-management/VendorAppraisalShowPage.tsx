// One appraisal of the company: the vendor, the questionnaire as it stood with each question's score, the weighted
// score, remark and what it concerns, its history (who, when, why), Withdraw with a reason, and the vendor's history.
import { useCallback, useEffect, useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { hasAnyAccessRight, type VendorAppraisalView } from '@binaan/contracts';
import { formatDate, formatDateTime } from '../../shared/i18n/dates.js';
import { useAccess } from '../access/access-context.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { APPRAISALS_PATH, appraisal as loadAppraisal, withdrawAppraisal } from './vendor-appraisals-api.js';
import { VendorHistoryPanel } from './VendorHistoryPanel.js';

function WithdrawDialog({ open, id, onClose }: { open: boolean; id: string; onClose: (done: VendorAppraisalView | null) => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vendors.show.${key}`);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    setError(null);
    try {
      onClose((await withdrawAppraisal(id, reason.trim())).appraisal);
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose(null)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="appraisal-withdraw-dialog"
    >
      <DialogTitle id={titleId}>{t('withdrawTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          required
          label={t('reason')}
          helperText={t('reasonHelp')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'appraisal-withdraw-reason' } }}
        />
        {error && <Alert severity="error">{translate(`error.${error}`, { _: translate('error.unknownError') })}</Alert>}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(null)} disabled={busy}>
          {translate('vendors.form.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || reason.trim() === ''}
          onClick={() => void withdraw()}
          data-testid="appraisal-withdraw-save"
        >
          {t('withdraw')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function VendorAppraisalShowPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`vendors.show.${key}`, options);
  const { id = '' } = useParams();
  const mayUpdate = hasAnyAccessRight(useAccess().rights, 'vendorManagement.update');
  const [view, setView] = useState<VendorAppraisalView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const load = useCallback(() => {
    loadAppraisal(id).then(setView, (error: unknown) => setFailed(errorCodeOf(error)));
  }, [id]);
  useEffect(load, [load]);
  const vendor = view?.vendorName ?? view?.vendorId ?? '';
  const title = view ? t('title', { vendor }) : translate('vendors.list.title');
  const scoreOf = new Map(view?.scores.map((s) => [s.questionId, s.score]));
  return (
    <Card sx={{ mt: 2 }} data-testid="vendor-appraisal-show">
      <Title title={title} />
      <CardContent>
        <Button component={Link} to={APPRAISALS_PATH} size="small" sx={{ mb: 1 }}>
          {t('back')}
        </Button>
        <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!view && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {view && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="p" data-testid="appraisal-score">
                {`${t('score')}: ${translate('vendors.percent', { percent: view.scorePercent })}`}
              </Typography>
              <Chip size="small" variant="outlined" label={translate(`vendors.status.${view.status}`)} data-testid="appraisal-status" />
            </Box>
            <Typography variant="body2">{t('appraised', { date: formatDate(view.appraisedAt), name: view.appraisedBy ?? '—' })}</Typography>
            {view.status === 'withdrawn' && (
              <Alert severity="info" sx={{ my: 1 }} data-testid="appraisal-withdrawn-note">
                {t('withdrawnNote', {
                  date: formatDate(view.withdrawnAt),
                  name: view.withdrawnBy ?? '—',
                  reason: view.withdrawReason ?? '',
                })}
              </Alert>
            )}
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
                my: 2,
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              <dt>{t('questionnaire')}</dt>
              <dd>{`${view.questionnaire.name} (${t('scale', { min: view.questionnaire.minScore, max: view.questionnaire.maxScore })})`}</dd>
              {view.remark && (
                <>
                  <dt>{t('remark')}</dt>
                  <dd>{view.remark}</dd>
                </>
              )}
              {view.projectName && (
                <>
                  <dt>{t('project')}</dt>
                  <dd>{view.projectName}</dd>
                </>
              )}
              {view.documentNo && (
                <>
                  <dt>{t('document')}</dt>
                  <dd>{view.documentNo}</dd>
                </>
              )}
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={view.questionnaire.name}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('question')}</TableCell>
                    <TableCell align="right">{t('weight')}</TableCell>
                    <TableCell align="right">{t('given')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.questionnaire.questions.map((q) => (
                    <TableRow key={q.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{`${q.sequence}. ${q.text}`}</TableCell>
                      <TableCell align="right">{q.weight}</TableCell>
                      <TableCell align="right" data-testid={`appraisal-given-${q.sequence}`}>
                        {scoreOf.get(q.id)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {mayUpdate && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
                {view.status === 'recorded' && (
                  <Button variant="outlined" color="error" onClick={() => setWithdrawing(true)} data-testid="appraisal-withdraw">
                    {t('withdraw')}
                  </Button>
                )}
                <Button component={Link} to={`${APPRAISALS_PATH}/create?vendorId=${encodeURIComponent(view.vendorId)}`}>
                  {t('appraiseAgain')}
                </Button>
              </Box>
            )}
            <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
              {t('history')}
            </Typography>
            <Box component="ul" sx={{ pl: 2.5, my: 1 }} data-testid="appraisal-history">
              {view.history.map((entry, index) => (
                <li key={index}>
                  {`${t(`events.${entry.event}`)}: ${t('by', { at: formatDateTime(entry.at), name: entry.by ?? '—' })}${entry.reason ? ` · ${entry.reason}` : ''}`}
                </li>
              ))}
            </Box>
            <VendorHistoryPanel key={`${view.vendorId}-${view.status}`} vendorId={view.vendorId} name={vendor} />
            <WithdrawDialog
              open={withdrawing}
              id={view.id}
              onClose={(done) => {
                setWithdrawing(false);
                if (done) {
                  setView(done);
                  notify('vendors.show.withdrawn', { type: 'success' });
                }
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
