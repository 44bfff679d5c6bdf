// The project's progress plan (§2.5, §2.6 /project-progress-planning/<id>/<status>): each BQ
// header and item with planned dates and percent complete, as a timeline or as a table (the same facts in
// text), approval through its machine.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ProgressPlanView } from '@binaan/contracts';
import { StatusChip } from '../documents/StatusChip.js';
import { MachineActions } from '../projects/MachineActions.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { ProgressRowForm } from './ProgressRowForm.js';
import { isoDay, ProgressTimeline } from './ProgressTimeline.js';
import { planReadOnlyText, planStartRefusal } from './read-only-reason.js';
import { HIDDEN, usePlan } from './use-plan.js';

export function ProgressTab({ projectId, projectName }: { projectId: string; projectName: string }) {
  const translate = useTranslate();
  const path = `/api/projects/${encodeURIComponent(projectId)}/progress-plan`;
  const { plan, failed, busy, reload, send } = usePlan<ProgressPlanView>(path);
  const [view, setView] = useState<'timeline' | 'table'>('timeline');
  const [editing, setEditing] = useState<string | null>(null);
  if (failed)
    return (
      <Alert severity="warning" data-testid="progress-error">
        {translate(`error.${failed}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  if (!plan) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const canStart = plan.status === null && plan.availableActions.some((a) => a.event === 'Create');
  const canRecord = plan.canRecord;
  return (
    <Box data-testid="progress-tab">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {translate('admin.progress.title')}
        </Typography>
        {plan.status && <StatusChip resource="progressPlanning" status={plan.status} />}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.progress.intro')}
      </Typography>
      {plan.status === null && (
        <Alert
          severity="info"
          data-testid="progress-none"
          action={
            canStart ? (
              <Button
                color="inherit"
                disabled={busy}
                onClick={() => void send('', { method: 'POST', body: {} }, 'admin.progress.started')}
                data-testid="progress-start"
              >
                {translate('admin.progress.start')}
              </Button>
            ) : undefined
          }
        >
          {canStart ? translate('admin.progress.none') : planStartRefusal(translate, 'progress', plan.readOnlyBecause)}
        </Alert>
      )}
      {plan.status !== null && (
        <>
          <MachineActions
            resource="progressPlanning"
            path={path}
            name={translate('admin.progress.documentName', { project: projectName })}
            revision={plan.revision}
            actions={plan.availableActions}
            onDone={reload}
            disabled={busy}
          />
          {!plan.editable && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="progress-read-only" data-reason={plan.readOnlyBecause}>
              {planReadOnlyText(translate, 'progress', plan.readOnlyBecause)}
            </Alert>
          )}
        </>
      )}
      {plan.entries.length === 0 ? (
        <Typography sx={{ mt: 2 }}>{translate('admin.progress.noRows')}</Typography>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
            <Typography id="progress-view-label" variant="body2">
              {translate('admin.progress.views')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              onChange={(_e, next: 'timeline' | 'table' | null) => next && setView(next)}
              aria-labelledby="progress-view-label"
            >
              <ToggleButton value="timeline" data-testid="progress-view-timeline">
                {translate('admin.progress.timeline')}
              </ToggleButton>
              <ToggleButton value="table" data-testid="progress-view-table">
                {translate('admin.progress.table')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {view === 'timeline' ? (
            <ProgressTimeline entries={plan.entries} />
          ) : (
            <ScrollRegion label={translate('admin.progress.title')}>
              <Table size="small" aria-label={translate('admin.progress.title')} data-testid="progress-table">
                <TableHead>
                  <TableRow>
                    {(['title', 'start', 'end', 'percent'] as const).map((c) => (
                      <TableCell key={c} align={c === 'percent' ? 'right' : 'left'}>
                        {translate(`admin.progress.columns.${c}`)}
                      </TableCell>
                    ))}
                    {canRecord && (
                      <TableCell>
                        <Box component="span" sx={HIDDEN}>
                          {translate('admin.plans.rowActions')}
                        </Box>
                      </TableCell>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.entries.map((entry) =>
                    editing === entry.nodeId ? (
                      <TableRow key={entry.nodeId}>
                        <TableCell colSpan={5}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {entry.title}
                          </Typography>
                          <ProgressRowForm
                            entry={entry}
                            datesEditable={plan.editable}
                            busy={busy}
                            onCancel={() => setEditing(null)}
                            onSubmit={(body) => send(`/nodes/${entry.nodeId}`, { method: 'PUT', body })}
                          />
                        </TableCell>
                      </TableRow>
                    ) : (
                      <TableRow key={entry.nodeId} data-testid="progress-row" data-title={entry.title}>
                        <TableCell sx={{ pl: 2 + entry.depth * 2, fontWeight: entry.type === 'header' ? 600 : 400 }}>
                          {entry.title}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{isoDay(entry.plannedStart)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{isoDay(entry.plannedEnd)}</TableCell>
                        <TableCell align="right">{entry.percentComplete === null ? '-' : `${Number(entry.percentComplete)}%`}</TableCell>
                        {canRecord && (
                          <TableCell>
                            <Button
                              size="small"
                              onClick={() => setEditing(entry.nodeId)}
                              aria-label={translate('admin.progress.edit', { title: entry.title })}
                              data-testid="progress-edit"
                            >
                              {translate('ra.action.edit')}
                            </Button>
                          </TableCell>
                        )}
                      </TableRow>
                    ),
                  )}
                </TableBody>
              </Table>
            </ScrollRegion>
          )}
        </>
      )}
    </Box>
  );
}
