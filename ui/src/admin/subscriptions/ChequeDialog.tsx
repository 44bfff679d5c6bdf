// The company administrator's record of a cheque or bank draft for a bill waiting for payment (signed-in-area.md
// §2.5 "cheque or bank draft", §3 "manual cheque payment"): kind, number, date, bank and the amount, filled
// with the bill's total (the api refuses another amount). The bill is paid once the platform confirms the
// cheque cleared.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { senOf, senText } from './sen.js';
import { recordChequePayment, type Billing, type ChequePayment } from './subscriptions-api.js';

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** The total as the amount box shows it: "3,180.00" without the currency (the label says RM). */
const amountText = (sen: number) => senText(sen).replace(/^RM\s*/, '');

export function ChequeDialog({ bill, onClose }: { bill: Billing | null; onClose: (recorded: boolean) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`subscriptions.cheque.${key}`, options);
  const titleId = useId();
  const blank = () => ({
    kind: 'cheque' as ChequePayment['kind'],
    chequeNo: '',
    chequeDate: today(),
    bank: '',
    amount: bill ? amountText(bill.total) : '',
  });
  const [values, setValues] = useState(blank);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (bill) {
      setValues(blank());
      setFields({});
      setError(null);
    }
    // Reset only when another bill opens the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bill]);
  const amount = senOf(values.amount);
  const save = async () => {
    if (!bill) return;
    setBusy(true);
    setError(null);
    try {
      await recordChequePayment(bill.id, {
        kind: values.kind,
        chequeNo: values.chequeNo.trim(),
        chequeDate: values.chequeDate,
        bank: values.bank.trim(),
        amount: amount ?? -1,
      });
      onClose(true);
    } catch (e) {
      setError(errorCodeOf(e));
      if (e instanceof ApiError) setFields(e.fields);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: string) => (fields[field]?.[0] ? t(`fieldErrors.${fields[field][0]}`) : undefined);
  const numberLabel = values.kind === 'cheque' ? t('chequeNo') : t('draftNo');
  return (
    <Dialog
      open={bill !== null}
      onClose={() => !busy && onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid="cheque-dialog"
    >
      <DialogTitle id={titleId}>{t('title', { invoiceNo: bill?.invoiceNo ?? '' })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('kind')}
          value={values.kind}
          onChange={(e) => setValues({ ...values, kind: e.target.value as ChequePayment['kind'] })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'cheque-kind' } as Record<string, string> } }}
        >
          <MenuItem value="cheque">{t('kinds.cheque')}</MenuItem>
          <MenuItem value="bankDraft">{t('kinds.bankDraft')}</MenuItem>
        </TextField>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          required
          label={numberLabel}
          value={values.chequeNo}
          onChange={(e) => setValues({ ...values, chequeNo: e.target.value })}
          error={!!fieldError('chequeNo')}
          helperText={fieldError('chequeNo')}
          slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'cheque-no' } }}
        />
        <TextField
          type="date"
          fullWidth
          margin="dense"
          required
          label={values.kind === 'cheque' ? t('chequeDate') : t('draftDate')}
          value={values.chequeDate}
          onChange={(e) => setValues({ ...values, chequeDate: e.target.value })}
          error={!!fieldError('chequeDate')}
          helperText={fieldError('chequeDate')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cheque-date' } }}
        />
        <TextField
          fullWidth
          margin="dense"
          required
          label={t('bank')}
          value={values.bank}
          onChange={(e) => setValues({ ...values, bank: e.target.value })}
          error={!!fieldError('bank')}
          helperText={fieldError('bank')}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'cheque-bank' } }}
        />
        <TextField
          fullWidth
          margin="dense"
          required
          label={t('amount')}
          value={values.amount}
          onChange={(e) => setValues({ ...values, amount: e.target.value })}
          error={!!fieldError('amount') || (values.amount !== '' && amount === null)}
          helperText={fieldError('amount') ?? t('amountHelp', { total: bill ? senText(bill.total) : '' })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cheque-amount' } }}
        />
        {error && error !== 'validationFailed' && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="cheque-refused">
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
          onClick={() => void save()}
          disabled={busy || values.chequeNo.trim() === '' || values.bank.trim() === '' || amount === null}
          data-testid="cheque-save"
        >
          {t('record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
