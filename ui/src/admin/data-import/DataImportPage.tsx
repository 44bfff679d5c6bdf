// /administration/data-import/catalogue-items, /users and /machinery: data import by Excel upload (signed-in-area.md §2.5) into
// the catalogue, the users list or the company profile's machinery. Choose an .xlsx; the server proposes the sheet, the header row and a column per field;
// change any of them and see the first rows; import. A file with any bad row imports nothing and lists each
// problem by sheet, row and column; a progress bar follows the upload, then the rows the server has done.
import { useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  type DataImportCell,
  type DataImportMapping,
  type DataImportPreview,
  type DataImportResult,
  type DataImportRowError,
  type DataImportTarget,
} from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { columnName, previewImport, runImport, type ImportStep } from './data-import-api.js';

const LIST_PATH: Record<DataImportTarget, string> = {
  'catalogue-items': '/administration/catalogue-items',
  users: '/administration/users/pending-approval',
  machinery: '/administration/company?tab=machinery',
};
/**
 * A sheet's cell keeps its words whole ("Atlas Copco", not "Atlas Copc/o") and a few characters wide (a Chinese
 * heading is not one character a line): a narrow screen scrolls the table's region sideways instead.
 */
const WORDS = { minWidth: 72, overflowWrap: 'break-word' } as const;
const cellText = (cell: DataImportCell | undefined) => (cell === null || cell === undefined ? '' : String(cell));

