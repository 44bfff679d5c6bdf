// One confirmation for every change to a person or a role: names who (or which role) it is about, says what
// follows, asks the remark where the api needs one, and keeps the server's refusal in view (error.<code>) so
// the user can correct the remark or go back. Styled as the documents' ConfirmActionDialog: labelled by its
// title, focus kept inside, Escape and "Go back" send nothing.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { errorCodeOf } from '../providers/admin-request.js';

export type ConfirmRequest = {
  title: string;
  subject: string;
  effect: string;
  confirmLabel: string;
  danger: boolean;
  /** required: the api refuses without one; optional: asked, may stay empty; none: not asked. */
  remark: 'required' | 'optional' | 'none';
  run: (remark: string) => Promise<void>;
};

export function PeopleConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRemark('');
    setError(null);
  }, [request]);
  const ready = !busy && (request?.remark !== 'required' || remark.trim() !== '');
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      await request.run(remark.trim());
      onClose();
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={request !== null}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="people-confirm"
    >
      <DialogTitle id={titleId}>{request?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="people-confirm-subject" sx={{ overflowWrap: 'anywhere' }}>
          {request?.subject}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{request?.effect}</DialogContentText>
        {request && request.remark !== 'none' && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            required={request.remark === 'required'}
            value={remark}
            label={translate(request.remark === 'required' ? 'people.confirm.remark' : 'people.confirm.remarkOptional')}
            helperText={translate(request.remark === 'required' ? 'people.confirm.remarkHelp' : 'people.confirm.remarkOptionalHelp')}
            onChange={(e) => setRemark(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'people-remark' } }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="people-confirm-error">
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy} autoFocus={request?.remark === 'none'}>
          {translate('people.confirm.goBack')}
        </Button>
        <Button
          variant="contained"
          color={request?.danger ? 'error' : 'primary'}
          disabled={!ready}
          onClick={() => void confirm()}
          data-testid="people-confirm-send"
        >
          {request?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
