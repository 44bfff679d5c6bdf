// Creating or editing a role: its name and its rights in the matrix. The name must be given and at least one
// right ticked (a role without rights gives nothing); every other rule is the server's (a name taken, a right
// not grantable) and shows translated in the dialog.
import { useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { CompanyRoleRow } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { createRole, updateRole } from './people-api.js';
import { RightsMatrix } from './RightsMatrix.js';
import { orderedRights } from './rights-matrix.js';

/** `role` null: a new role. */
export type RoleEditing = { role: CompanyRoleRow | null };

export function RoleEditorDialog({ editing, onClose }: { editing: RoleEditing | null; onClose: (saved: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [name, setName] = useState('');
  const [rights, setRights] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(editing?.role?.name ?? '');
    setRights(editing?.role ? [...editing.role.accessRights] : []);
    setTried(false);
    setFailed(null);
  }, [editing]);
  const role = editing?.role ?? null;
  // The api's rule: 2 to 60 characters.
  const nameMissing = name.trim().length < 2;
  const noRights = rights.length === 0;

  const save = async () => {
    setTried(true);
    setFailed(null);
    if (nameMissing || noRights) return;
    setBusy(true);
    const input = { name: name.trim(), accessRights: orderedRights(rights) };
    try {
      if (role) await updateRole(role.id, input);
      else await createRole(input);
      notify(role ? 'people.roles.saved' : 'people.roles.created', { type: 'success', messageArgs: { name: input.name } });
      onClose(true);
    } catch (error) {
      setFailed(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const title = role ? translate('people.roles.editTitle', { name: role.name }) : translate('people.roles.createTitle');
  return (
    <Dialog
      open={editing !== null}
      onClose={() => !busy && onClose(false)}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="role-editor"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          required
          label={translate('people.roles.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={tried && nameMissing}
          helperText={tried && nameMissing ? translate('people.roles.nameRequired') : ' '}
          slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'role-name' } }}
        />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
          {translate('people.roles.matrix')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('people.roles.matrixHelp')} {translate('people.roles.ticked', { n: rights.length })}
        </Typography>
        {tried && noRights && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="role-no-rights">
            {translate('people.roles.noRights')}
          </Alert>
        )}
        <RightsMatrix value={rights} onChange={setRights} label={translate('people.roles.matrix')} />
        {failed && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="role-error">
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate('people.confirm.goBack')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="role-save">
          {translate('people.roles.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
