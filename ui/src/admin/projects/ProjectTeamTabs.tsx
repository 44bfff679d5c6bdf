// The project page's members and stages: each row with its machine's status and the actions this user is
// offered; inviting a user of the company (picked by name) and adding a stage, where the user may.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ProjectDetail } from '@binaan/contracts';
import { statusLabel } from '../catalogue/labels.js';
import { authorityApi } from '../authority/authority-api.js';
import { MemberPicker } from '../authority/MemberPicker.js';
import { StatusChip } from '../documents/StatusChip.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { useLoaded } from '../layout/use-loaded.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { MachineActions } from './MachineActions.js';
import { ScrollRegion } from './ScrollRegion.js';

const base = (project: ProjectDetail) => `/api/projects/${encodeURIComponent(project.id)}`;

function Invite({ project, onChange }: { project: ProjectDetail; onChange: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const members = useLoaded(authorityApi.members);
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inProject = new Set(project.members.filter((m) => m.status !== 'Rejected').map((m) => m.userId));
  const invite = async () => {
    setError(null);
    try {
      await adminJson(`${base(project)}/members`, { body: { user_id: userId }, headers: { 'If-Match': `"${project.revision}"` } });
      notify('admin.projects.members.invited', { type: 'success' });
      setUserId('');
      onChange();
    } catch (e) {
      setError(errorCodeOf(e));
      // Someone changed the project first: read it again (the message says so), the choice is kept.
      if (errorCodeOf(e) === 'wrongExpectedRevision') onChange();
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('admin.projects.members.invite')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
          <MemberPicker
            members={(members.data ?? []).filter((m) => !inProject.has(m.id))}
            value={userId}
            onChange={setUserId}
            testId="invite"
            failure={members.failure}
          />
          <Button variant="contained" disabled={userId === ''} onClick={() => void invite()} data-testid="invite-send">
            {translate('admin.projects.members.inviteButton')}
          </Button>
        </Stack>
        {members.failure && (
          <LoadFailed
            what={translate('admin.loadFailed.what.members')}
            failure={members.failure}
            onRetry={members.reload}
            testId="invite-members-failed"
            sx={{ mt: 1 }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="invite-error">
            {translate(`error.${error}`)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

export function MembersTab({ project, onChange }: { project: ProjectDetail; onChange: () => void }) {
  const translate = useTranslate();
  return (
    <Box data-testid="project-members">
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {translate('admin.projects.members.intro')}
      </Typography>
      {project.can.inviteMember && <Invite project={project} onChange={onChange} />}
      {project.members.length === 0 ? (
        <Typography>{translate('admin.projects.members.none')}</Typography>
      ) : (
        <ScrollRegion label={translate('admin.projects.tabs.members')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.projects.members.name')}</TableCell>
                <TableCell>{translate('admin.projects.fields.status')}</TableCell>
                <TableCell>{translate('admin.projects.members.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {project.members.map((m) => (
                <TableRow key={m.userId} data-testid="member-row" data-status={m.status}>
                  <TableCell>
                    {m.name ?? m.userId}
                    <br />
                    <Typography variant="caption" color="text.secondary">
                      {m.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <StatusChip
                      resource="projectMember"
                      status={m.status}
                      awaitingLevel={
                        m.status === 'New' ? (m.round?.requiredLevels.find((l) => !m.round!.approvedLevels.includes(l)) ?? null) : null
                      }
                    />
                  </TableCell>
                  <TableCell>
                    <MachineActions
                      resource="projectMember"
                      path={`${base(project)}/members/${encodeURIComponent(m.userId)}`}
                      name={`${m.name ?? m.userId} · ${project.name}`}
                      revision={project.revision}
                      actions={m.availableActions}
                      onDone={onChange}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}

function AddStage({ project, onChange }: { project: ProjectDetail; onChange: () => void }) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setError(null);
    try {
      await adminJson(`${base(project)}/stages`, { body: { name }, headers: { 'If-Match': `"${project.revision}"` } });
      setName('');
      onChange();
    } catch (e) {
      setError(errorCodeOf(e));
      if (errorCodeOf(e) === 'wrongExpectedRevision') onChange();
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('admin.projects.stages.add')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label={translate('admin.projects.stages.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error !== null}
            helperText={error ? translate(`error.${error}`) : ' '}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'stage-name' } }}
          />
          <Button variant="contained" disabled={name.trim() === ''} onClick={() => void add()} data-testid="stage-add">
            {translate('admin.projects.stages.addButton')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function StagesTab({ project, onChange }: { project: ProjectDetail; onChange: () => void }) {
  const translate = useTranslate();
  return (
    <Box data-testid="project-stages">
      {project.can.addStage && <AddStage project={project} onChange={onChange} />}
      {project.stages.length === 0 ? (
        <Typography>{translate('admin.projects.stages.none')}</Typography>
      ) : (
        <ScrollRegion label={translate('admin.projects.tabs.stages')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.projects.stages.name')}</TableCell>
                <TableCell>{translate('admin.projects.fields.status')}</TableCell>
                <TableCell>{translate('admin.projects.members.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {project.stages.map((s) => (
                <TableRow key={s.id} data-testid="stage-row">
                  <TableCell>{s.name}</TableCell>
                  <TableCell>
                    <StatusChip resource="projectStage" status={s.status} />
                  </TableCell>
                  <TableCell>
                    <MachineActions
                      resource="projectStage"
                      path={`${base(project)}/stages/${encodeURIComponent(s.id)}`}
                      name={`${s.name} · ${project.name}`}
                      revision={project.revision}
                      actions={s.availableActions}
                      onDone={onChange}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      <Typography variant="caption" color="text.secondary">
        {statusLabel(translate, 'projectStage', 'restart')}: {translate('admin.projects.stages.restartHelp')}
      </Typography>
    </Box>
  );
}
