// Home, where choosing an approved company lands (§2.3, landingAfterChoice in @binaan/contracts): the user's projects
// (the one they work in marked), what waits for their approval (GET /api/my-approvals), recent activity on
// the documents they made (GET /api/my-activity) and their latest notifications (application/user-event-list,
// read without clearing the bell's count). Each part shows only when the user may use what it links to, and
// each fails on its own (a note in place of the part). The reports' key figures lead, when there are any (reports/KeyFigures.tsx).
import { useCallback, useRef, type ReactNode } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Link, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { NotificationEvent } from '@binaan/contracts';
import { useSession } from '../../shared/session/session-store.js';
import { useAccess } from '../access/access-context.js';
import { canUse, MODULES, moduleByKey } from '../access/modules.js';
import { resourceLabel, statusLabel } from '../catalogue/labels.js';
import { StatusChip } from '../documents/StatusChip.js';
import { useProjectsLoaded, type ProjectChoice } from '../documents/use-projects.js';
import { formatDateTime, formatMoney } from '../format.js';
import { movedOnFacts, notificationTitle, notificationWhat, parseEventData } from '../notifications/notification-text.js';
import { fetchNotifications } from '../notifications/notifications-calls.js';
import { followNotification } from '../notifications/use-bell.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded, type Loaded } from '../layout/use-loaded.js';
import { kindOfType } from '../projects/project-kinds.js';
import { activeProject, useProjectSelection } from '../projects/project-selection.js';
import { adminJson } from '../providers/admin-request.js';
import { KeyFigures } from '../reports/KeyFigures.js';

type DocumentRow = {
  resource: string;
  id: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  projectId: string | null;
};
type ActivityRow = DocumentRow & { updatedAt: string };
type ApprovalRow = DocumentRow & { waitingSince: string };

const SHOWN = 5;

/** Loaded once per session (a company switch brings a new token); `load` is a new function each render, so the latest is called. */
function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const key = useSession()?.jwtToken;
  const latest = useRef(load);
  latest.current = load;
  const loader = useCallback(() => latest.current(), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return useLoaded(loader);
}

function Part({ title, testId, more, children }: { title: string; testId: string; more?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {more}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }}>
      {text}
    </Typography>
  );
}

function ProjectsPart({ loaded }: { loaded: Loaded<ProjectChoice[]> }) {
  const translate = useTranslate();
  const projects = loaded.data ?? [];
  const active = activeProject(useProjectSelection());
  const access = useAccess();
  const lists = MODULES.filter((m) => m.group === 'projects' && canUse(m, access));
  // The one the user works in first, then as the api sorts them (by status, then name).
  const shown = [...projects].sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id)).slice(0, 6);
  return (
    <Part
      title={translate('admin.home.projects')}
      testId="home-projects"
      more={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {lists.map((m) => (
            <Link key={m.key} component={RouterLink} to={m.path}>
              {translate(`admin.menu.${m.key}`)}
            </Link>
          ))}
        </Stack>
      }
    >
      {loaded.failure ? (
        <LoadFailed what={translate('admin.home.projects')} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 1 }} />
      ) : loaded.data === undefined ? null : projects.length === 0 ? (
        <Empty text={translate('admin.home.noProjects')} />
      ) : (
        <List dense disablePadding>
          {shown.map((p) => (
            <ListItem key={p.id} disableGutters divider data-testid="home-project" data-code={p.code}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/projects/${encodeURIComponent(p.id)}`}>
                    {p.name}
                  </Link>
                }
                secondary={`${translate(`admin.projects.kinds.${kindOfType(p.projectType)}`)} · ${p.code} · ${statusLabel(translate, 'project', p.status)}`}
              />
              {p.id === active?.id && (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={translate('admin.projects.selector.workingHere')}
                  data-testid="home-project-active"
                />
              )}
            </ListItem>
          ))}
        </List>
      )}
      {projects.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('admin.home.moreProjects', { count: projects.length - shown.length })}
        </Typography>
      )}
    </Part>
  );
}

function DocumentLine({ row, when, testId, projects }: { row: DocumentRow; when: string; testId: string; projects: ProjectChoice[] }) {
  const translate = useTranslate();
  const project = row.projectId ? projects.find((p) => p.id === row.projectId) : undefined;
  return (
    <ListItem disableGutters divider data-testid={testId} sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/${row.resource}/${encodeURIComponent(row.id)}/show`} sx={{ fontWeight: 600 }}>
          {row.documentNo}
        </Link>
        <StatusChip resource={row.resource} status={row.status} />
      </Stack>
      <Typography variant="body2" noWrap title={row.title}>
        {row.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[resourceLabel(translate, row.resource, false), project?.name, formatMoney(row.total, row.currency), when]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </ListItem>
  );
}

function ApprovalsPart({ projects }: { projects: ProjectChoice[] }) {
  const translate = useTranslate();
  const loaded = useLoad(() =>
    adminJson<{ data: ApprovalRow[]; total: number }>(`/api/my-approvals?range=${encodeURIComponent(`[0,${SHOWN - 1}]`)}`),
  );
  return (
    <Part
      title={translate('admin.home.approvals')}
      testId="home-approvals"
      more={
        <Link component={RouterLink} to="/my-approvals">
          {translate('admin.home.allApprovals', { count: loaded.data?.total ?? 0 })}
        </Link>
      }
    >
      {loaded.failure ? (
        <LoadFailed what={translate('admin.home.approvals')} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 1 }} />
      ) : loaded.data === undefined ? null : loaded.data.data.length === 0 ? (
        <Empty text={translate('admin.home.noApprovals')} />
      ) : (
        <>
          <Typography sx={{ mt: 1 }} data-testid="home-approvals-total" data-total={loaded.data.total}>
            {translate('admin.home.approvalsWaiting', { count: loaded.data.total })}
          </Typography>
          <List dense disablePadding>
            {loaded.data.data.map((row) => (
              <DocumentLine
                key={row.id}
                row={row}
                projects={projects}
                testId="home-approval"
                when={translate('admin.home.waitingSince', { date: formatDateTime(row.waitingSince) })}
              />
            ))}
          </List>
        </>
      )}
    </Part>
  );
}

