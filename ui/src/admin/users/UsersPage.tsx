// The platform administrator's accounts: every user, newest first, searchable by name or e-mail, each with
// "Suspend" or "Reinstate", "Reset password" (a temporary password e-mailed), "Download data" (the export)
// and "Forget this person" (a dialog that names them, says it
// cannot be undone and asks the reason; POST /api/personal-data/users/<id>/forget). A forgotten person
// shows the reader's word for erased (the clients translate the marker) and cannot be forgotten again.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { ERASED, type PersonalDataAccount, type PersonalDataUsersReply } from '@binaan/contracts';
import { erasedWord } from '../../shared/i18n/erased.js';
import { getSession } from '../../shared/session/session-store.js';
import { formatDate } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { downloadPersonalData } from './download-personal-data.js';
import { ForgetPersonDialog } from './ForgetPersonDialog.js';
import { AccountActionDialog, type AccountAction } from './AccountActionDialog.js';
import { StaffRightsDialog } from './StaffRightsDialog.js';

/** Where each action goes, and the word the page says when it is done. */
const ACTIONS: Record<AccountAction, { path: string; done: string }> = {
  suspend: { path: 'suspend', done: 'platform.users.suspended' },
  reinstate: { path: 'reinstate', done: 'platform.users.reinstated' },
  resetPassword: { path: 'force-password-reset', done: 'platform.users.passwordReset' },
};

