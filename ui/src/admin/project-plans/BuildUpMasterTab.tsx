// The build-up master (spec §2.5 "build-up master", §5.3 build-up rules; at /project/<id>/build-up-master
// beside the BQ and tender costing): the BQ's build-ups by trade code with their labour, material and plant
// sums, the total sub, profit percent and the rate they price an item at; adding, editing (BuildUpDialog) and
// deleting one, only while the BQ is editable (the api's `editable`). A change is sent on the revision read.
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { adminJson, errorCodeOf, isConflict } from '../providers/admin-request.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { planReadOnlyText } from './read-only-reason.js';
import { plainMoney } from './use-plan.js';
import { BuildUpDialog } from './BuildUpDialog.js';
import { figuresOf, money, type bodyOf } from './build-up-form.js';
import type { BqRead, BuildUp } from './costing.js';

type Read = BqRead & { revision: number; editable: boolean; readOnlyBecause: string | null; status: string | null };
const COLUMNS = [
  'code',
  'description',
  'labour',
  'material',
  'plant',
  'totalSub',
  'cost',
  'profitPercent',
  'rate',
  'items',
  'actions',
] as const;
const LEFT = new Set<string>(['code', 'description', 'actions']);

export function BuildUpMasterTab({ projectId }: { projectId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [bq, setBq] = useState<Read | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<BuildUp | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BuildUp | null>(null);
  // On a phone each build-up is a card (eleven columns would scroll sideways); on a computer a table.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const path = `/api/bill-of-quantity/${encodeURIComponent(projectId)}`;
  const reload = useCallback(() => {
    adminJson<Read>(path).then(
      (reply) => {
        setBq(reply);
        setFailed(null);
      },
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [path]);
  useEffect(reload, [reload]);
  if (failed) return <Alert severity="warning">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>;
  if (!bq) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  // The percent, and the profit parameter the build-up names as it was recorded (code and description).
  const profitShown = (buildUp: BuildUp) => (
    <>
      {`${Number(buildUp.profitPercent).toString()}%`}
      {buildUp.profitParameter && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block' }}
          data-testid="buildup-profit-parameter-shown"
        >
          {translate('admin.buildUps.profitParameterNamed', {
            code: buildUp.profitParameter.code,
            description: buildUp.profitParameter.description,
          })}
        </Typography>
      )}
    </>
  );
  const itemsOf = (code: string) => bq.nodes.filter((node) => node.type === 'item' && node.buildUpCode === code).length;
  const send = (operation: 'add' | 'update' | 'delete', body: Record<string, unknown>) =>
    adminJson(`/api/bq-build-up/${operation}`, { method: 'POST', body: { project_id: projectId, revision: bq.revision, ...body } });
  const save = async (body: ReturnType<typeof bodyOf>, isNew: boolean) => {
    try {
      await send(isNew ? 'add' : 'update', body);
    } catch (error) {
      if (isConflict(error) && errorCodeOf(error) === 'wrongExpectedRevision') reload();
      throw error;
    }
    notify('admin.buildUps.saved', { type: 'success', messageArgs: { code: body.code } });
    setEditing(null);
    reload();
  };
  const remove = async (buildUp: BuildUp) => {
    setDeleting(null);
    try {
      await send('delete', { code: buildUp.code });
      notify('admin.buildUps.deleted', { type: 'success', messageArgs: { code: buildUp.code } });
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    }
    reload();
  };
  const cell = (column: string, content: React.ReactNode) => (
    <TableCell
      key={column}
      align={LEFT.has(column) ? 'left' : 'right'}
      sx={{ whiteSpace: column === 'description' ? 'normal' : 'nowrap' }}
      data-col={column}
    >
      {content}
    </TableCell>
  );
  const deletingItems = deleting ? itemsOf(deleting.code) : 0;
  return (
    <Box data-testid="buildup-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2">
            {translate('admin.buildUps.title')}
          </Typography>
          <Typography color="text.secondary">{translate('admin.buildUps.intro')}</Typography>
        </Box>
        {bq.editable && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="buildup-add"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
          >
            {translate('admin.buildUps.add')}
          </Button>
        )}
      </Stack>
      {bq.status === null && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="buildup-no-bq">
          {translate('admin.buildUps.noBq')}
        </Alert>
      )}
      {!bq.editable && bq.readOnlyBecause && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="buildup-locked" data-reason={bq.readOnlyBecause}>
          {planReadOnlyText(translate, 'buildUps', bq.readOnlyBecause)}
        </Alert>
      )}
      {bq.buildUps.length === 0 && (
        <Typography sx={{ mt: 2 }} data-testid="buildup-none">
          {translate('admin.buildUps.none')}
        </Typography>
      )}
      {bq.buildUps.length > 0 && phone && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mt: 2 }} aria-label={translate('admin.buildUps.title')}>
          {bq.buildUps.map((buildUp) => {
            const figures = figuresOf(buildUp);
            const line = (column: string, value: React.ReactNode) => (
              <Stack direction="row" sx={{ justifyContent: 'space-between' }} data-col={column}>
                <span>{translate(`admin.buildUps.columns.${column}`)}</span>
                <span>{value}</span>
              </Stack>
            );
            return (
              <Card component="li" variant="outlined" key={buildUp.code} data-testid="buildup-row" data-code={buildUp.code}>
                <CardContent>
                  <Typography component="h3" variant="subtitle1">
                    <strong>{buildUp.code}</strong> {buildUp.description}
                  </Typography>
                  {buildUp.totalSub !== null
                    ? line('totalSub', plainMoney(buildUp.totalSub))
                    : (['labour', 'material', 'plant'] as const).map((c) => <Box key={c}>{line(c, plainMoney(money(figures[c])))}</Box>)}
                  {line('profitPercent', profitShown(buildUp))}
                  {line('rate', plainMoney(money(figures.rate)))}
                  {line('items', itemsOf(buildUp.code))}
                  {bq.editable && (
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => setEditing(buildUp)}
                        aria-label={translate('admin.buildUps.editNamed', { code: buildUp.code })}
                        data-testid="buildup-edit"
                      >
                        {translate('ra.action.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(buildUp)}
                        aria-label={translate('admin.buildUps.deleteNamed', { code: buildUp.code })}
                        data-testid="buildup-delete"
                      >
                        {translate('ra.action.delete')}
                      </Button>
                    </Stack>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
      {bq.buildUps.length > 0 && !phone && (
        <ScrollRegion label={translate('admin.buildUps.title')}>
          <Table size="small" aria-label={translate('admin.buildUps.title')} sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.filter((c) => c !== 'actions' || bq.editable).map((c) => cell(c, translate(`admin.buildUps.columns.${c}`)))}
              </TableRow>
            </TableHead>
            <TableBody>
              {bq.buildUps.map((buildUp) => {
                const figures = figuresOf(buildUp);
                return (
                  <TableRow key={buildUp.code} data-testid="buildup-row" data-code={buildUp.code}>
                    {cell('code', <strong>{buildUp.code}</strong>)}
                    {cell('description', buildUp.description)}
                    {(['labour', 'material', 'plant'] as const).map((c) =>
                      cell(c, buildUp.totalSub !== null ? '-' : plainMoney(money(figures[c]))),
                    )}
                    {cell('totalSub', buildUp.totalSub === null ? '-' : plainMoney(buildUp.totalSub))}
                    {cell('cost', plainMoney(money(figures.cost)))}
                    {cell('profitPercent', profitShown(buildUp))}
                    {cell('rate', plainMoney(money(figures.rate)))}
                    {cell('items', itemsOf(buildUp.code))}
                    {bq.editable &&
                      cell(
                        'actions',
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setEditing(buildUp)}
                            aria-label={translate('admin.buildUps.editNamed', { code: buildUp.code })}
                            data-testid="buildup-edit"
                          >
                            {translate('ra.action.edit')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setDeleting(buildUp)}
                            aria-label={translate('admin.buildUps.deleteNamed', { code: buildUp.code })}
                            data-testid="buildup-delete"
                          >
                            {translate('ra.action.delete')}
                          </Button>
                        </Stack>,
                      )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {editing !== null && (
        <BuildUpDialog
          buildUp={editing === 'new' ? null : editing}
          takenCodes={bq.buildUps.map((b) => b.code)}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="buildup-delete-title"
        aria-describedby="buildup-delete-text"
        data-testid="buildup-delete-dialog"
      >
        <DialogTitle id="buildup-delete-title">{translate('admin.buildUps.deleteTitle', { code: deleting?.code ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="buildup-delete-text">
            {translate(deletingItems === 0 ? 'admin.buildUps.deleteUnused' : 'admin.buildUps.deleteText', {
              code: deleting?.code ?? '',
              description: deleting?.description ?? '',
              count: deletingItems,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>
            {translate('admin.buildUps.keep')}
          </Button>
          <Button color="error" variant="contained" onClick={() => deleting && void remove(deleting)} data-testid="buildup-delete-confirm">
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
