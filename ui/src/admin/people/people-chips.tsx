// A member's status and the roles they hold, as chips. The status is always in the words (never colour alone);
// a role that is not active says how it stands ("PO clerk: awaiting approval").
import { useTranslate } from 'react-admin';
import { Box, Chip } from '@mui/material';
import type { CompanyMemberRow, CompanyMemberStatus, CompanyRoleAssignmentStatus } from '@binaan/contracts';

const MEMBER_COLOURS: Record<CompanyMemberStatus, 'success' | 'warning' | 'error' | 'default'> = {
  activated: 'success',
  pending: 'warning',
  suspended: 'warning',
  deactivated: 'default',
  terminated: 'error',
};
const ROLE_COLOURS: Record<CompanyRoleAssignmentStatus, 'default' | 'warning' | 'error'> = {
  active: 'default',
  pending: 'warning',
  rejected: 'error',
  inactive: 'default',
};

export function MemberStatusChip({ status }: { status: CompanyMemberStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={MEMBER_COLOURS[status]}
      label={translate(`people.memberStatus.${status}`, { _: status })}
      data-testid="member-status"
      data-status={status}
    />
  );
}

export function roleChipLabel(translate: ReturnType<typeof useTranslate>, role: CompanyMemberRow['roles'][number]): string {
  return role.status === 'active'
    ? role.name
    : translate('people.roleWithStatus', { role: role.name, status: translate(`people.roleStatus.${role.status}`, { _: role.status }) });
}

export function RoleChips({ roles }: { roles: CompanyMemberRow['roles'] }) {
  const translate = useTranslate();
  if (roles.length === 0) return <span>{translate('people.users.noRoles')}</span>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {roles.map((role) => (
        <li key={role.roleId}>
          {/* A long role name wraps inside its chip rather than widening the row (a phone's block, a table cell). */}
          <Chip
            size="small"
            variant="outlined"
            color={ROLE_COLOURS[role.status]}
            label={roleChipLabel(translate, role)}
            data-testid="member-role"
            data-status={role.status}
            sx={{
              height: 'auto',
              maxWidth: '100%',
              py: 0.25,
              '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', wordBreak: 'keep-all' },
            }}
          />
        </li>
      ))}
    </Box>
  );
}
