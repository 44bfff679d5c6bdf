// Suspending, reinstating or resetting the password of an account: the dialog names the person, says what
// happens, and asks the reason (recorded on the event with the administrator; 3 to 500 characters). As the
// forget dialog: a MUI Dialog labelled by its title, focus kept inside, Escape and "Go back" send nothing.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { REASON_MAX, REASON_MIN } from './ForgetPersonDialog.js';

export type AccountAction = 'suspend' | 'reinstate' | 'resetPassword';

export function AccountActionDialog({
  action,
  person,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  action: AccountAction | null;
  person: { name: string; email: string } | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [person, action]);
  const text = reason.trim();
  const ready = !busy && text.length >= REASON_MIN && text.length <= REASON_MAX;
  const name = person?.name ?? '';
  const open = person !== null && action !== null;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="account-action-dialog"
    >
      {open && (
        <>
          <DialogTitle id={titleId}>{translate(`platform.users.${action}Title`, { name })}</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid="account-action-effect">
              {translate(`platform.users.${action}Effect`, { name, email: person.email })}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              required
              label={translate('platform.users.actionReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText={translate('platform.users.actionReasonHelp', { min: REASON_MIN, max: REASON_MAX })}
              slotProps={{ htmlInput: { 'data-testid': 'account-action-reason', maxLength: REASON_MAX } }}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="account-action-error">
                {translate(`error.${error}`, { _: translate('error.unknownError') })}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              {translate('platform.users.goBack')}
            </Button>
            <Button
              variant="contained"
              color={action === 'reinstate' ? 'primary' : 'error'}
              disabled={!ready}
              onClick={() => onConfirm(text)}
              data-testid="account-action-confirm"
            >
              {translate(`platform.users.${action}`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
