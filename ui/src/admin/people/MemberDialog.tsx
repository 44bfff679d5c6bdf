// One person's roles, site team and history ("Manage"). Adding a role proposes it (it waits for approval) unless
// the user may also approve users, when it is active at once (the api decides and says so in the role's status).
// A held role's next steps follow the company role machine; each goes through the confirmation dialog.
import { useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { MAX_ROLES_PER_USER, type CompanyMemberRow, type CompanyRoleRow } from '@binaan/contracts';
import type { LoadFailure } from '../layout/load-failure.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { isDangerous, isHeld, needsRemark, roleActionsFor } from './member-rules.js';
import { MemberHistory } from './MemberHistory.js';
import { addRole, roleAction, setSiteTeam, type RoleAction } from './people-api.js';
import { MemberStatusChip, roleChipLabel } from './people-chips.js';
import type { ConfirmRequest } from './PeopleConfirmDialog.js';

type Props = {
  member: CompanyMemberRow | null;
  roles: readonly CompanyRoleRow[];
  canUpdate: boolean;
  canApprove: boolean;
  /** The company's roles could not be loaded: adding a role says so rather than "no role left". */
  rolesFailure?: { failure: LoadFailure; retry: () => void } | null;
  /** Asks the page to confirm (the one confirmation dialog) and to read the list again after a change. */
  confirm: (request: ConfirmRequest) => void;
  changed: () => Promise<void>;
  onClose: () => void;
};

function AddRole({
  member,
  roles,
  rolesFailure,
  changed,
}: Pick<Props, 'roles' | 'rolesFailure' | 'changed'> & { member: CompanyMemberRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [roleId, setRoleId] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setRoleId(''), [member.id]);
  // A role deactivated or rejected before may be given again (the api activates or proposes it anew).
  const held = new Set(member.roles.filter(isHeld).map((r) => r.roleId));
  const offered = roles.filter((r) => r.status === 'active' && !held.has(r.id));
  const full = member.roles.filter(isHeld).length >= MAX_ROLES_PER_USER;
  const add = async () => {
    const role = offered.find((r) => r.id === roleId);
    if (!role) return;
    setBusy(true);
    try {
      await addRole(member.id, role.id);
      await changed();
      notify('people.member.roleAdded', { type: 'success', messageArgs: { role: role.name, name: member.name } });
      setRoleId('');
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (full)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('people.member.limitReached', { max: MAX_ROLES_PER_USER })}
      </Typography>
    );
  if (rolesFailure)
    return (
      <LoadFailed
        what={translate('admin.loadFailed.what.roles')}
        failure={rolesFailure.failure}
        onRetry={rolesFailure.retry}
        testId="member-roles-failed"
      />
    );
  if (offered.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('people.member.noRoleLeft')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        sx={{ flex: '1 1 200px' }}
        label={translate('people.member.pickRole')}
        value={roleId}
        onChange={(e) => setRoleId(e.target.value)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'member-role-pick' } as object } }}
      >
        {offered.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" disabled={busy || !roleId} onClick={() => void add()} data-testid="member-role-add">
        {translate('people.member.add')}
      </Button>
    </Box>
  );
}

export function MemberDialog({ member, roles, rolesFailure = null, canUpdate, canApprove, confirm, changed, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [siteBusy, setSiteBusy] = useState(false);
  // The history is read again after each change made here.
  const [revision, setRevision] = useState(0);
  const after = async () => {
    await changed();
    setRevision((r) => r + 1);
  };
  if (!member) return null;

  const askRoleAction = (role: CompanyMemberRow['roles'][number], action: RoleAction) =>
    confirm({
      title: translate('people.roleConfirm.title', {
        action: translate(`people.roleActions.${action}`),
        role: role.name,
        name: member.name,
      }),
      subject: translate('people.roleConfirm.subject', { role: role.name, name: member.name, email: member.email }),
      effect: translate(`people.roleConfirm.effect.${action}`),
      confirmLabel: translate(`people.roleActions.${action}`),
      danger: isDangerous(action),
      remark: needsRemark(action) ? 'required' : 'optional',
      run: async (remark) => {
        await roleAction(member.id, role.roleId, action, remark);
        await after();
        notify(`people.roleConfirm.done.${action}`, { type: 'success', messageArgs: { role: role.name, name: member.name } });
      },
    });

  const toggleSiteTeam = async (on: boolean) => {
    setSiteBusy(true);
    try {
      await setSiteTeam(member.id, on);
      await after();
      notify(on ? 'people.member.siteTeamOn' : 'people.member.siteTeamOff', { type: 'success', messageArgs: { name: member.name } });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setSiteBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby={titleId} data-testid="member-dialog">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {member.name}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{member.email}</Typography>
          <MemberStatusChip status={member.status} />
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('people.member.roles')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('people.member.rolesHelp', { max: MAX_ROLES_PER_USER })}
        </Typography>
        {member.roles.length === 0 && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('people.users.noRoles')}
          </Typography>
        )}
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}
          aria-label={translate('people.member.roles')}
        >
          {member.roles.map((role) => (
            <Box
              component="li"
              key={role.roleId}
              data-testid="member-dialog-role"
              data-role={role.name}
              data-status={role.status}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                borderBottom: 1,
                borderColor: 'divider',
                pb: 1,
              }}
            >
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{roleChipLabel(translate, role)}</Typography>
              {canApprove && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {roleActionsFor(role.status).map((action) => (
                    <Button
                      key={action}
                      size="small"
                      variant="outlined"
                      color={isDangerous(action) ? 'error' : 'primary'}
                      onClick={() => askRoleAction(role, action)}
                      aria-label={translate('people.roleConfirm.button', {
                        action: translate(`people.roleActions.${action}`),
                        role: role.name,
                      })}
                      data-testid={`role-action-${action}`}
                    >
                      {translate(`people.roleActions.${action}`)}
                    </Button>
                  ))}
                </Box>
              )}
            </Box>
          ))}
        </Box>
        {canUpdate && <AddRole member={member} roles={roles} rolesFailure={rolesFailure} changed={after} />}
        <Divider sx={{ my: 2 }} />
        <FormControlLabel
          control={
            <Switch
              checked={member.isSiteTeam}
              disabled={!canUpdate || siteBusy}
              onChange={(e) => void toggleSiteTeam(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'member-site-team' } as object }}
            />
          }
          label={translate('people.member.siteTeam')}
        />
        <Typography variant="body2" color="text.secondary">
          {translate('people.member.siteTeamHelp')}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <MemberHistory memberId={member.id} revision={revision} />
        {!canUpdate && !canApprove && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('people.member.readOnly')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="member-dialog-close">
          {translate('people.member.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
