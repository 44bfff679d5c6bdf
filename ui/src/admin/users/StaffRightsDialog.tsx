// A platform administrator's admin module rights (§6), set by a colleague with the user right: one checkbox
// per right, at least one kept, and the reason (recorded with who set them). Opened from the users page.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
} from '@mui/material';
import { ADMIN_MODULE_RIGHTS } from '@binaan/contracts';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { REASON_MAX, REASON_MIN } from './ForgetPersonDialog.js';

type StaffMember = { userId: string; rights: string[] };

export function StaffRightsDialog({
  person,
  onClose,
  onSaved,
}: {
  person: { userId: string; name: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [rights, setRights] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setRights(null);
    setReason('');
    setError(null);
    if (!person) return;
    adminJson<StaffMember[]>('/api/admin/staff').then(
      (staff) => setRights(staff.find((s) => s.userId === person.userId)?.rights ?? []),
      (e: unknown) => setError(errorCodeOf(e)),
    );
  }, [person]);

  const save = async () => {
    if (!person || !rights) return;
    setBusy(true);
    setError(null);
    try {
      await adminJson(`/api/admin/staff/${encodeURIComponent(person.userId)}/rights`, {
        method: 'PUT',
        body: { rights, reason: reason.trim() },
      });
      onSaved();
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  const text = reason.trim();
  const ready = !busy && rights !== null && rights.length > 0 && text.length >= REASON_MIN && text.length <= REASON_MAX;
  return (
    <Dialog
      open={person !== null}
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="staff-rights-dialog"
    >
      {person && (
        <>
          <DialogTitle id={titleId}>{translate('platform.users.rightsTitle', { name: person.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('platform.users.rightsIntro')}</DialogContentText>
            {rights && (
              <FormGroup sx={{ my: 1 }}>
                {ADMIN_MODULE_RIGHTS.map((right) => (
                  <FormControlLabel
                    key={right}
                    label={translate(`platform.users.adminRights.${right.slice('admin.'.length)}`)}
                    control={
                      <Checkbox
                        checked={rights.includes(right)}
                        onChange={(e) => setRights(e.target.checked ? [...rights, right] : rights.filter((r) => r !== right))}
                        slotProps={{ input: { 'data-testid': `right-${right}` } as object }}
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            <TextField
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              required
              label={translate('platform.users.actionReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText={translate('platform.users.actionReasonHelp', { min: REASON_MIN, max: REASON_MAX })}
              slotProps={{ htmlInput: { 'data-testid': 'rights-reason', maxLength: REASON_MAX } }}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {translate(`error.${error}`, { _: translate('error.unknownError') })}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {translate('platform.users.goBack')}
            </Button>
            <Button variant="contained" disabled={!ready} onClick={() => void save()} data-testid="rights-save">
              {translate('platform.users.rightsSave')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
