// The project page's tabs without a form of their own: overview (the project's fields), authority (who creates
// and who approves at each level in the project, supply workflows apart, manual roles; editable by those who
// manage authority), and documents (every kind, counted per
// status, each count a link to the kind's list filtered to the project).
import { ScrollRegion } from './ScrollRegion.js';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  MalaysianStates,
  type AuthorityLevel,
  type CompanyMember,
  type ProjectDetail,
  type ProjectDocumentCounts,
  type WorkflowAssignmentGroup,
} from '@binaan/contracts';
import { authorityApi } from '../authority/authority-api.js';
import { AssignmentsCard } from '../authority/AssignmentsCard.js';
import { loadDocumentEntries, tabStates } from '../catalogue/catalogue.js';
import { resourceLabel, statusLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded } from '../layout/use-loaded.js';
import { kindOfType } from './project-kinds.js';

const regionKey = (region: number | null) => Object.entries(MalaysianStates).find(([, id]) => id === region)?.[0];

export function OverviewTab({ project }: { project: ProjectDetail }) {
  const translate = useTranslate();
  const region = regionKey(project.region);
  const rows: [string, React.ReactNode][] = [
    ['name', project.name],
    ['code', project.code],
    ['type', translate(`admin.projects.kinds.${kindOfType(project.projectType)}`)],
    ['shortTitle', project.shortTitle],
    ['location', project.location],
    ['category', project.category ?? '-'],
    ['region', region ? translate(`admin.projects.regions.${region}`) : '-'],
    [
      'coordinates',
      project.latitude !== null && project.longitude !== null ? (
        <Link
          href={`https://www.openstreetmap.org/?mlat=${project.latitude}&mlon=${project.longitude}#map=16/${project.latitude}/${project.longitude}`}
          target="_blank"
          rel="noopener noreferrer"
        >{`${project.latitude}, ${project.longitude}`}</Link>
      ) : (
        '-'
      ),
    ],
    [
      'siteContact',
      project.siteContactPerson ? (
        <>
          {project.siteContactPerson} · <Link href={`tel:${project.siteContactNumber}`}>{project.siteContactNumber}</Link>
        </>
      ) : (
        '-'
      ),
    ],
    ['members', String(project.members.filter((m) => m.status === 'Approved').length)],
    ['updatedAt', formatDateTime(project.updatedAt)],
  ];
  return (
    <Card variant="outlined">
      <Table size="small" data-testid="project-overview">
        <TableBody>
          {rows.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row" sx={{ width: { sm: 220 }, fontWeight: 600 }}>
                {translate(`admin.projects.fields.${key}`)}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function levelLabel(translate: (k: string, o?: Record<string, unknown>) => string, level: number): string {
  return translate(`admin.levels.${level}`, { _: String(level) });
}

function Groups({
  title,
  groups,
  names,
  testId,
}: {
  title: string;
  groups: WorkflowAssignmentGroup[];
  names: Map<string, string>;
  testId: string;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {groups.length === 0 ? (
          <Typography color="text.secondary">{translate('admin.projects.authority.none')}</Typography>
        ) : (
          <ScrollRegion label={title}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.projects.authority.resource')}</TableCell>
                  <TableCell>{translate('admin.projects.authority.creates')}</TableCell>
                  <TableCell>{translate('admin.projects.authority.approves')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((g) => (
                  <TableRow key={g.code}>
                    <TableCell>{resourceLabel(translate, g.code)}</TableCell>
                    <TableCell>
                      {g.assignments
                        .filter((a) => a.workflow_level === 10)
                        .map((a) => names.get(a.user_id) ?? a.user_id)
                        .join(', ') || '-'}
                    </TableCell>
                    <TableCell>
                      {g.assignments
                        .filter((a) => a.workflow_level !== 10)
                        .map((a) => `${levelLabel(translate, a.workflow_level)}: ${names.get(a.user_id) ?? a.user_id}`)
                        .join('; ') || '-'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}

export function AuthorityTab({ project, onChange }: { project: ProjectDetail; onChange: () => void }) {
  const translate = useTranslate();
  const names = new Map(
    project.members.map((m) => [
      m.userId,
      `${m.name ?? m.userId}${m.status === 'Approved' ? '' : ` (${statusLabel(translate, 'projectMember', m.status)})`}`,
    ]),
  );
  // Levels are given to the project's members (a level of a non-member stays idle until the membership is approved).
  const users: CompanyMember[] = project.members
    .filter((m) => m.status !== 'Rejected')
    .map((m) => ({ id: m.userId, name: names.get(m.userId) ?? m.userId, email: m.email ?? '', roles: [], isSiteTeam: false }));
  const assign = (supply: boolean) => async (body: { code: string; user_id: string; workflow_level: AuthorityLevel }, remove: boolean) => {
    await authorityApi.projectAssign(project.id, { ...body, supply }, remove);
    onChange();
  };
  return (
    <Box data-testid="project-authority">
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {translate('admin.projects.authority.intro')}
      </Typography>
      {project.can.manageAuthority ? (
        // The administrator edits the project's levels here, where they are read; each change is an audited event.
        <Stack spacing={2} sx={{ mb: 2 }}>
          <AssignmentsCard
            title={translate('admin.projects.authority.workflow')}
            groups={project.workflowAssignments}
            users={users}
            canEdit
            pickerHelp={translate('admin.authority.projectUserHelp')}
            testId="authority-workflow"
            onAssign={assign(false)}
          />
          <AssignmentsCard
            title={translate('admin.projects.authority.supply')}
            groups={project.supplyWorkflowAssignments}
            users={users}
            canEdit
            pickerHelp={translate('admin.authority.projectUserHelp')}
            testId="authority-supply"
            onAssign={assign(true)}
          />
        </Stack>
      ) : (
        <>
          <Groups
            title={translate('admin.projects.authority.workflow')}
            groups={project.workflowAssignments}
            names={names}
            testId="authority-workflow"
          />
          <Groups
            title={translate('admin.projects.authority.supply')}
            groups={project.supplyWorkflowAssignments}
            names={names}
            testId="authority-supply"
          />
        </>
      )}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('admin.projects.authority.manualRoles')}
          </Typography>
          {project.authority_manual_roles.length === 0 ? (
            <Typography color="text.secondary">{translate('admin.projects.authority.none')}</Typography>
          ) : (
            <ul>
              {project.authority_manual_roles.map((r) => (
                <li key={`${r.email}|${r.role}`}>
                  {r.email}: {r.role}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {project.can.manageAuthority && (
        <Button component={RouterLink} to="/administration/authority" variant="outlined">
          {translate('admin.projects.authority.manage')}
        </Button>
      )}
    </Box>
  );
}

/** The documents list of a kind, filtered to the project (and to a status when given). */
export function projectListPath(resource: string, projectId: string, status?: string): string {
  return `/${resource}?filter=${encodeURIComponent(JSON.stringify(status ? { projectId, status } : { projectId }))}`;
}

export function DocumentsTab({ project, counts }: { project: ProjectDetail; counts: ProjectDocumentCounts }) {
  const translate = useTranslate();
  const entries = useLoaded(loadDocumentEntries);
  const byResource = new Map(counts.map((c) => [c.resource, c]));
  if (entries.failure)
    return (
      <LoadFailed
        what={translate('admin.loadFailed.what.catalogue')}
        failure={entries.failure}
        onRetry={entries.reload}
        testId="project-documents-failed"
      />
    );
  return (
    <Box data-testid="project-documents" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {(entries.data ?? []).map((entry) => {
        const count = byResource.get(entry.resource);
        return (
          <Card key={entry.resource} variant="outlined" data-testid={`project-documents-${entry.resource}`}>
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Link component={RouterLink} to={projectListPath(entry.resource, project.id)} variant="h6">
                  {resourceLabel(translate, entry.resource)}
                </Link>
                <Typography data-testid="project-documents-total">{count?.total ?? 0}</Typography>
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {tabStates(entry)
                  .filter((s) => (count?.byStatus[s.status] ?? 0) > 0)
                  .map((s) => (
                    <Chip
                      key={s.status}
                      size="small"
                      clickable
                      component={RouterLink}
                      to={projectListPath(entry.resource, project.id, s.status)}
                      label={`${statusLabel(translate, entry.resource, s.status)}: ${count!.byStatus[s.status]}`}
                      data-testid={`count-${s.status}`}
                    />
                  ))}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