export function UsersPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const [users, setUsers] = useState<PersonalDataAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<PersonalDataAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgetError, setForgetError] = useState<string | null>(null);
  const ownEmail = getSession()?.user?.email;
  const [acting, setActing] = useState<{ action: AccountAction; user: PersonalDataAccount } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [rightsOf, setRightsOf] = useState<PersonalDataAccount | null>(null);

  const load = useCallback(async (q: string) => {
    try {
      setError(null);
      setUsers((await adminJson<PersonalDataUsersReply>(`/api/personal-data/users?q=${encodeURIComponent(q)}`)).users);
    } catch (e) {
      setError(errorCodeOf(e));
    }
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => void load(query), 250);
    return () => clearTimeout(timer);
  }, [query, load]);

  // The clients show the marker in the reader's word, so an erased account is known by that word (or the marker).
  const isErased = (user: PersonalDataAccount) => user.email === ERASED || user.email === erasedWord();

  const forget = async (reason: string) => {
    if (!forgetting) return;
    setBusy(true);
    setForgetError(null);
    try {
      await adminJson(`/api/personal-data/users/${encodeURIComponent(forgetting.userId)}/forget`, { method: 'POST', body: { reason } });
      notify('platform.users.forgotten', { type: 'success', messageArgs: { name: forgetting.name } });
      setForgetting(null);
      await load(query);
    } catch (e) {
      setForgetError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };

  const act = async (reason: string) => {
    if (!acting) return;
    setBusy(true);
    setActionError(null);
    try {
      await adminJson(`/api/users/${encodeURIComponent(acting.user.userId)}/${ACTIONS[acting.action].path}`, {
        method: 'POST',
        body: { reason },
      });
      notify(ACTIONS[acting.action].done, { type: 'success', messageArgs: { name: acting.user.name } });
      setActing(null);
      await load(query);
    } catch (e) {
      setActionError(errorCodeOf(e));
    } finally {
      setBusy(false);
    }
  };
  const openAction = (action: AccountAction, user: PersonalDataAccount) => {
    setActionError(null);
    setActing({ action, user });
  };

  const download = async (user: PersonalDataAccount) => {
    try {
      await downloadPersonalData(user.userId);
    } catch (e) {
      notify(`error.${errorCodeOf(e)}`, { type: 'error' });
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="users-page">
      <Title title={translate('admin.menu.platformUsers')} />
      <Typography variant="h5" component="h1">
        {translate('admin.menu.platformUsers')}
      </Typography>
      <Typography>{translate('platform.users.intro')}</Typography>
      <TextField
        label={translate('platform.users.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        type="search"
        sx={{ maxWidth: { sm: 420 } }}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'users-search' } }}
      />
      {error && <Alert severity="error">{translate(`error.${error}`)}</Alert>}
      {users && users.length === 0 && <Typography data-testid="users-empty">{translate('platform.users.empty')}</Typography>}
      <Box
        component="ul"
        aria-label={translate('admin.menu.platformUsers')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {users?.map((user) => {
          const erased = isErased(user);
          const own = user.email === ownEmail;
          return (
            <Box component="li" key={user.userId} data-testid="user-row" data-user-id={user.userId}>
              <Card variant="outlined">
                <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
                  <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Typography
                      component="h2"
                      variant="subtitle1"
                      sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontStyle: erased ? 'italic' : 'normal' }}
                      data-testid="user-name"
                    >
                      {user.name}
                    </Typography>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('platform.users.registered', { date: formatDate(user.registeredAt) })}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
                    {erased ? (
                      <Chip label={translate('platform.users.erasedChip')} size="small" />
                    ) : (
                      <Chip label={translate(`platform.users.status.${user.status}`, { _: user.status })} size="small" variant="outlined" />
                    )}
                    {user.userType === 2 && (
                      <Chip label={translate('platform.users.platformAdmin')} size="small" color="primary" variant="outlined" />
                    )}
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => void download(user)}
                      aria-label={`${translate('platform.users.download')}: ${user.name}`}
                    >
                      {translate('platform.users.download')}
                    </Button>
                    {!erased && !own && user.status === 'activated' && (
                      <Button
                        size="small"
                        variant="outlined"
                        color="warning"
                        data-testid="suspend-open"
                        aria-label={`${translate('platform.users.suspend')}: ${user.name}`}
                        onClick={() => openAction('suspend', user)}
                      >
                        {translate('platform.users.suspend')}
                      </Button>
                    )}
                    {!erased && user.status === 'suspended' && (
                      <Button
                        size="small"
                        variant="outlined"
                        data-testid="reinstate-open"
                        aria-label={`${translate('platform.users.reinstate')}: ${user.name}`}
                        onClick={() => openAction('reinstate', user)}
                      >
                        {translate('platform.users.reinstate')}
                      </Button>
                    )}
                    {!erased && !own && user.status === 'activated' && (
                      <Button
                        size="small"
                        variant="outlined"
                        data-testid="reset-password-open"
                        aria-label={`${translate('platform.users.resetPassword')}: ${user.name}`}
                        onClick={() => openAction('resetPassword', user)}
                      >
                        {translate('platform.users.resetPassword')}
                      </Button>
                    )}
                    {!erased && !own && user.userType === 2 && (
                      <Button
                        size="small"
                        variant="outlined"
                        data-testid="rights-open"
                        aria-label={`${translate('platform.users.rights')}: ${user.name}`}
                        onClick={() => setRightsOf(user)}
                      >
                        {translate('platform.users.rights')}
                      </Button>
                    )}
                    {!erased && !own && (
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        data-testid="forget-open"
                        aria-label={`${translate('platform.users.forget')}: ${user.name}`}
                        onClick={() => {
                          setForgetError(null);
                          setForgetting(user);
                        }}
                      >
                        {translate('platform.users.forget')}
                      </Button>
                    )}
                  </Stack>
                </CardContent>
              </Card>
            </Box>
          );
        })}
      </Box>
      <AccountActionDialog
        action={acting?.action ?? null}
        person={acting?.user ?? null}
        busy={busy}
        error={actionError}
        onCancel={() => setActing(null)}
        onConfirm={(reason) => void act(reason)}
      />
      <StaffRightsDialog
        person={rightsOf}
        onClose={() => setRightsOf(null)}
        onSaved={() => {
          notify('platform.users.rightsSaved', { type: 'success', messageArgs: { name: rightsOf?.name ?? '' } });
          setRightsOf(null);
        }}
      />
      <ForgetPersonDialog
        person={forgetting}
        busy={busy}
        error={forgetError}
        onCancel={() => setForgetting(null)}
        onConfirm={(reason) => void forget(reason)}
      />
    </Stack>
  );
}
