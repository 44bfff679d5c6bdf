// Inviting a person: e-mail, name, up to five of the company's roles and the site team switch. The contracts'
// rule (companyInviteErrors) is checked before sending; the server checks it again and its field errors show on
// their fields. The reply says what happened: an existing account linked (active now), or a sign-up link sent.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { companyInviteErrors, MAX_ROLES_PER_USER, type CompanyInviteReply, type CompanyRoleRow } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { failureText, type LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { invite } from './people-api.js';

type Sent = CompanyInviteReply & { email: string; name: string };

/** A field's message: the contracts' and the api's keys are error codes (error.<code>), `required` is the name's. */
const fieldMessage = (translate: ReturnType<typeof useTranslate>, field: string, code: string | undefined) =>
  code === undefined
    ? undefined
    : field === 'name' && code === 'required'
      ? translate('people.invite.nameRequired')
      : translate(`error.${code}`, { _: translate('error.validationFailed') });

/** `rolesFailure`: the company's roles could not be loaded; the roles picker says so and offers to ask again. */
export function InviteDialog({
  open,
  company,
  roles,
  rolesFailure = null,
  onClose,
}: {
  open: boolean;
  company: string;
  roles: readonly CompanyRoleRow[];
  rolesFailure?: { failure: LoadFailure; retry: () => void } | null;
  onClose: (sent: Sent | null) => void;
}) {
  const translate = useTranslate();
  const rolesWhat = translate('admin.loadFailed.what.roles');
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<CompanyRoleRow[]>([]);
  const [siteTeam, setSiteTeam] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const reset = () => {
    setEmail('');
    setName('');
    setChosen([]);
    setSiteTeam(false);
    setErrors({});
    setFailed(null);
    setSent(null);
  };
  useEffect(() => {
    if (open) reset();
  }, [open]);

  const send = async () => {
    const input = { email: email.trim(), name: name.trim(), roleIds: chosen.map((r) => r.id), isSiteTeam: siteTeam };
    const found = companyInviteErrors(input);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, codes]) => [field, codes[0]!])));
    setFailed(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await invite(input);
      setSent({ ...reply, email: input.email, name: input.name });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, codes]) => [field, codes[0] ?? 'validationFailed'])));
      setFailed(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const active = roles.filter((r) => r.status === 'active');
  const full = chosen.length >= MAX_ROLES_PER_USER;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose(sent)}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="invite-dialog"
    >
      <DialogTitle id={titleId}>{translate('people.invite.title', { company })}</DialogTitle>
      <DialogContent>
        {sent ? (
          <Alert
            severity="success"
            data-testid="invite-result"
            data-linked={String(sent.linkedExistingAccount)}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {sent.linkedExistingAccount
              ? translate('people.invite.linked', { name: sent.name, company })
              : translate('people.invite.emailed', { name: sent.name, email: sent.email })}
          </Alert>
        ) : (
          <>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              required
              type="email"
              autoComplete="off"
              label={translate('people.invite.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errors.email}
              helperText={fieldMessage(translate, 'email', errors.email) ?? translate('people.invite.emailHelp')}
              slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'invite-email' } }}
            />
            <TextField
              fullWidth
              margin="dense"
              required
              autoComplete="off"
              label={translate('people.invite.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!errors.name}
              helperText={fieldMessage(translate, 'name', errors.name) ?? ' '}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'invite-name' } }}
            />
            <Autocomplete
              multiple
              options={active}
              value={chosen}
              disableCloseOnSelect
              filterSelectedOptions
              getOptionLabel={(r) => r.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionDisabled={() => full}
              onChange={(_e, value) => setChosen(value.slice(0, MAX_ROLES_PER_USER))}
              noOptionsText={rolesFailure ? failureText(translate, rolesWhat, rolesFailure.failure) : translate('people.invite.noRoles')}
              renderValue={(value, getItemProps) =>
                value.map((role, index) => <Chip size="small" label={role.name} {...getItemProps({ index })} key={role.id} />)
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  margin="dense"
                  label={translate('people.invite.roles')}
                  error={!!errors.roleIds || rolesFailure !== null}
                  helperText={
                    fieldMessage(translate, 'roleIds', errors.roleIds) ??
                    (rolesFailure
                      ? translate('admin.loadFailed.title', { what: rolesWhat })
                      : translate('people.invite.rolesHelp', { n: chosen.length, max: MAX_ROLES_PER_USER }))
                  }
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'invite-roles' } }}
                />
              )}
            />
            {rolesFailure && (
              <LoadFailed
                what={rolesWhat}
                failure={rolesFailure.failure}
                onRetry={rolesFailure.retry}
                testId="invite-roles-failed"
                sx={{ mt: 1 }}
              />
            )}
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Switch
                  checked={siteTeam}
                  onChange={(e) => setSiteTeam(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'invite-site-team' } as object }}
                />
              }
              label={translate('people.invite.siteTeam')}
            />
            {failed && (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="invite-error">
                {translate(`error.${failed}`, { _: translate('error.unknownError') })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {sent ? (
          <>
            <Button onClick={reset}>{translate('people.invite.another')}</Button>
            <Button variant="contained" onClick={() => onClose(sent)} data-testid="invite-done">
              {translate('people.invite.done')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => onClose(null)} disabled={busy}>
              {translate('people.confirm.goBack')}
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={busy} data-testid="invite-send">
              {translate('people.invite.send')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
