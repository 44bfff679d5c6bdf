// The project's ongoing budget (§2.5, §2.6 /ongoing-budget/<id>/<status>): per trade code the
// budget against what was committed (awarded orders) and claimed, its lines edited while the budget may
// change, the project's orders and claims counted under a trade code, approval through its machine.
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
  TextField,
  Typography,
} from '@mui/material';
import type { BudgetLineView, BudgetView } from '@binaan/contracts';
import { StatusChip } from '../documents/StatusChip.js';
import { MachineActions } from '../projects/MachineActions.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { BudgetLineForm } from './BudgetLineForm.js';
import { planReadOnlyText, planStartRefusal } from './read-only-reason.js';
import { HIDDEN, plainMoney, usePlan } from './use-plan.js';

const MONEY_COLUMNS = ['budget', 'committed', 'claimed', 'remaining'] as const;

export function BudgetTab({ projectId, projectName }: { projectId: string; projectName: string }) {
  const translate = useTranslate();
  const path = `/api/projects/${encodeURIComponent(projectId)}/budget`;
  const { plan, failed, busy, reload, send } = usePlan<BudgetView>(path);
  const [editing, setEditing] = useState<string | null>(null);
  if (failed)
    return (
      <Alert severity="warning" data-testid="budget-error">
        {translate(`error.${failed}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  if (!plan) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const canStart = plan.status === null && plan.availableActions.some((a) => a.event === 'Create');
  const money = (row: Pick<BudgetLineView, (typeof MONEY_COLUMNS)[number]>, strong = false) =>
    MONEY_COLUMNS.map((c) => (
      <TableCell
        key={c}
        align="right"
        sx={{
          whiteSpace: 'nowrap',
          ...(strong ? { fontWeight: 600 } : {}),
          ...(c === 'remaining' && row[c].startsWith('-') ? { color: 'error.main' } : {}),
        }}
      >
        {plainMoney(row[c])}
      </TableCell>
    ));
  return (
    <Box data-testid="budget-tab">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {translate('admin.budget.title')}
        </Typography>
        {plan.status && <StatusChip resource="ongoingBudget" status={plan.status} />}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('admin.budget.intro')}
      </Typography>
      {plan.status === null && (
        <Alert
          severity="info"
          data-testid="budget-none"
          action={
            canStart ? (
              <Button
                color="inherit"
                disabled={busy}
                onClick={() => void send('', { method: 'POST', body: {} }, 'admin.budget.started')}
                data-testid="budget-start"
              >
                {translate('admin.budget.start')}
              </Button>
            ) : undefined
          }
        >
          {canStart ? translate('admin.budget.none') : planStartRefusal(translate, 'budget', plan.readOnlyBecause)}
        </Alert>
      )}
      {plan.status !== null && (
        <>
          <MachineActions
            resource="ongoingBudget"
            path={path}
            name={translate('admin.budget.documentName', { project: projectName })}
            revision={plan.revision}
            actions={plan.availableActions}
            onDone={reload}
            disabled={busy}
          />
          {!plan.editable && (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="budget-read-only" data-reason={plan.readOnlyBecause}>
              {planReadOnlyText(translate, 'budget', plan.readOnlyBecause)}
            </Alert>
          )}
          <ScrollRegion label={translate('admin.budget.linesLabel')}>
            <Table size="small" aria-label={translate('admin.budget.linesLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.budget.columns.code')}</TableCell>
                  <TableCell>{translate('admin.budget.columns.description')}</TableCell>
                  {MONEY_COLUMNS.map((c) => (
                    <TableCell key={c} align="right">
                      {translate(`admin.budget.columns.${c}`)}
                    </TableCell>
                  ))}
                  {plan.editable && (
                    <TableCell>
                      <Box component="span" sx={HIDDEN}>
                        {translate('admin.plans.rowActions')}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.lines.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>{translate('admin.budget.noLines')}</TableCell>
                  </TableRow>
                )}
                {plan.lines.map((line) =>
                  editing === line.id ? (
                    <TableRow key={line.id}>
                      <TableCell colSpan={7}>
                        <BudgetLineForm
                          idPrefix={`budget-edit-${line.id}`}
                          initial={{ code: line.code, description: line.description, amount: line.budget }}
                          busy={busy}
                          submitLabel={translate('ra.action.save')}
                          onCancel={() => setEditing(null)}
                          onSubmit={async (fields) => {
                            const ok = await send(`/lines/${line.id}`, { method: 'PUT', body: fields });
                            if (ok) setEditing(null);
                            return ok;
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  ) : (
                    <TableRow key={line.id} data-testid="budget-line" data-code={line.code}>
                      <TableCell sx={{ fontWeight: 600 }}>{line.code}</TableCell>
                      <TableCell>{line.description}</TableCell>
                      {money(line)}
                      {plan.editable && (
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Button
                            size="small"
                            onClick={() => setEditing(line.id)}
                            aria-label={translate('admin.budget.editLine', { code: line.code })}
                          >
                            {translate('ra.action.edit')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            disabled={busy}
                            onClick={() => void send(`/lines/${line.id}`, { method: 'DELETE' })}
                            aria-label={translate('admin.budget.deleteLine', { code: line.code })}
                          >
                            {translate('ra.action.delete')}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  ),
                )}
                <TableRow data-testid="budget-unallocated">
                  <TableCell colSpan={2}>{translate('admin.budget.unallocated')}</TableCell>
                  {money({ budget: '0.00', committed: plan.unallocated.committed, claimed: plan.unallocated.claimed, remaining: '0.00' })}
                  {plan.editable && <TableCell />}
                </TableRow>
                <TableRow data-testid="budget-totals">
                  <TableCell colSpan={2} sx={{ fontWeight: 600 }}>
                    {translate('admin.budget.total')}
                  </TableCell>
                  {money(plan.totals, true)}
                  {plan.editable && <TableCell />}
                </TableRow>
              </TableBody>
            </Table>
          </ScrollRegion>
          {plan.editable && (
            <Box component="section" aria-labelledby="budget-add-heading" sx={{ mt: 2 }}>
              <Typography id="budget-add-heading" variant="subtitle1" component="h3">
                {translate('admin.budget.addLine')}
              </Typography>
              <BudgetLineForm
                idPrefix="budget-add"
                initial={{ code: '', description: '', amount: '' }}
                busy={busy}
                submitLabel={translate('ra.action.add')}
                onSubmit={(fields) => send('/lines', { method: 'POST', body: fields })}
              />
            </Box>
          )}
          <Box component="section" aria-labelledby="budget-documents-heading" sx={{ mt: 2 }}>
            <Typography id="budget-documents-heading" variant="subtitle1" component="h3">
              {translate('admin.budget.documents')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('admin.budget.documentsHelp')}
            </Typography>
            {plan.documents.length === 0 ? (
              <Typography sx={{ mt: 1 }}>{translate('admin.budget.noDocuments')}</Typography>
            ) : (
              <ScrollRegion label={translate('admin.budget.documents')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('admin.budget.columns.document')}</TableCell>
                      <TableCell>{translate('admin.budget.columns.measure')}</TableCell>
                      <TableCell align="right">{translate('admin.budget.columns.total')}</TableCell>
                      <TableCell>{translate('admin.budget.columns.code')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {plan.documents.map((document) => (
                      <TableRow key={document.id} data-testid="budget-document">
                        <TableCell>
                          {document.documentNo} · {document.title}
                          <Typography variant="body2" color="text.secondary">
                            {translate(`resources.${document.resource}.name`, { smart_count: 1, _: document.resource })} ·{' '}
                            {translate(`workflow.status.${document.status}`, { _: document.status })}
                          </Typography>
                        </TableCell>
                        <TableCell>{translate(`admin.budget.${document.measure}`)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {plainMoney(document.total)}
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>
                          <TextField
                            select
                            size="small"
                            fullWidth
                            value={document.code ?? ''}
                            disabled={busy}
                            label={translate('admin.budget.countUnder')}
                            id={`budget-allocate-${document.id}`}
                            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                            onChange={(event) =>
                              void send(`/allocations/${document.id}`, {
                                method: 'PUT',
                                body: { code: event.target.value === '' ? null : event.target.value },
                              })
                            }
                          >
                            <option value="">{translate('admin.budget.unallocated')}</option>
                            {plan.lines.map((line) => (
                              <option key={line.id} value={line.code}>
                                {line.code}
                              </option>
                            ))}
                          </TextField>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
