// The platform administrator's manual payments (signed-in-area.md §2.5 admin module "manual payments", §3
// "manual cheque payment", §4.10): every company's cheques and bank drafts, newest first, a page at a time,
// with the company, the invoice, kind, number, bank, date, amount and status. Confirm once the cheque cleared
// (the bill is paid); Reject asks for the remark the company reads (the bill keeps waiting for payment).
import { useCallback, useEffect, useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
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
  TextField,
  Typography,
} from '@mui/material';
import { statusLabel } from '../catalogue/labels.js';
import { formatDate } from '../../shared/i18n/dates.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { senText } from './sen.js';
import { actOnChequePayment, chequePayments as loadCheques, type ChequePayment } from './subscriptions-api.js';

function RejectDialog({ cheque, onClose }: { cheque: ChequePayment | null; onClose: (rejected: boolean) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.manualPayments.${key}`, options);
  const titleId = useId();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (cheque) {
      setRemark('');
      setError(null);
    }
  }, [cheque]);
  const reject = async () => {
    if (!cheque) return;
    setBusy(true);
    setError(null);
    try {
      await actOnChequePayment(cheque.id, 'Reject', remark.trim());
      onClose(true);
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={cheque !== null}
      onClose={() => !busy && onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="cheque-reject-dialog"
    >
      <DialogTitle id={titleId}>{t('rejectTitle', { number: cheque?.chequeNo ?? '', invoiceNo: cheque?.invoiceNo ?? '' })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          required
          label={t('remark')}
          helperText={t('remarkHelp')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cheque-reject-remark' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void reject()}
          disabled={busy || remark.trim() === ''}
          data-testid="cheque-reject-save"
        >
          {t('reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ManualPaymentsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.manualPayments.${key}`, options);
  const kind = (value: ChequePayment['kind']) => translate(`subscriptions.cheque.kinds.${value}`);
  const [rows, setRows] = useState<ChequePayment[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ChequePayment | null>(null);
  const load = useCallback(async (after: string | null) => {
    try {
      const page = await loadCheques(after);
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
  /** The row as the api has it now, in place (the list keeps its order and pages). */
  const settle = (id: string, status: ChequePayment['status']) =>
    setRows((before) => before?.map((row) => (row.id === id ? { ...row, status } : row)) ?? null);
  const confirm = async (row: ChequePayment) => {
    setBusy(row.id);
    setRefused(null);
    try {
      await actOnChequePayment(row.id, 'Confirm');
      settle(row.id, 'confirmed');
      notify('subscriptions.manualPayments.confirmed', { type: 'success', messageArgs: { invoiceNo: row.invoiceNo } });
    } catch (error) {
      setRefused(`${row.invoiceNo}: ${translate(`error.${errorCodeOf(error)}`, { _: translate('error.unknownError') })}`);
    } finally {
      setBusy(null);
    }
  };
  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="manual-payments-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {refused && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="manual-payment-refused">
            {refused}
          </Alert>
        )}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows?.length === 0 && <Typography>{t('none')}</Typography>}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {rows?.map((row) => (
            <Card variant="outlined" component="li" key={row.id} data-testid="manual-payment-row" data-invoice={row.invoiceNo}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >{`${row.invoiceNo} · ${row.companyName ?? row.companyId}`}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('details', { kind: kind(row.kind), number: row.chequeNo, bank: row.bank, date: formatDate(row.chequeDate) })}
                  </Typography>
                  {row.remark && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {t('remarkShown', { remark: row.remark })}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ textAlign: 'right' }}>
                  <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{senText(row.amount)}</Typography>
                  <Chip size="small" label={statusLabel(translate, 'chequePayment', row.status)} data-testid="manual-payment-status" />
                </Box>
                {row.status === 'pending' && (
                  <Box sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                      variant="contained"
                      size="small"
                      disabled={busy !== null}
                      onClick={() => void confirm(row)}
                      aria-label={t('confirmNamed', { number: row.chequeNo, invoiceNo: row.invoiceNo })}
                      data-testid="manual-payment-confirm"
                    >
                      {t('confirm')}
                    </Button>
                    <Button
                      variant="outlined"
                      color="error"
                      size="small"
                      disabled={busy !== null}
                      onClick={() => setRejecting(row)}
                      aria-label={t('rejectNamed', { number: row.chequeNo, invoiceNo: row.invoiceNo })}
                      data-testid="manual-payment-reject"
                    >
                      {t('reject')}
                    </Button>
                  </Box>
                )}
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
      <RejectDialog
        cheque={rejecting}
        onClose={(rejected) => {
          const row = rejecting;
          setRejecting(null);
          if (rejected && row) {
            notify('subscriptions.manualPayments.rejected', { type: 'success', messageArgs: { invoiceNo: row.invoiceNo } });
            void load(null);
          }
        }}
      />
    </Card>
  );
}
