// The one dialog before an action that cannot be taken back (and before any action that needs a remark or an
// amount): it names the document(s) and says what will happen, and asks for the remark in the same place.
// A MUI Dialog: its title labels it, focus stays inside, Escape closes it (unless the call is under way).
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

export type ConfirmValues = { remark: string; amount: string };

export function ConfirmActionDialog({
  open,
  title,
  documents,
  named,
  effect,
  askRemark,
  remarkLabel,
  askAmount,
  initialAmount,
  confirmLabel,
  danger,
  busy,
  onCancel,
  onConfirm,
}: {
  /** `named`: the line naming what is acted on, when it is not a document (a company under review). */
  open: boolean;
  title: string;
  documents: readonly string[];
  named?: string;
  effect: string;
  askRemark: boolean;
  remarkLabel?: string;
  askAmount?: boolean;
  initialAmount?: string;
  confirmLabel: string;
  danger: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (values: ConfirmValues) => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [remark, setRemark] = useState('');
  const [amount, setAmount] = useState(initialAmount ?? '');
  useEffect(() => {
    if (!open) return;
    setRemark('');
    setAmount(initialAmount ?? '');
  }, [open, initialAmount]);
  const ready = !busy && (!askRemark || remark.trim() !== '');
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="confirm-dialog">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" data-testid="confirm-documents">
          {named ??
            (documents.length === 1 ? (
              translate('admin.confirm.document', { document: documents[0] })
            ) : (
              <>
                {translate('admin.confirm.documents', { count: documents.length })}
                <ul style={{ margin: '4px 0' }}>
                  {documents.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              </>
            ))}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }} data-testid="confirm-effect">
          {effect}
        </DialogContentText>
        {askRemark && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={remarkLabel ?? translate('admin.fields.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            required
            helperText={translate('admin.actions.remarkRequired')}
            slotProps={{ htmlInput: { 'data-testid': 'remark-input' } }}
          />
        )}
        {askAmount && (
          <TextField
            fullWidth
            margin="dense"
            label={translate('admin.fields.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            helperText={translate('admin.actions.amountHelp')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus={!askRemark} data-testid="confirm-cancel">
          {translate('admin.confirm.goBack')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={!ready}
          data-testid="action-confirm"
          onClick={() => onConfirm({ remark: remark.trim(), amount })}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
