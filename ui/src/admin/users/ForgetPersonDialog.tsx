// Forgetting a person cannot be taken back: the dialog names the person, says so, and asks the
// reason (recorded with the erasure; 3 to 500 characters). Styled as the documents' ConfirmActionDialog: a MUI
// Dialog labelled by its title, focus kept inside, Escape and "Go back" send nothing.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

export const REASON_MIN = 3;
export const REASON_MAX = 500;

export function ForgetPersonDialog({
  person,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  person: { name: string; email: string } | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [person]);
  const text = reason.trim();
  const ready = !busy && text.length >= REASON_MIN && text.length <= REASON_MAX;
  const name = person?.name ?? '';
  return (
    <Dialog
      open={person !== null}
      onClose={() => !busy && onCancel()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="forget-dialog"
    >
      <DialogTitle id={titleId}>{translate('platform.users.forgetTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="forget-person">
          {translate('platform.users.forgetWho', { name, email: person?.email ?? '' })}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }} data-testid="forget-effect">
          {translate('platform.users.forgetEffect')}
        </DialogContentText>
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('platform.users.forgetIrreversible')}
        </Alert>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          required
          label={translate('platform.users.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          helperText={translate('platform.users.reasonHelp', { min: REASON_MIN, max: REASON_MAX })}
          slotProps={{ htmlInput: { 'data-testid': 'forget-reason', maxLength: REASON_MAX } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="forget-error">
            {translate(`error.${error}`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('platform.users.goBack')}
        </Button>
        <Button variant="contained" color="error" disabled={!ready} onClick={() => onConfirm(text)} data-testid="forget-confirm">
          {translate('platform.users.forgetConfirm', { name })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
