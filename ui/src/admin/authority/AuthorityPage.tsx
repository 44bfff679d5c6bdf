// Authority settings: the company's manuals, its workflow assignments, the assignments of each project,
// and the audited history of every change.
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { hasAnyAccessRight, type AuthorityHistoryRow, type AuthorityManualView, type CompanyMember, type ProjectAuthorityHistoryRow, type WorkflowAssignmentGroup } from '@binaan/contracts';
import { useAccess } from '../access/access-context.js';
import { CappedNote } from '../CappedNote.js';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { adminJson } from '../providers/admin-request.js';
import { AssignmentsCard } from './AssignmentsCard.js';
import { authorityApi } from './authority-api.js';
import { ManualsCard } from './ManualsCard.js';
import { ProjectHistoryCard } from './ProjectHistoryCard.js';

/** The newest changes shown; the note says how many there are in all. */
const HISTORY_SHOWN = 100;

type ProjectRow = { project: { id: string; project_name: string }; workflowAssignments: WorkflowAssignmentGroup[] };

export function AuthorityPage() {
  const translate = useTranslate();
  const access = useAccess();
  const canEdit = hasAnyAccessRight(access.rights, 'administration.authorityManual.update');
  const [manuals, setManuals] = useState<AuthorityManualView[]>([]);
  const [groups, setGroups] = useState<WorkflowAssignmentGroup[]>([]);
  const [history, setHistory] = useState<AuthorityHistoryRow[]>([]);
  const [historyTotal, setHistoryTotal] = useState(0);
  const [projects, setProjects] = useState<ProjectRow[]>([]);
  const [projectId, setProjectId] = useState('');
  const [members, setMembers] = useState<CompanyMember[]>([]);
  const [projectHistory, setProjectHistory] = useState<ProjectAuthorityHistoryRow[]>([]);
  const reload = useCallback(() => {
    void authorityApi.manuals().then(setManuals, () => undefined);
    void authorityApi.assignments().then(setGroups, () => undefined);
    void authorityApi.history().then((reply) => {
      setHistory(reply.history);
      setHistoryTotal(reply.total);
    }, () => undefined);
    void adminJson<ProjectRow[]>('/api/project-list-by-user').then(setProjects, () => undefined);
  }, []);
  useEffect(reload, [reload]);
  useEffect(() => {
    void authorityApi.members().then(setMembers, () => undefined);
  }, []);
  const reloadProjectHistory = useCallback(() => {
    if (projectId) void authorityApi.projectHistory(projectId).then(setProjectHistory, () => setProjectHistory([]));
  }, [projectId]);
  useEffect(() => {
    setProjectHistory([]);
    reloadProjectHistory();
  }, [reloadProjectHistory]);
  const users = members;
  const project = projects.find((p) => p.project.id === projectId);
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="authority-page">
      <Title title={translate('admin.menu.authority')} />
      <ManualsCard manuals={manuals} canEdit={canEdit} onChanged={reload} />
      <AssignmentsCard title={translate('admin.authority.companyAssignments')} groups={groups} users={users} canEdit={canEdit} testId="company-assignments"
        onAssign={async (body, remove) => {
          await (remove ? authorityApi.unassign(body) : authorityApi.assign(body));
          reload();
        }} />
      <Card><CardContent>
        <TextField select size="small" label={translate('admin.fields.project')} value={projectId} onChange={(e) => setProjectId(e.target.value)} sx={{ minWidth: 300 }}
          slotProps={{ htmlInput: { 'data-testid': 'authority-project' } }}>
          {projects.map((p) => <MenuItem key={p.project.id} value={p.project.id}>{p.project.project_name}</MenuItem>)}
        </TextField>
      </CardContent></Card>
      {project && (
        <AssignmentsCard title={translate('admin.authority.projectAssignments', { name: project.project.project_name })} groups={project.workflowAssignments} users={users} canEdit={canEdit}
          testId="project-assignments" onAssign={async (body, remove) => {
            await authorityApi.projectAssign(project.project.id, body, remove);
            reload();
            reloadProjectHistory();
          }} />
      )}
      {project && <ProjectHistoryCard name={project.project.project_name} rows={projectHistory} />}
      <Card data-testid="authority-history"><CardContent>
        <Typography variant="h6" gutterBottom>{translate('admin.authority.history')}</Typography>
        <Table size="small">
          <TableHead><TableRow>
            <TableCell>{translate('admin.fields.when')}</TableCell><TableCell>{translate('admin.fields.who')}</TableCell><TableCell>{translate('admin.fields.change')}</TableCell>
            <TableCell>{translate('admin.authority.process')}</TableCell><TableCell>{translate('admin.authority.user')}</TableCell><TableCell>{translate('admin.authority.level')}</TableCell>
          </TableRow></TableHead>
          <TableBody>
            {history.slice(0, HISTORY_SHOWN).map((row) => (
              <TableRow key={`${row.streamId}-${row.revision}`}>
                <TableCell>{formatDateTime(row.at)}</TableCell><TableCell>{row.actor.name ?? '-'}</TableCell>
                <TableCell>{translate(`admin.authority.event.${row.eventType}`, { _: row.eventType })}</TableCell>
                <TableCell>{resourceLabel(translate, row.code, false)}</TableCell><TableCell>{row.userName ?? '-'}</TableCell>
                <TableCell>{row.level !== null ? translate(`admin.levels.${row.level}`, { _: String(row.level) }) : row.manualVersion !== null ? `v${row.manualVersion}` : '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <CappedNote shown={Math.min(HISTORY_SHOWN, history.length)} total={historyTotal} />
      </CardContent></Card>
    </Stack>
  );
}
