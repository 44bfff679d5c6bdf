// The company's users (signed-in-area.md §2.5 "Users (active and pending lists)"): a tab per list, each its own
// address (/administration/users/active, /pending-approval: the §2.6 target, /not-active?status=suspended|
// deactivated|terminated), searched by name or e-mail, flat (the first MEMBERS_SHOWN, the rest counted). Invite,
// status actions (the row's availableActions, each confirmed), roles, site team and history per person.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { hasAnyAccessRight, type CompanyMemberRow } from '@binaan/contracts';
import { NotFoundPage } from '../../shared/pages/NotFoundPage.js';
import { useSession } from '../../shared/session/session-store.js';
import { CappedNote } from '../CappedNote.js';
import { useLoaded } from '../layout/use-loaded.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { InviteDialog } from './InviteDialog.js';
import { MemberDialog } from './MemberDialog.js';
import { MemberList } from './MemberList.js';
import {
  filterOfTab,
  isDangerous,
  isNotActiveStatus,
  isUserTab,
  needsRemark,
  NOT_ACTIVE_STATUSES,
  placeOfStatus,
  placePath,
  totalText,
  USER_TABS,
  type UserTab,
} from './member-rules.js';
import { listMembers, listRoles, memberAction, type MemberAction, type MembersPage } from './people-api.js';
import { PeopleConfirmDialog, type ConfirmRequest } from './PeopleConfirmDialog.js';

export function CompanyUsersPage() {
  const { tab } = useParams();
  return isUserTab(tab) ? <UsersView tab={tab} /> : <NotFoundPage />;
}

function UsersView({ tab }: { tab: UserTab }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [query] = useSearchParams();
  const notActive = isNotActiveStatus(query.get('status')) ? (query.get('status') as (typeof NOT_ACTIVE_STATUSES)[number]) : 'suspended';
  const status = filterOfTab(tab, notActive);
  const rights = session?.accessRights ?? '';
  const canUpdate = hasAnyAccessRight(rights, 'administration.users.update');
  const canApprove = hasAnyAccessRight(rights, 'administration.users.approve');
  const company = session?.selectedCompanyName ?? '';

  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState<MembersPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const rolesLoaded = useLoaded(listRoles);
  const roles = rolesLoaded.data ?? [];
  // Where a role is picked (invite, manage), the picker says the roles could not be loaded rather than offering none.
  const rolesFailure = rolesLoaded.failure ? { failure: rolesLoaded.failure, retry: rolesLoaded.reload } : null;
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState<CompanyMemberRow | null>(null);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  // Typing waits a little before asking, so each key press is not a call.
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // Only the latest call's answer is shown: typing quickly sends several, and they may come back in any order.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const next = await listMembers(status, q);
      if (call !== latest.current) return;
      setPage(next);
      setFailed(null);
      // The person being managed shows their roles and site team as the api now has them.
      setManaging((current) => (current ? (next.rows.find((r) => r.id === current.id) ?? current) : current));
    } catch (error) {
      if (call === latest.current) setFailed(errorCodeOf(error));
    }
  }, [status, q]);
  // Another list: nothing of the last one stays on screen while it loads (a search keeps the rows until it answers).
  useEffect(() => setPage(null), [status]);
  useEffect(() => {
    void load();
  }, [load]);

  const askAction = (row: CompanyMemberRow, action: MemberAction) =>
    setConfirming({
      title: translate('people.confirm.memberTitle', { action: translate(`people.actions.${action}`, { _: action }), name: row.name }),
      subject: translate('people.confirm.person', { name: row.name, email: row.email }),
      effect: translate(`people.confirm.effect.${action}`, { _: '' }),
      confirmLabel: translate(`people.actions.${action}`, { _: action }),
      danger: isDangerous(action),
      remark: needsRemark(action) ? 'required' : 'optional',
      run: async (remark) => {
        await memberAction(row.id, action, remark);
        await load();
        notify(`people.confirm.done.${action}`, { type: 'success', messageArgs: { name: row.name } });
      },
    });

  const tabLabel = translate(`people.users.tabs.${tab}`);
  const title = translate('people.users.title');
  const listLabel = tab === 'not-active' ? `${tabLabel}: ${translate(`people.memberStatus.${notActive}`)}` : tabLabel;
  return (
    <Card sx={{ mt: 2 }} data-testid="company-users-page" data-tab={tab}>
      <Title title={`${tabLabel} · ${title}`} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('people.users.intro', { company })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}>
          <TextField
            type="search"
            size="small"
            label={translate('people.users.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ flex: '1 1 240px', maxWidth: { sm: 400 } }}
            slotProps={{ htmlInput: { 'data-testid': 'users-search', maxLength: 100 } }}
          />
          {canUpdate && (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} data-testid="invite-open">
              {translate('people.invite.open')}
            </Button>
          )}
        </Box>
        {/* On a phone the three tabs share the width (their words wrap) rather than scroll: each stays in sight. */}
        <Tabs value={tab} variant={phone ? 'fullWidth' : 'standard'} aria-label={translate('people.users.tabsLabel')}>
          {USER_TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              label={translate(`people.users.tabs.${t}`)}
              component={RouterLink}
              to={`/administration/users/${t}`}
              data-testid={`users-tab-${t}`}
            />
          ))}
        </Tabs>
        {tab === 'not-active' && (
          <TextField
            select
            size="small"
            sx={{ mt: 2, minWidth: 220 }}
            label={translate('people.users.statusFilter')}
            value={notActive}
            onChange={(e) =>
              void navigate(placePath({ tab: 'not-active', status: e.target.value as (typeof NOT_ACTIVE_STATUSES)[number] }))
            }
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'users-status-filter' } as object } }}
          >
            {NOT_ACTIVE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`people.memberStatus.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ mt: 2 }}>
          {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
          {!page && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {page && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }} data-testid="users-count">
              {translate('people.users.count', { total: totalText(page.total, page.capped) })}
            </Typography>
          )}
          {page && page.rows.length === 0 && (
            <Typography data-testid="users-empty">{translate(q ? 'people.users.noMatch' : `people.users.empty.${tab}`)}</Typography>
          )}
          {page && page.rows.length > 0 && <MemberList rows={page.rows} label={listLabel} onManage={setManaging} onAction={askAction} />}
          {page && <CappedNote shown={page.rows.length} total={page.total} />}
        </Box>
      </CardContent>
      <InviteDialog
        open={inviting}
        company={company}
        roles={roles}
        rolesFailure={rolesFailure}
        onClose={(sent) => {
          setInviting(false);
          if (!sent) return;
          const place = placePath(placeOfStatus(sent.status));
          if (place === `/administration/users/${tab}`) void load();
          else void navigate(place);
        }}
      />
      <MemberDialog
        member={managing}
        roles={roles}
        rolesFailure={rolesFailure}
        canUpdate={canUpdate}
        canApprove={canApprove}
        confirm={setConfirming}
        changed={load}
        onClose={() => setManaging(null)}
      />
      <PeopleConfirmDialog request={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}
