// One scan's review: the rows OCR read, each editable (level, type, title, description, unit,
// quantity, rate, printed amount), its problems named beside it; corrections are saved with the scan's
// revision (If-Match) and checked again by the api. Rows with problems cannot enter the BQ: Import (into a
// tab named here, a new one unless a tab has that name) waits until none is left and every edit is saved.
import { useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import {
  discardScan,
  editRow,
  importScan,
  problemsOn,
  readScan,
  saveScanRows,
  type BqScan,
  type BqScanRow,
  type ScanField,
} from './bq-scans.js';
import { ScanStatusChip } from './ScanStatusChip.js';

/** Scrolls sideways inside the page: width 0 and at least the page's, so a wide table never widens the page itself; positioned, so what is hidden for screen readers in it is clipped with it. */
const SCROLLS = { overflowX: 'auto', width: 0, minWidth: '100%', position: 'relative' } as const;

const EDITED: readonly ScanField[] = ['title', 'description', 'unit', 'quantity', 'rate', 'amount'];
const WIDTHS: Partial<Record<ScanField, number>> = { title: 70, description: 300, unit: 60, quantity: 90, rate: 90, amount: 100 };

/** Read by screen readers, not shown ('1px': in sx a width of 1 is 100%). */
const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A tab name from the file's: "bill-2.pdf" -> "bill-2". */
const tabFromFile = (name: string) => name.replace(/\.[a-z0-9]+$/i, '').slice(0, 100) || 'Scan';

export function BqScanReview({ projectId, scanId, onChanged }: { projectId: string; scanId: string; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const id = useId();
  const [scan, setScan] = useState<BqScan | null>(null);
  const [rows, setRows] = useState<BqScanRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState('');
  const [discarding, setDiscarding] = useState<{ remark: string } | null>(null);

  const load = async () => {
    try {
      const fresh = await readScan(projectId, scanId);
      setScan(fresh);
      setRows(fresh.rows);
      setDirty(false);
      setTab((t) => t || tabFromFile(fresh.fileName));
      setError(null);
    } catch (e) {
      setError(errorCodeOf(e));
    }
  };
  useEffect(() => {
    setScan(null);
    setTab('');
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, scanId]);

  // A scan still being read is asked for again until OCR is done.
  useEffect(() => {
    if (scan?.status !== 'reading') return;
    const timer = setTimeout(() => void load(), 2000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scan]);

  const act = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      notify(done, { type: 'success' });
      await load();
      onChanged();
    } catch (e) {
      notify(isConflict(e) && errorCodeOf(e) === 'wrongExpectedRevision' ? 'admin.bq.scans.stale' : `error.${errorCodeOf(e)}`, {
        type: 'error',
      });
      if (isConflict(e)) await load();
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    act(async () => {
      const reply = await saveScanRows(projectId, scanId, scan!.revision, rows);
      const left = reply.rows.filter((r) => r.problems.length > 0).length;
      if (left > 0) notify('admin.bq.scans.stillProblems', { type: 'warning', messageArgs: { count: left } });
    }, 'admin.bq.scans.saved');

  if (error)
    return (
      <Alert severity="warning" data-testid="bq-scan-error">
        {translate(`error.${error}`, { _: translate('error.unknownError') })}
      </Alert>
    );
  if (!scan) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;

  const inReview = scan.status === 'pendingReview';
  const withProblems = rows.filter((r) => r.problems.length > 0).length;
  const change = (index: number, field: ScanField, value: string) => {
    setRows((all) => all.map((r, i) => (i === index ? editRow(r, field, value) : r)));
    setDirty(true);
  };
  const remove = (index: number) => {
    setRows((all) => all.filter((_, i) => i !== index));
    setDirty(true);
  };
  const fieldLabel = (field: ScanField) => translate(`admin.bq.scans.fields.${field}`);

  return (
    <Card
      variant="outlined"
      data-testid="bq-scan-review"
      data-status={scan.status}
      data-revision={scan.revision}
      data-problems={withProblems}
      data-dirty={dirty}
    >
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={`${id}-title`} sx={{ wordBreak: 'break-word' }}>
            {translate('admin.bq.scans.reviewTitle', { file: scan.fileName })}
          </Typography>
          <ScanStatusChip status={scan.status} />
        </Stack>
        {scan.status === 'reading' && (
          <Alert severity="info" role="status">
            {translate('admin.bq.scans.stillReading')}
          </Alert>
        )}
        {scan.status === 'failed' && (
          <Alert severity="warning">
            {translate('admin.bq.scans.failed')}
            {scan.failure ? ` ${scan.failure}` : ''}
          </Alert>
        )}
        {scan.status === 'imported' && (
          <Alert severity="success" data-testid="bq-scan-imported">
            {translate('admin.bq.scans.importedTo', { tab: scan.importedTo ?? '' })}{' '}
            <RouterLink to={`/project/${encodeURIComponent(projectId)}/bill-of-quantity`}>{translate('admin.bq.scans.openBq')}</RouterLink>
          </Alert>
        )}
        {inReview && (
          <Typography variant="body2" sx={{ mb: 1 }} role="status" data-testid="bq-scan-summary">
            {withProblems > 0
              ? translate('admin.bq.scans.problemsLeft', { count: withProblems })
              : translate('admin.bq.scans.noProblems', { count: rows.length })}
          </Typography>
        )}
        {rows.length > 0 && (
          <Box sx={SCROLLS} tabIndex={0} role="region" aria-labelledby={`${id}-title`}>
            <Table size="small" aria-labelledby={`${id}-title`} sx={{ minWidth: 1100 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.bq.scans.fields.page')}</TableCell>
                  <TableCell>{fieldLabel('level')}</TableCell>
                  <TableCell>{fieldLabel('type')}</TableCell>
                  {EDITED.map((f) => (
                    <TableCell key={f}>{fieldLabel(f)}</TableCell>
                  ))}
                  <TableCell>{translate('admin.bq.scans.fields.problems')}</TableCell>
                  {inReview && (
                    <TableCell>
                      <Box component="span" sx={HIDDEN}>
                        {translate('ra.action.delete')}
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => {
                  const problemId = `${id}-p${index}`;
                  const label = (f: ScanField) => translate('admin.bq.scans.cellLabel', { row: index + 1, field: fieldLabel(f) });
                  const described = row.problems.length > 0 ? problemId : undefined;
                  return (
                    <TableRow
                      key={index}
                      data-testid="bq-scan-row"
                      data-problems={row.problems.map((p) => p.code).join(' ')}
                      sx={{ verticalAlign: 'top' }}
                    >
                      <TableCell>{row.page}</TableCell>
                      {!inReview && <TableCell>{row.level}</TableCell>}
                      {!inReview && <TableCell>{translate(`admin.bq.scans.${row.type}`)}</TableCell>}
                      {inReview && (
                        <TableCell>
                          <TextField
                            variant="standard"
                            size="small"
                            type="number"
                            value={row.level}
                            disabled={!inReview}
                            error={problemsOn(row, 'level').length > 0}
                            sx={{ width: 50 }}
                            onChange={(e) => change(index, 'level', e.target.value)}
                            slotProps={{
                              htmlInput: {
                                min: 1,
                                max: 30,
                                'aria-label': label('level'),
                                'aria-describedby': described,
                                'data-testid': 'bq-scan-level',
                              },
                            }}
                          />
                        </TableCell>
                      )}
                      {inReview && (
                        <TableCell>
                          <TextField
                            select
                            variant="standard"
                            size="small"
                            value={row.type}
                            disabled={!inReview}
                            error={problemsOn(row, 'type').length > 0}
                            sx={{ minWidth: 80 }}
                            onChange={(e) => change(index, 'type', e.target.value)}
                            slotProps={{
                              htmlInput: { 'aria-label': label('type'), 'data-testid': 'bq-scan-type' },
                              select: { inputProps: { 'aria-label': label('type') } },
                            }}
                          >
                            <MenuItem value="header">{translate('admin.bq.scans.header')}</MenuItem>
                            <MenuItem value="item">{translate('admin.bq.scans.item')}</MenuItem>
                          </TextField>
                        </TableCell>
                      )}
                      {!inReview &&
                        EDITED.map((f) => (
                          <TableCell key={f} sx={{ minWidth: WIDTHS[f] }} data-testid={`bq-scan-${f}-text`}>
                            {(row[f] as string | null) ?? ''}
                          </TableCell>
                        ))}
                      {inReview &&
                        EDITED.map((f) => (
                          <TableCell key={f}>
                            <TextField
                              variant="standard"
                              size="small"
                              value={(row[f] as string | null) ?? ''}
                              disabled={!inReview || (row.type === 'header' && f !== 'title' && f !== 'description')}
                              error={problemsOn(row, f).length > 0}
                              sx={{ width: WIDTHS[f] }}
                              onChange={(e) => change(index, f, e.target.value)}
                              slotProps={{
                                htmlInput: {
                                  'aria-label': label(f),
                                  'aria-describedby': described,
                                  'data-testid': `bq-scan-${f}`,
                                  inputMode: f === 'quantity' || f === 'rate' || f === 'amount' ? 'decimal' : undefined,
                                },
                              }}
                            />
                          </TableCell>
                        ))}
                      <TableCell
                        id={problemId}
                        sx={{ minWidth: 180, color: row.problems.length > 0 ? 'error.main' : undefined }}
                        data-testid="bq-scan-problems"
                      >
                        {row.problems
                          .map(
                            (p) =>
                              `${p.field ? `${fieldLabel(p.field as ScanField)}: ` : ''}${translate(`error.${p.code}`, { _: p.code })}`,
                          )
                          .join(' ')}
                      </TableCell>
                      {inReview && (
                        <TableCell>
                          <Tooltip title={translate('admin.bq.scans.removeRow', { row: index + 1 })}>
                            <IconButton
                              size="small"
                              aria-label={translate('admin.bq.scans.removeRow', { row: index + 1 })}
                              onClick={() => remove(index)}
                              data-testid="bq-scan-remove"
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        {(inReview || scan.status === 'failed') && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            useFlexGap
            sx={{ mt: 2, alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
          >
            {inReview && (
              <Button variant="outlined" onClick={() => void save()} disabled={!dirty || busy} data-testid="bq-scan-save">
                {translate('admin.bq.scans.save')}
              </Button>
            )}
            {inReview && (
              <>
                <TextField
                  size="small"
                  fullWidth={false}
                  sx={{ width: { xs: '100%', sm: 280 } }}
                  label={translate('admin.bq.scans.tab')}
                  value={tab}
                  onChange={(e) => setTab(e.target.value)}
                  error={tab.trim() === ''}
                  helperText={
                    dirty
                      ? translate('admin.bq.scans.saveFirst')
                      : withProblems > 0
                        ? translate('admin.bq.scans.correctFirst')
                        : translate('admin.bq.scans.tabHelp')
                  }
                  slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'bq-scan-tab' } }}
                />
                <Button
                  variant="contained"
                  disabled={busy || dirty || withProblems > 0 || tab.trim() === '' || rows.length === 0}
                  data-testid="bq-scan-import"
                  onClick={() => void act(() => importScan(projectId, scanId, scan.revision, tab.trim()), 'admin.bq.scans.imported')}
                >
                  {translate('admin.bq.scans.import')}
                </Button>
              </>
            )}
            <Button color="error" onClick={() => setDiscarding({ remark: '' })} disabled={busy} data-testid="bq-scan-discard">
              {translate('admin.bq.scans.discard')}
            </Button>
          </Stack>
        )}
      </CardContent>
      <Dialog
        open={discarding !== null}
        onClose={() => setDiscarding(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={`${id}-discard`}
        data-testid="bq-scan-discard-dialog"
      >
        <DialogTitle id={`${id}-discard`}>{translate('admin.bq.scans.discardTitle', { file: scan.fileName })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{translate('admin.bq.scans.discardEffect')}</Typography>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={translate('admin.bq.scans.remark')}
            value={discarding?.remark ?? ''}
            onChange={(e) => setDiscarding({ remark: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setDiscarding(null)}>
            {translate('admin.confirm.goBack')}
          </Button>
          <Button
            variant="contained"
            color="error"
            data-testid="bq-scan-discard-confirm"
            onClick={() => {
              const remark = discarding?.remark ?? '';
              setDiscarding(null);
              void act(() => discardScan(projectId, scanId, scan.revision, remark), 'admin.bq.scans.discarded');
            }}
          >
            {translate('admin.bq.scans.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
