// The company's people: a table on a wider screen, and on a phone a block per person (name as a heading, the
// rest under their labels), so nothing runs past a 375 px screen. Each person has "Manage" (roles, site team,
// history) and, when the api offers any, a menu of the status actions it allows now (availableActions).
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Menu,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { CompanyMemberRow } from '@binaan/contracts';
import { formatDate } from '../format.js';
import type { MemberAction } from './people-api.js';
import { MemberStatusChip, RoleChips } from './people-chips.js';

type RowProps = {
  row: CompanyMemberRow;
  onManage: (row: CompanyMemberRow) => void;
  onAction: (row: CompanyMemberRow, action: MemberAction) => void;
};

function ActionsMenu({ row, onAction }: Omit<RowProps, 'onManage'>) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (row.availableActions.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={translate('people.users.actionsFor', { name: row.name })}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="member-actions"
      >
        {translate('people.users.actions')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {row.availableActions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(row, action as MemberAction);
            }}
            data-testid={`member-action-${action}`}
          >
            {translate(`people.actions.${action}`, { _: action })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function RowButtons({ row, onManage, onAction, wrap = true }: RowProps & { wrap?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: wrap ? 'wrap' : 'nowrap', gap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        aria-label={translate('people.users.manageWho', { name: row.name })}
        onClick={() => onManage(row)}
        data-testid="member-manage"
      >
        {translate('people.users.manage')}
      </Button>
      <ActionsMenu row={row} onAction={onAction} />
    </Box>
  );
}

function SiteTeam({ row }: { row: CompanyMemberRow }) {
  const translate = useTranslate();
  return <>{translate(row.isSiteTeam ? 'people.common.yes' : 'people.common.no')}</>;
}

function PhoneBlocks({ rows, label, ...handlers }: { rows: readonly CompanyMemberRow[]; label: string } & Omit<RowProps, 'row'>) {
  const translate = useTranslate();
  const term = { fontWeight: 600, color: 'text.secondary', fontSize: '0.8125rem' } as const;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <li key={row.id} data-testid="member-row" data-member-id={row.id}>
          <Card variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="member-name">
                {row.name}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {row.email}
              </Typography>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.75,
                  alignItems: 'center',
                  '& dd': { m: 0, minWidth: 0 },
                }}
              >
                <Box component="dt" sx={term}>
                  {translate('people.users.columns.status')}
                </Box>
                <dd>
                  <MemberStatusChip status={row.status} />
                </dd>
                <Box component="dt" sx={term}>
                  {translate('people.users.columns.roles')}
                </Box>
                <dd>
                  <RoleChips roles={row.roles} />
                </dd>
                <Box component="dt" sx={term}>
                  {translate('people.users.columns.siteTeam')}
                </Box>
                <dd>
                  <SiteTeam row={row} />
                </dd>
                <Box component="dt" sx={term}>
                  {translate('people.users.columns.invitedAt')}
                </Box>
                <dd>{formatDate(row.invitedAt)}</dd>
              </Box>
              <Box sx={{ mt: 1.5 }}>
                <RowButtons row={row} {...handlers} />
              </Box>
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}

function DesktopTable({ rows, label, ...handlers }: { rows: readonly CompanyMemberRow[]; label: string } & Omit<RowProps, 'row'>) {
  const translate = useTranslate();
  return (
    // Narrower than its columns (a tablet), the table scrolls inside its own focusable region, never the page.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ width: 0, minWidth: '100%', position: 'relative' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('people.users.columns.person')}</TableCell>
            <TableCell>{translate('people.users.columns.roles')}</TableCell>
            <TableCell>{translate('people.users.columns.siteTeam')}</TableCell>
            <TableCell>{translate('people.users.columns.status')}</TableCell>
            <TableCell>{translate('people.users.columns.invitedAt')}</TableCell>
            <TableCell>{translate('people.users.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="member-row" data-member-id={row.id}>
              {/* The person's cell is the widest, so an address breaks only when it must. */}
              <TableCell sx={{ minWidth: 220 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="member-name">
                  {row.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {row.email}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 140, maxWidth: 260 }}>
                <RoleChips roles={row.roles} />
              </TableCell>
              <TableCell>
                <SiteTeam row={row} />
              </TableCell>
              <TableCell>
                <MemberStatusChip status={row.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.invitedAt)}</TableCell>
              <TableCell>
                <RowButtons row={row} {...handlers} wrap={false} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function MemberList(props: { rows: readonly CompanyMemberRow[]; label: string } & Omit<RowProps, 'row'>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <PhoneBlocks {...props} /> : <DesktopTable {...props} />;
}
