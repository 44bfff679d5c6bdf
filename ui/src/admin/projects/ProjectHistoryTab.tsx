// The project's history: every event of its stream (the project's own status changes, edits, members',
// stages', authority given), who and when, status before and after, remark, and whether the hash chain holds
// up to it. Replay: a revision chosen with a slider or step buttons, the project's machine diagram with the
// status it had then highlighted, and its members and stages as they stood (project-kinds.ts replayProject).
import { useState } from 'react';
import { ScrollRegion } from './ScrollRegion.js';
import { useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Slider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { ProjectDetail, ProjectHistoryRow } from '@binaan/contracts';
import { actionLabel, statusLabel } from '../catalogue/labels.js';
import { historyChange } from '../documents/history-line.js';
import { StateDiagram } from '../documents/StateDiagram.js';
import { formatDateTime } from '../format.js';
import { replayProject } from './project-kinds.js';
import { useProjectEntry } from './use-project-entry.js';

const RESOURCE = { project: 'project', member: 'projectMember', stage: 'projectStage' } as const;

function useRowLabel() {
  const translate = useTranslate();
  return (row: ProjectHistoryRow) => {
    const resource = RESOURCE[row.subject];
    const action =
      row.action === 'Draft' || row.action === 'Edit'
        ? translate(`admin.projects.history.${row.action}`)
        : row.statusAfter !== null
          ? actionLabel(translate, resource, row.action)
          : translate(`admin.projects.history.${row.eventType}`, { _: row.eventType });
    return row.subject === 'project'
      ? action
      : `${action} · ${translate(`admin.projects.history.subject.${row.subject}`)}: ${row.subjectName ?? row.subjectId ?? ''}`;
  };
}

function Replay({ history }: { history: ProjectHistoryRow[] }) {
  const translate = useTranslate();
  const entry = useProjectEntry('project');
  const last = history.at(-1)?.revision ?? 0;
  const [revision, setRevision] = useState(last);
  const then = replayProject(history, revision);
  const label = useRowLabel();
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="project-replay">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('admin.replay.title')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ my: 1, alignItems: 'center' }}>
          <Button onClick={() => setRevision((r) => Math.max(0, r - 1))} disabled={revision <= 0} data-testid="replay-back">
            {translate('admin.replay.back')}
          </Button>
          <Slider
            value={revision}
            min={0}
            max={last}
            step={1}
            valueLabelDisplay="auto"
            onChange={(_e, v) => setRevision(v)}
            aria-label={translate('admin.replay.revision')}
            sx={{ flex: 1 }}
          />
          <Button onClick={() => setRevision((r) => Math.min(last, r + 1))} disabled={revision >= last} data-testid="replay-forward">
            {translate('admin.replay.forward')}
          </Button>
        </Stack>
        <Typography data-testid="replay-position">
          {translate('admin.replay.position', { revision: translate('admin.history.revisionLabel', { revision }), of: last })}
          {then.row && ` · ${label(then.row)} · ${then.row.actor.name ?? '-'} · ${formatDateTime(then.row.at)}`}
          {` · ${statusLabel(translate, 'project', then.status)}`}
        </Typography>
        {entry && (
          <ScrollRegion label={translate('admin.replay.title')}>
            <StateDiagram entry={entry} highlight={then.status} />
          </ScrollRegion>
        )}
        <Typography variant="subtitle2" component="h3">
          {translate('admin.projects.tabs.members')}
        </Typography>
        <Typography data-testid="replay-members">
          {then.members.map((m) => `${m.name ?? m.userId}: ${statusLabel(translate, 'projectMember', m.status)}`).join('; ') || '-'}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          {translate('admin.projects.tabs.stages')}
        </Typography>
        <Typography data-testid="replay-stages">
          {then.stages.map((s) => `${s.name}: ${statusLabel(translate, 'projectStage', s.status)}`).join('; ') || '-'}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function HistoryTab({ history }: { project: ProjectDetail; history: ProjectHistoryRow[] }) {
  const translate = useTranslate();
  const label = useRowLabel();
  return (
    <Box data-testid="project-history">
      <Replay history={history} />
      <ScrollRegion label={translate('admin.projects.tabs.history')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate('admin.projects.history.when')}</TableCell>
              <TableCell>{translate('admin.projects.history.what')}</TableCell>
              <TableCell>{translate('admin.projects.history.who')}</TableCell>
              <TableCell>{translate('admin.projects.fields.status')}</TableCell>
              <TableCell>{translate('admin.projects.history.remark')}</TableCell>
              <TableCell>{translate('admin.projects.history.chain')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...history].reverse().map((row) => {
              const resource = RESOURCE[row.subject];
              return (
                <TableRow key={row.revision} data-testid="history-row" data-action={row.action} data-subject={row.subject}>
                  <TableCell>{row.revision}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
                  <TableCell>{label(row)}</TableCell>
                  <TableCell>{row.actor.name ?? '-'}</TableCell>
                  <TableCell data-testid="history-change">{historyChange(translate, resource, row) ?? '-'}</TableCell>
                  <TableCell>{row.remark ?? ''}</TableCell>
                  <TableCell>
                    {row.chainVerified ? (
                      <CheckCircleIcon color="success" fontSize="small" titleAccess={translate('admin.projects.history.verified')} />
                    ) : (
                      <ErrorIcon color="error" fontSize="small" titleAccess={translate('admin.projects.history.broken')} />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}
