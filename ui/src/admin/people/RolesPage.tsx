// The company's roles (signed-in-area.md §2.5 "user roles setup", §6): each with its holders and the areas its
// rights reach; create, edit (name and the rights matrix) and retire for whoever holds
// administration.fullAccessControl.update. Others see the roles and no button to change them (the server
// refuses anyway). Retired roles are listed apart, without actions.
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { hasAnyAccessRight, type CompanyRoleRow } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { listRoles, retireRole } from './people-api.js';
import { PeopleConfirmDialog, type ConfirmRequest } from './PeopleConfirmDialog.js';
import { areasOf } from './rights-matrix.js';
import { RoleEditorDialog, type RoleEditing } from './RoleEditorDialog.js';

function RoleCard({
  role,
  canEdit,
  onEdit,
  onRetire,
}: {
  role: CompanyRoleRow;
  canEdit: boolean;
  onEdit: () => void;
  onRetire: () => void;
}) {
  const translate = useTranslate();
  const areas = areasOf(role.accessRights).map((a) => translate(`people.areas.${a.labelKey}`, { _: a.key }));
  const retired = role.status === 'retired';
  return (
    <Card variant="outlined" component="li" data-testid="role-row" data-role={role.name} data-status={role.status}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component={retired ? 'h3' : 'h2'} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {role.name}
            </Typography>
            {retired && <Chip size="small" label={translate('people.roles.status.retired')} />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {translate('people.roles.holders', { n: role.holders })} ·{' '}
            {translate('people.roles.rightsCount', { n: role.accessRights.length })}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {areas.length > 0 ? areas.join(', ') : translate('people.roles.noArea')}
          </Typography>
        </Box>
        {canEdit && !retired && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={onEdit}
              aria-label={translate('people.roles.editWho', { name: role.name })}
              data-testid="role-edit"
            >
              {translate('people.roles.edit')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={onRetire}
              aria-label={translate('people.roles.retireWho', { name: role.name })}
              data-testid="role-retire"
            >
              {translate('people.roles.retire')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function RolesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const canEdit = hasAnyAccessRight(session?.accessRights ?? '', 'administration.fullAccessControl.update');
  const [roles, setRoles] = useState<CompanyRoleRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<RoleEditing | null>(null);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);
  const load = useCallback(async () => {
    try {
      setRoles(await listRoles());
      setFailed(null);
    } catch (error) {
      setFailed(errorCodeOf(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const askRetire = (role: CompanyRoleRow) =>
    setConfirming({
      title: translate('people.roles.retireTitle', { name: role.name }),
      subject: translate('people.roles.retireSubject', { name: role.name, n: role.holders }),
      effect: translate('people.roles.retireEffect'),
      confirmLabel: translate('people.roles.retire'),
      danger: true,
      remark: 'none',
      run: async () => {
        await retireRole(role.id);
        await load();
        notify('people.roles.retired', { type: 'success', messageArgs: { name: role.name } });
      },
    });

  const title = translate('people.roles.title');
  const active = roles?.filter((r) => r.status !== 'retired') ?? [];
  const retired = roles?.filter((r) => r.status === 'retired') ?? [];
  const list = (rows: CompanyRoleRow[], label: string) => (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((role) => (
        <RoleCard key={role.id} role={role} canEdit={canEdit} onEdit={() => setEditing({ role })} onRetire={() => askRetire(role)} />
      ))}
    </Box>
  );
  return (
    <Card sx={{ mt: 2 }} data-testid="roles-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('people.roles.intro')}
        </Typography>
        {canEdit ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ mb: 2 }}
            onClick={() => setEditing({ role: null })}
            data-testid="role-create"
          >
            {translate('people.roles.create')}
          </Button>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="roles-read-only">
            {translate('people.roles.readOnly')}
          </Alert>
        )}
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!roles && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {roles && active.length === 0 && <Typography>{translate('people.roles.empty')}</Typography>}
        {active.length > 0 && list(active, title)}
        {retired.length > 0 && (
          <>
            <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
              {translate('people.roles.retiredHeading')}
            </Typography>
            {list(retired, translate('people.roles.retiredHeading'))}
          </>
        )}
      </CardContent>
      <RoleEditorDialog
        editing={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void load();
        }}
      />
      <PeopleConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}