export function DataImportPage({ target }: { target: DataImportTarget }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DataImportPreview | null>(null);
  const [mapping, setMapping] = useState<DataImportMapping | null>(null);
  const [step, setStep] = useState<ImportStep | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [errors, setErrors] = useState<DataImportRowError[] | null>(null);
  const [done, setDone] = useState<DataImportResult | null>(null);
  const t = (key: string, options?: object) => translate(`admin.dataImport.${key}`, options);
  // The outcome takes the focus once known: the Import button it came from is disabled while the import runs.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed || done) outcome.current?.focus();
  }, [failed, done]);

  const pick = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    setErrors(null);
    setDone(null);
    setFailed(null);
    setBusy(true);
    try {
      const reply = await previewImport(target, chosen, setStep);
      setPreview(reply);
      setMapping(reply.mapping);
    } catch (error) {
      setFailed(errorCodeOf(error));
    } finally {
      setBusy(false);
      setStep(null);
      if (input.current) input.current.value = '';
    }
  };
  const start = async () => {
    if (!file || !mapping) return;
    setErrors(null);
    setFailed(null);
    setBusy(true);
    try {
      setDone(await runImport(target, file, mapping, setStep));
    } catch (error) {
      setFailed(errorCodeOf(error));
      const extra = error instanceof ApiError ? (error as ApiError & { extra?: { errors?: DataImportRowError[] } }).extra : undefined;
      if (extra?.errors) setErrors(extra.errors);
    } finally {
      setBusy(false);
      setStep(null);
    }
  };

  const sheet = preview?.sheets.find((s) => s.name === mapping?.sheet) ?? null;
  const width = Math.max(sheet?.headers.length ?? 0, ...(sheet?.rows.map((r) => r.cells.length) ?? [0]));
  const columns = Array.from({ length: width }, (_, i) => i + 1);
  const fieldName = (field: string) => translate(`admin.dataImport.fields.${target}.${field}`, { _: field });
  const setColumn = (field: string, column: number | null) => {
    if (!mapping) return;
    const next = Object.fromEntries(Object.entries(mapping.columns).filter(([f, c]) => f !== field && c !== column));
    setMapping({ ...mapping, columns: column === null ? next : { ...next, [field]: column } });
  };
  const fieldAt = (column: number) => Object.entries(mapping?.columns ?? {}).find(([, c]) => c === column)?.[0];
  const chooseSheet = (name: string) => {
    const chosen = preview?.sheets.find((s) => s.name === name);
    if (chosen) setMapping({ sheet: chosen.name, headerRow: chosen.headerRow, columns: chosen.proposed });
  };
  const percent =
    step === null ? null : step.phase === 'upload' ? step.percent : step.total > 0 ? Math.round((step.done / step.total) * 100) : null;
  const title = t(`title.${target}`);
  return (
    <Card sx={{ mt: 2 }} data-testid="data-import">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t(`intro.${target}`)}</Typography>
        <Stack spacing={2}>
          <Box>
            <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy} data-testid="import-pick">
              {t('pick')}
              <input
                ref={input}
                hidden
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="import-file"
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Button>
            {file && (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {t('file', { name: file.name })}
              </Typography>
            )}
          </Box>
          {busy && (
            <Box role="status" data-testid="import-progress">
              <Typography variant="body2">
                {step === null || step.phase === 'upload'
                  ? t('uploading')
                  : t(`phase.${step.phase}`, { done: step.done, total: step.total })}
              </Typography>
              <LinearProgress
                variant={percent === null ? 'indeterminate' : 'determinate'}
                value={percent ?? 0}
                aria-label={t('progress')}
              />
            </Box>
          )}
          {failed && (
            <Alert ref={outcome} tabIndex={-1} severity="error" data-testid="import-error">
              {translate(`error.${failed}`, { _: translate('error.unknownError') })}
            </Alert>
          )}
          {errors && errors.length > 0 && (
            <TableContainer tabIndex={0} role="region" aria-label={t('errors')}>
              <Table size="small" aria-label={t('errors')} data-testid="import-errors">
                <TableHead>
                  <TableRow>
                    {['sheet', 'row', 'column', 'field', 'problem'].map((c) => (
                      <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
                        {t(`errorColumns.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {errors.map((e, i) => (
                    <TableRow key={i} data-testid="import-error-row">
                      <TableCell>{e.sheet}</TableCell>
                      <TableCell>{e.row}</TableCell>
                      <TableCell>{e.column ? columnName(e.column) : ''}</TableCell>
                      <TableCell sx={WORDS}>{e.field ? fieldName(e.field) : ''}</TableCell>
                      <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                        {translate(`admin.dataImport.problems.${e.code}`, { _: translate(`error.${e.code}`, { _: e.code }) })}
                        {e.value ? ` (${e.value})` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {done && (
            <Alert ref={outcome} tabIndex={-1} severity="success" data-testid="import-done">
              {t('done', { n: done.recorded })}{' '}
              <Link component={RouterLink} to={LIST_PATH[target]}>
                {t(`open.${target}`)}
              </Link>
            </Alert>
          )}
          {preview && mapping && !done && (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label={t('sheet')}
                  value={mapping.sheet}
                  onChange={(e) => chooseSheet(e.target.value)}
                  sx={{ width: { xs: '100%', sm: 240 } }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'import-sheet' } }}
                >
                  {preview.sheets.map((s) => (
                    <option key={s.name} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </TextField>
                <TextField
                  type="number"
                  label={t('headerRow')}
                  value={mapping.headerRow}
                  onChange={(e) => setMapping({ ...mapping, headerRow: Math.max(0, Number(e.target.value) || 0) })}
                  sx={{ width: { xs: '100%', sm: 160 } }}
                  slotProps={{ htmlInput: { min: 0, 'data-testid': 'import-header-row' } }}
                />
              </Stack>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' } }}>
                {preview.fields.map(({ field, required }) => (
                  <TextField
                    key={field}
                    select
                    required={required}
                    label={fieldName(field)}
                    value={mapping.columns[field] ?? ''}
                    onChange={(e) => setColumn(field, e.target.value === '' ? null : Number(e.target.value))}
                    slotProps={{
                      select: { native: true },
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': `import-column-${field}` },
                    }}
                  >
                    <option value="">{t('noColumn')}</option>
                    {columns.map((c) => (
                      <option
                        key={c}
                        value={c}
                      >{`${columnName(c)}${sheet?.headers[c - 1] ? `: ${cellText(sheet.headers[c - 1])}` : ''}`}</option>
                    ))}
                  </TextField>
                ))}
              </Box>
              {sheet && sheet.rows.length > 0 && (
                <TableContainer tabIndex={0} role="region" aria-label={t('firstRows')}>
                  <Table size="small" aria-label={t('firstRows')} data-testid="import-preview">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('errorColumns.row')}</TableCell>
                        {columns.map((c) => (
                          <TableCell key={c} sx={WORDS}>
                            {fieldAt(c) ? fieldName(fieldAt(c)!) : columnName(c)}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {sheet.rows
                        .filter((r) => r.row > mapping.headerRow)
                        .map((r) => (
                          <TableRow key={r.row}>
                            <TableCell>{r.row}</TableCell>
                            {columns.map((c) => (
                              <TableCell key={c} sx={WORDS}>
                                {cellText(r.cells[c - 1])}
                              </TableCell>
                            ))}
                          </TableRow>
                        ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              <Box>
                <Button variant="contained" disabled={busy} onClick={() => void start()} data-testid="import-start">
                  {t('start')}
                </Button>
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