function ActivityPart({ projects }: { projects: ProjectChoice[] }) {
  const translate = useTranslate();
  const loaded = useLoad(() =>
    adminJson<{ data: ActivityRow[] }>(`/api/my-activity?range=${encodeURIComponent(`[0,${SHOWN - 1}]`)}`).then((r) => r.data),
  );
  return (
    <Part title={translate('admin.home.activity')} testId="home-activity">
      {loaded.failure ? (
        <LoadFailed what={translate('admin.home.activity')} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 1 }} />
      ) : loaded.data === undefined ? null : loaded.data.length === 0 ? (
        <Empty text={translate('admin.home.noActivity')} />
      ) : (
        <List dense disablePadding>
          {loaded.data.map((row) => (
            <DocumentLine
              key={row.id}
              row={row}
              projects={projects}
              testId="home-activity-row"
              when={translate('admin.home.changedAt', { date: formatDateTime(row.updatedAt) })}
            />
          ))}
        </List>
      )}
    </Part>
  );
}

function NotificationsPart() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const loaded = useLoad(() => fetchNotifications(0, SHOWN).then((r) => r.events));
  const open = (event: NotificationEvent) => void followNotification(event, navigate, (code) => notify(`error.${code}`, { type: 'error' }));
  return (
    <Part title={translate('admin.home.notifications')} testId="home-notifications">
      {loaded.failure ? (
        <LoadFailed what={translate('admin.home.notifications')} failure={loaded.failure} onRetry={loaded.reload} sx={{ mt: 1 }} />
      ) : loaded.data === undefined ? null : loaded.data.length === 0 ? (
        <Empty text={translate('admin.notifications.empty')} />
      ) : (
        <List dense disablePadding>
          {loaded.data.map((event) => {
            const facts = { module: event.module, src: event.src, data: parseEventData(event.event_data), now: movedOnFacts(event) };
            return (
              <ListItem key={event.id} disablePadding divider>
                <ListItemButton onClick={() => open(event)} data-testid="home-notification" sx={{ px: 0 }}>
                  <ListItemText
                    primary={notificationTitle(translate, facts)}
                    secondary={`${notificationWhat(translate, facts)} · ${formatDateTime(event.creation_date)}`}
                    slotProps={{ primary: { noWrap: true }, secondary: { variant: 'body2' } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Part>
  );
}

export function HomeDashboard() {
  const translate = useTranslate();
  const session = useSession();
  const access = useAccess();
  const projectsLoaded = useProjectsLoaded();
  const projects = projectsLoaded.data ?? [];
  const seesProjects = MODULES.some((m) => m.group === 'projects' && canUse(m, access));
  const decides = canUse(moduleByKey('myApprovals'), access);
  const shortcuts = MODULES.filter((m) => m.group === 'main' && m.key !== 'article' && canUse(m, access));
  return (
    <Box sx={{ py: 2, px: { xs: 0, sm: 1 } }} data-testid="home">
      <Title title={translate('admin.menu.article')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('admin.menu.article')}
      </Typography>
      <Typography gutterBottom>
        {translate('admin.home.welcome', { name: session?.user?.name ?? '', company: session?.selectedCompanyName ?? '' })}
      </Typography>
      {shortcuts.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {shortcuts.map((m) => (
            <Button key={m.key} component={RouterLink} to={m.path} variant="outlined">
              {translate(`admin.menu.${m.key}`)}
            </Button>
          ))}
        </Stack>
      )}
      <KeyFigures />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {seesProjects && <ProjectsPart loaded={projectsLoaded} />}
        {decides && <ApprovalsPart projects={projects} />}
        <ActivityPart projects={projects} />
        <NotificationsPart />
      </Box>
    </Box>
  );
}
