// The project page (/projects/<id>/<tab>): overview, members, stages, authority, documents and history,
// each a tab with its own address so a link (a notification, the documents tab's counts) lands on it.
import { lazy, Suspense } from 'react';
import { useNotify, useTranslate, Title } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { PageLoading } from '../../shared/pages/PageLoading.js';
import { StatusChip } from '../documents/StatusChip.js';
import { MachineActions } from './MachineActions.js';
import { kindOfType, type ProjectKind } from './project-kinds.js';
import { activeProject, selectProject, useProjectSelection } from './project-selection.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { AuthorityTab, DocumentsTab, OverviewTab } from './ProjectTabs.js';
import { MembersTab, StagesTab } from './ProjectTeamTabs.js';
import { HistoryTab } from './ProjectHistoryTab.js';
import { useProject } from './use-project.js';

/** Makes this the project the user works in (the app bar's selector), or says it already is. */
function WorkHereButton({ project, kind }: { project: { id: string; name: string }; kind: ProjectKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const working = activeProject(useProjectSelection())?.id === project.id;
  if (working)
    return (
      <Chip
        color="primary"
        variant="outlined"
        label={translate('admin.projects.selector.workingHere')}
        data-testid="project-working-here"
      />
    );
  const work = () =>
    selectProject(kind, project.id).then(
      () => notify('admin.projects.selector.workingIn', { type: 'info', messageArgs: { name: project.name } }),
      (error: unknown) => notify(`error.${errorCodeOf(error)}`, { type: 'error' }),
    );
  return (
    <Button variant="contained" onClick={() => void work()} data-testid="project-work-here">
      {translate('admin.projects.selector.workHere')}
    </Button>
  );
}

export const PROJECT_TABS = [
  'overview',
  'members',
  'stages',
  'authority',
  'documents',
  'requests',
  'bill-of-quantity',
  'build-up-master',
  'tender-costing',
  'budget',
  'progress',
  'history',
] as const;
/** The BQ editor comes with its own chunk (TanStack Table and Virtual are only its). */
const BqEditorPage = lazy(() => import('../bill-of-quantity/BqEditorPage.js').then((m) => ({ default: m.BqEditorPage })));
/** The BQ scan list (§2.6 /project/<id>/bill-of-quantity-scan-list), a page of the BQ tab, with the editor's chunk. */
const BqScanListPage = lazy(() => import('../bill-of-quantity/BqScanListPage.js').then((m) => ({ default: m.BqScanListPage })));
const BQ_TAB = 'bill-of-quantity';
/** The project's plans: ongoing budget, progress plan, tender costing. */
const BudgetTab = lazy(() => import('../project-plans/BudgetTab.js').then((m) => ({ default: m.BudgetTab })));
const TenderCostingTab = lazy(() => import('../project-plans/TenderCostingTab.js').then((m) => ({ default: m.TenderCostingTab })));
const ProgressTab = lazy(() => import('../project-plans/ProgressTab.js').then((m) => ({ default: m.ProgressTab })));
const COSTING_TAB = 'tender-costing';
/** The build-up master (§2.5), beside the BQ and tender costing at /project/<id>/build-up-master. */
const BuildUpMasterTab = lazy(() => import('../project-plans/BuildUpMasterTab.js').then((m) => ({ default: m.BuildUpMasterTab })));
const BUILD_UP_TAB = 'build-up-master';
/** The project's material, machine and trade requests in one list. */
const ProjectRequestsTab = lazy(() => import('../tendering/ProjectRequestsTab.js').then((m) => ({ default: m.ProjectRequestsTab })));
/** Tabs at /project/<id>/<tab>, as the spec's /project/<id>/... targets (§2.6 names tender costing's; the build-up master sits with them). */
const SPEC_PATH_TABS: readonly string[] = [BQ_TAB, BUILD_UP_TAB, COSTING_TAB];
/** A tab's address: the BQ and tender costing at /project/<id>/<tab>, the rest at /projects/<id>/<tab>. */
export const projectTabPath = (id: string, tab: string) =>
  SPEC_PATH_TABS.includes(tab) ? `/project/${encodeURIComponent(id)}/${tab}` : `/projects/${encodeURIComponent(id)}/${tab}`;
const TAB_KEYS: Record<string, string> = { [BQ_TAB]: 'billOfQuantity', [COSTING_TAB]: 'tenderCosting', [BUILD_UP_TAB]: 'buildUpMaster' };
const tabKey = (tab: string) => TAB_KEYS[tab] ?? tab;

/** `scans`: the BQ tab shows the scan list instead of the editor. */
export function ProjectShow({ tab: fixedTab, scans = false }: { tab?: string; scans?: boolean } = {}) {
  const params = useParams();
  const id = params.id ?? '';
  const tab = fixedTab ?? params.tab ?? 'overview';
  const translate = useTranslate();
  const navigate = useNavigate();
  const { project, documents, history, error, reload } = useProject(id);
  if (error)
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid="project-error">
        {translate(`error.${error}`)}
      </Alert>
    );
  if (!project) return <PageLoading />;
  const current = (PROJECT_TABS as readonly string[]).includes(tab) ? tab : 'overview';
  const kind = kindOfType(project.projectType);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="project-page">
      {/* Each tab is a page of its own address, so its name leads the title (WCAG 2.4.2). */}
      <Title
        title={
          current === 'overview'
            ? project.name
            : `${translate(scans && current === BQ_TAB ? 'admin.bq.scans.title' : `admin.projects.tabs.${tabKey(current)}`)} · ${project.name}`
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Box>
              <Typography variant="h5" component="h1" data-testid="project-name">
                {project.name}
              </Typography>
              <Typography color="text.secondary">
                <RouterLink to={`/project/${kind}`}>{translate(`admin.projects.kinds.${kind}`)}</RouterLink> · {project.code} ·{' '}
                {project.shortTitle}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <StatusChip resource="project" status={project.status} />
              <WorkHereButton project={project} kind={kind} />
              {project.can.edit && (
                <Button
                  component={RouterLink}
                  to={`/projects/${encodeURIComponent(project.id)}/edit`}
                  variant="outlined"
                  data-testid="project-edit"
                >
                  {translate('ra.action.edit')}
                </Button>
              )}
            </Stack>
          </Stack>
          <Box sx={{ mt: 1 }}>
            <MachineActions
              resource="project"
              path={`/api/projects/${encodeURIComponent(project.id)}`}
              name={project.name}
              revision={project.revision}
              actions={project.availableActions}
              onDone={reload}
            />
          </Box>
        </CardContent>
      </Card>
      <Tabs
        value={current}
        onChange={(_e, next: string) => void navigate(projectTabPath(project.id, next))}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('admin.projects.tabs.label')}
      >
        {PROJECT_TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`admin.projects.tabs.${tabKey(t)}`)} data-testid={`project-tab-${t}`} />
        ))}
      </Tabs>
      <Box sx={{ pt: 2 }} role="tabpanel" aria-label={translate(`admin.projects.tabs.${tabKey(current)}`)}>
        {current === 'overview' && <OverviewTab project={project} />}
        {current === 'members' && <MembersTab project={project} onChange={reload} />}
        {current === 'stages' && <StagesTab project={project} onChange={reload} />}
        {current === 'authority' && <AuthorityTab project={project} onChange={reload} />}
        {current === 'documents' && <DocumentsTab project={project} counts={documents ?? []} />}
        {current === 'requests' && (
          <Suspense fallback={<PageLoading />}>
            <ProjectRequestsTab projectId={project.id} />
          </Suspense>
        )}
        {current === 'history' && <HistoryTab project={project} history={history ?? []} />}
        {current === 'budget' && (
          <Suspense fallback={<PageLoading />}>
            <BudgetTab projectId={project.id} projectName={project.name} />
          </Suspense>
        )}
        {current === BUILD_UP_TAB && (
          <Suspense fallback={<PageLoading />}>
            <BuildUpMasterTab projectId={project.id} />
          </Suspense>
        )}
        {current === COSTING_TAB && (
          <Suspense fallback={<PageLoading />}>
            <TenderCostingTab projectId={project.id} />
          </Suspense>
        )}
        {current === 'progress' && (
          <Suspense fallback={<PageLoading />}>
            <ProgressTab projectId={project.id} projectName={project.name} />
          </Suspense>
        )}
        {current === BQ_TAB && !scans && (
          <Suspense fallback={<PageLoading />}>
            <BqEditorPage projectId={project.id} projectName={project.name} members={project.members} />
          </Suspense>
        )}
        {current === BQ_TAB && scans && (
          <Suspense fallback={<PageLoading />}>
            <BqScanListPage projectId={project.id} members={project.members} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
