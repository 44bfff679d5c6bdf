// Authority settings: the company's manuals, its workflow assignments, the assignments of each project,
// and the audited history of every change.
import { useCallback, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { hasAnyAccessRight, type WorkflowAssignmentGroup } from '@binaan/contracts';
import { useAccess } from '../access/access-context.js';
import { CappedNote } from '../CappedNote.js';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded } from '../layout/use-loaded.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { adminJson } from '../providers/admin-request.js';
import { AssignmentsCard } from './AssignmentsCard.js';
import { authorityApi } from './authority-api.js';
import { ManualsCard } from './ManualsCard.js';
import { ProjectHistoryCard } from './ProjectHistoryCard.js';

/** The newest changes shown; the note says how many there are in all. */
const HISTORY_SHOWN = 100;

type ProjectRow = { project: { id: string; project_name: string }; workflowAssignments: WorkflowAssignmentGroup[] };
const loadProjects = () => adminJson<ProjectRow[]>('/api/project-list-by-user');

export function AuthorityPage() {
  const translate = useTranslate();
  const access = useAccess();
  const canEdit = hasAnyAccessRight(access.rights, 'administration.authorityManual.update');
  const manuals = useLoaded(authorityApi.manuals);
  const groups = useLoaded(authorityApi.assignments);
  const history = useLoaded(authorityApi.history);
  const projects = useLoaded(loadProjects);
  const members = useLoaded(authorityApi.members);
  const [projectId, setProjectId] = useState('');
  const { reload: reloadManuals } = manuals;
  const { reload: reloadGroups } = groups;
  const { reload: reloadHistory } = history;
  const { reload: reloadProjects } = projects;
  const reload = useCallback(() => {
    reloadManuals();
    reloadGroups();
    reloadHistory();
    reloadProjects();
  }, [reloadManuals, reloadGroups, reloadHistory, reloadProjects]);
  const loadProjectHistory = useCallback(() => authorityApi.projectHistory(projectId), [projectId]);
  const projectHistory = useLoaded(projectId ? loadProjectHistory : null);
  const usersFailure = members.failure ? { failure: members.failure, retry: members.reload } : null;
  const users = members.data ?? [];
  const project = projects.data?.find((p) => p.project.id === projectId);
  const historyRows = history.data?.history ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="authority-page">
      <Title title={translate('admin.menu.authority')} />
      {/* Grants of authority for a period sit on their own page, which every member opens for their own. */}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/delegations" data-testid="authority-delegations-link">
          {translate('admin.authority.delegationsLink')}
        </Button>
      </Stack>
      {manuals.failure ? (
        <LoadFailed
          what={translate('admin.authority.manuals')}
          failure={manuals.failure}
          onRetry={manuals.reload}
          testId="manuals-failed"
        />
      ) : (
        <ManualsCard manuals={manuals.data ?? []} canEdit={canEdit} onChanged={reload} members={users} membersFailure={members.failure} />
      )}
      {groups.failure ? (
        <LoadFailed
          what={translate('admin.authority.companyAssignments')}
          failure={groups.failure}
          onRetry={groups.reload}
          testId="company-assignments-failed"
        />
      ) : (
        <AssignmentsCard
          title={translate('admin.authority.companyAssignments')}
          groups={groups.data ?? []}
          users={users}
          usersFailure={usersFailure}
          canEdit={canEdit}
          testId="company-assignments"
          onAssign={async (body, remove) => {
            await (remove ? authorityApi.unassign(body) : authorityApi.assign(body));
            reload();
          }}
        />
      )}
      <Card>
        <CardContent>
          <TextField
            select
            size="small"
            label={translate('admin.fields.project')}
            value={projectId}
            onChange={(e) => setProjectId(e.target.value)}
            sx={{ minWidth: 300 }}
            error={projects.failure !== null}
            slotProps={{ htmlInput: { 'data-testid': 'authority-project' } }}
          >
            {(projects.data ?? []).map((p) => (
              <MenuItem key={p.project.id} value={p.project.id}>
                {p.project.project_name}
              </MenuItem>
            ))}
          </TextField>
          {projects.failure && (
            <LoadFailed
              what={translate('admin.loadFailed.what.projects')}
              failure={projects.failure}
              onRetry={projects.reload}
              testId="authority-projects-failed"
              sx={{ mt: 1 }}
            />
          )}
        </CardContent>
      </Card>
      {project && (
        <AssignmentsCard
          title={translate('admin.authority.projectAssignments', { name: project.project.project_name })}
          groups={project.workflowAssignments}
          users={users}
          usersFailure={usersFailure}
          canEdit={canEdit}
          testId="project-assignments"
          onAssign={async (body, remove) => {
            await authorityApi.projectAssign(project.project.id, body, remove);
            reload();
            projectHistory.reload();
          }}
        />
      )}
      {project &&
        (projectHistory.failure ? (
          <LoadFailed
            what={translate('admin.authority.projectHistory', { name: project.project.project_name })}
            failure={projectHistory.failure}
            onRetry={projectHistory.reload}
            testId="project-authority-history-failed"
          />
        ) : (
          <ProjectHistoryCard name={project.project.project_name} rows={projectHistory.data ?? []} />
        ))}
      <Card data-testid="authority-history">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('admin.authority.history')}
          </Typography>
          {history.failure ? (
            <LoadFailed
              what={translate('admin.authority.history')}
              failure={history.failure}
              onRetry={history.reload}
              testId="authority-history-failed"
            />
          ) : (
            <>
              <ScrollRegion label={translate('admin.authority.history')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('admin.fields.when')}</TableCell>
                      <TableCell>{translate('admin.fields.who')}</TableCell>
                      <TableCell>{translate('admin.fields.change')}</TableCell>
                      <TableCell>{translate('admin.authority.process')}</TableCell>
                      <TableCell>{translate('admin.authority.user')}</TableCell>
                      <TableCell>{translate('admin.authority.level')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {historyRows.slice(0, HISTORY_SHOWN).map((row) => (
                      <TableRow key={`${row.streamId}-${row.revision}`}>
                        <TableCell>{formatDateTime(row.at)}</TableCell>
                        <TableCell>{row.actor.name ?? '-'}</TableCell>
                        <TableCell>{translate(`admin.authority.event.${row.eventType}`, { _: row.eventType })}</TableCell>
                        <TableCell>{resourceLabel(translate, row.code, false)}</TableCell>
                        <TableCell>{row.userName ?? '-'}</TableCell>
                        <TableCell>
                          {row.level !== null
                            ? translate(`admin.levels.${row.level}`, { _: String(row.level) })
                            : row.manualVersion !== null
                              ? `v${row.manualVersion}`
                              : '-'}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
              <CappedNote shown={Math.min(HISTORY_SHOWN, historyRows.length)} total={history.data?.total ?? 0} />
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
