// Import an .xlsx into the BQ (apps/api/src/bills-of-quantity/IMPORT-EXPORT.md): pick the file,
// see each sheet's first rows with the mapping the api proposes, change which column holds which field
// (and the tab, header row and where levels come from), import with a progress bar driven by the api's
// NDJSON lines; cells that break the rules are listed by sheet, row and column, in the user's language.
import { useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import {
  assignColumn,
  BQ_COLUMN_KEYS,
  BQ_LEVEL_SOURCES,
  columnLetters,
  fieldOf,
  importWorkbook,
  previewWorkbook,
  progressPercent,
  type BqColumnKey,
  type BqLevelSource,
  type BqSheetMapping,
  type CellError,
  type ImportProgress,
  type ImportReply,
  type SheetPreview,
} from './bq-excel.js';

/** Scrolls sideways inside the page: width 0 and at least the page's, so a wide table never widens the page itself; positioned, so what is hidden for screen readers in it is clipped with it. */
const SCROLLS = { overflowX: 'auto', width: 0, minWidth: '100%', position: 'relative' } as const;

type Step =
  | { at: 'pick'; error: string | null }
  | { at: 'reading' }
  | { at: 'map'; file: File; sheets: SheetPreview[]; chosen: Record<string, BqSheetMapping | null>; error: Refusal | null }
  | {
      at: 'importing';
      file: File;
      sheets: SheetPreview[];
      chosen: Record<string, BqSheetMapping | null>;
      progress: ImportProgress | null;
      seen: string[];
    }
  | { at: 'done'; reply: ImportReply; progress: ImportProgress | null; seen: string[] };
type Refusal = { code: string; errors: CellError[]; errorCount: number; fields: Record<string, string[]> };

const LISTED = 100;
const cellText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : value === null || value === undefined
      ? ''
      : JSON.stringify(value);
const fieldLabel = (key: BqColumnKey) => `admin.bq.import.fields.${key}`;

function refusalOf(error: unknown): Refusal {
  const extra = (error as { extra?: { errors?: CellError[]; errorCount?: number } }).extra;
  return {
    code: errorCodeOf(error),
    errors: extra?.errors ?? [],
    errorCount: extra?.errorCount ?? 0,
    fields: error instanceof ApiError ? error.fields : {},
  };
}

export function BqImportDialog({
  projectId,
  open,
  onClose,
  onImported,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onImported: (reply: ImportReply) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ at: 'pick', error: null });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const close = () => {
    if (step.at === 'importing' || step.at === 'reading') return;
    setStep({ at: 'pick', error: null });
    onClose();
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setStep({ at: 'reading' });
    try {
      const reply = await previewWorkbook(projectId, file);
      const chosen = Object.fromEntries(reply.sheets.map((s) => [s.name, reply.mapping.sheets.find((m) => m.sheet === s.name) ?? null]));
      setStep({ at: 'map', file, sheets: reply.sheets, chosen, error: null });
    } catch (error) {
      setStep({ at: 'pick', error: errorCodeOf(error) });
    }
    if (input.current) input.current.value = '';
  };

  const run = async () => {
    if (step.at !== 'map') return;
    const { file, sheets, chosen } = step;
    const mapping = { sheets: sheets.flatMap((s) => (chosen[s.name] ? [chosen[s.name]!] : [])) };
    setStep({ at: 'importing', file, sheets, chosen, progress: null, seen: [] });
    try {
      const reply = await importWorkbook(projectId, file, mapping, (progress) =>
        setStep((s) =>
          s.at === 'importing' ? { ...s, progress, seen: s.seen.includes(progress.phase) ? s.seen : [...s.seen, progress.phase] } : s,
        ),
      );
      // The dialog stays to say what came in (the bar full), the editor reads the BQ again behind it.
      setStep((s) => ({ at: 'done', reply, progress: s.at === 'importing' ? s.progress : null, seen: s.at === 'importing' ? s.seen : [] }));
      onImported(reply);
    } catch (error) {
      setStep({ at: 'map', file, sheets, chosen, error: refusalOf(error) });
    }
  };

  const setSheet = (name: string, mapping: BqSheetMapping | null) =>
    setStep((s) => (s.at === 'map' ? { ...s, chosen: { ...s.chosen, [name]: mapping }, error: null } : s));
  const included = step.at === 'map' || step.at === 'importing' ? Object.values(step.chosen).filter(Boolean).length : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
      aria-labelledby={`${id}-title`}
      data-testid="bq-import-dialog"
    >
      <DialogTitle id={`${id}-title`}>{translate('admin.bq.import.title')}</DialogTitle>
      <DialogContent>
        {(step.at === 'pick' || step.at === 'reading') && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{translate('admin.bq.import.intro')}</Typography>
            <Box>
              <Button
                variant="contained"
                component="label"
                startIcon={<UploadFileIcon />}
                disabled={step.at === 'reading'}
                data-testid="bq-import-pick"
              >
                {translate('admin.bq.import.pick')}
                <input
                  ref={input}
                  hidden
                  type="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  data-testid="bq-import-file"
                  onChange={(e) => void pick(e.target.files?.[0])}
                />
              </Button>
            </Box>
            {step.at === 'reading' && (
              <Box role="status">
                <Typography variant="body2">{translate('admin.bq.import.reading')}</Typography>
                <LinearProgress aria-label={translate('admin.bq.import.reading')} />
              </Box>
            )}
            {step.at === 'pick' && step.error && (
              <Alert severity="error" data-testid="bq-import-error">
                {translate(`error.${step.error}`, { _: translate('error.unknownError') })}
              </Alert>
            )}
          </Stack>
        )}
        {step.at === 'done' && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ImportProgressBar progress={step.progress} seen={step.seen} done />
            <Alert severity="success" data-testid="bq-import-done">
              {translate('admin.bq.import.done', { rows: step.reply.rows, tabs: step.reply.tabs.map((t) => t.name).join(', ') })}
            </Alert>
          </Stack>
        )}
        {(step.at === 'map' || step.at === 'importing') && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{translate('admin.bq.import.mapIntro', { file: step.file.name })}</Typography>
            {step.at === 'map' && step.error && <ImportRefusal refusal={step.error} />}
            {step.sheets.map((sheet, index) => (
              <SheetMapping
                key={sheet.name}
                sheet={sheet}
                index={index}
                mapping={step.chosen[sheet.name] ?? null}
                disabled={step.at === 'importing'}
                problems={step.at === 'map' ? (step.error?.fields ?? {}) : {}}
                mappedIndex={step.sheets.filter((s) => step.chosen[s.name]).indexOf(sheet)}
                onChange={(m) => setSheet(sheet.name, m)}
              />
            ))}
            {step.at === 'importing' && <ImportProgressBar progress={step.progress} seen={step.seen} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step.at === 'done' ? (
          <Button variant="contained" autoFocus onClick={close} data-testid="bq-import-close">
            {translate('ra.action.close')}
          </Button>
        ) : (
          <Button onClick={close} disabled={step.at === 'importing' || step.at === 'reading'} data-testid="bq-import-cancel">
            {translate('ra.action.cancel')}
          </Button>
        )}
        {(step.at === 'map' || step.at === 'importing') && (
          <Button
            variant="contained"
            onClick={() => void run()}
            disabled={step.at === 'importing' || included === 0}
            data-testid="bq-import-run"
          >
            {translate('admin.bq.import.run', { count: included })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** `seen`: the phases the api's lines went through (kept for tests and support); `done`: the import answered. */
function ImportProgressBar({ progress, seen, done = false }: { progress: ImportProgress | null; seen: readonly string[]; done?: boolean }) {
  const translate = useTranslate();
  const percent = done ? 100 : progressPercent(progress);
  const text = translate(`admin.bq.import.phase.${progress?.phase ?? 'reading'}`, {
    rows: progress?.rows ?? 0,
    total: progress?.totalRows ?? 0,
  });
  return (
    <Box
      data-testid="bq-import-progress"
      data-phase={progress?.phase ?? 'starting'}
      data-percent={percent ?? ''}
      data-seen={seen.join(' ')}
    >
      {!done && (
        <Typography variant="body2" role="status">
          {text}
        </Typography>
      )}
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={translate('admin.bq.import.progress')}
      />
    </Box>
  );
}

function ImportRefusal({ refusal }: { refusal: Refusal }) {
  const translate = useTranslate();
  const more = Math.max(refusal.errorCount, refusal.errors.length) - Math.min(refusal.errors.length, LISTED);
  return (
    <Box data-testid="bq-import-refusal" data-code={refusal.code}>
      <Alert severity="error" sx={{ mb: 1 }}>
        {translate(`error.${refusal.code}`, { _: translate('error.unknownError') })}
      </Alert>
      {refusal.errors.length > 0 && (
        <Box sx={SCROLLS} tabIndex={0} role="region" aria-label={translate('admin.bq.import.errorsLabel')}>
          <Table size="small" aria-label={translate('admin.bq.import.errorsLabel')} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.bq.import.sheet')}</TableCell>
                <TableCell>{translate('admin.bq.import.row')}</TableCell>
                <TableCell>{translate('admin.bq.import.column')}</TableCell>
                <TableCell>{translate('admin.bq.import.problem')}</TableCell>
                <TableCell>{translate('admin.bq.import.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {refusal.errors.slice(0, LISTED).map((e, i) => (
                <TableRow key={i} data-testid="bq-import-cell-error" data-row={e.row} data-column={e.column ?? ''} data-code={e.code}>
                  <TableCell>{e.sheet}</TableCell>
                  <TableCell>{e.row}</TableCell>
                  <TableCell>
                    {e.column ?? ''}
                    {e.field ? ` (${translate(fieldLabel(e.field as BqColumnKey), { _: e.field })})` : ''}
                  </TableCell>
                  <TableCell>{translate(`error.${e.code}`, { _: e.code })}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{cellText(e.value)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {more > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('admin.bq.import.moreErrors', { count: more })}
        </Typography>
      )}
    </Box>
  );
}

function SheetMapping({
  sheet,
  index,
  mappedIndex,
  mapping,
  disabled,
  problems,
  onChange,
}: {
  sheet: SheetPreview;
  index: number;
  mappedIndex: number;
  mapping: BqSheetMapping | null;
  disabled: boolean;
  problems: Record<string, string[]>;
  onChange: (m: BqSheetMapping | null) => void;
}) {
  const translate = useTranslate();
  const width = Math.min(26, Math.max(1, ...sheet.rows.map((r) => r.cells.length)));
  const columns = Array.from({ length: width }, (_, i) => columnLetters(i + 1));
  const fresh = (): BqSheetMapping =>
    sheet.proposed ?? { sheet: sheet.name, tab: sheet.name, headerRow: 1, levels: sheet.outlined ? 'outline' : 'flat', columns: {} };
  // The api names a problem by the sheet's place among those imported: sheets[<i>].columns.rate.
  const problemsOf = (field: string) => (mappedIndex >= 0 ? (problems[`sheets[${mappedIndex}].${field}`] ?? []) : []);
  const sheetProblems =
    mappedIndex >= 0
      ? Object.entries(problems)
          .filter(([f]) => f.startsWith(`sheets[${mappedIndex}].`))
          .flatMap(([, codes]) => codes)
      : [];
  const helper = (field: string, fallback = ' ') => {
    const codes = problemsOf(field);
    return codes.length > 0 ? codes.map((c) => translate(`error.${c}`, { _: c })).join(' ') : fallback;
  };
  return (
    <Box
      component="section"
      aria-labelledby={`bq-sheet-${index}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid="bq-import-sheet"
      data-sheet={sheet.name}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ minWidth: 200 }}
          control={
            <Checkbox
              checked={mapping !== null}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? fresh() : null)}
              slotProps={{ input: { 'data-testid': 'bq-import-include' } as object }}
            />
          }
          label={
            <span id={`bq-sheet-${index}`}>
              <b>{sheet.name}</b> · {translate('admin.bq.import.rowCount', { count: sheet.rowCount })}
            </span>
          }
        />
        {mapping && (
          <>
            <TextField
              size="small"
              fullWidth={false}
              sx={{ width: { xs: '100%', md: 260 } }}
              label={translate('admin.bq.import.tab')}
              value={mapping.tab}
              disabled={disabled}
              error={problemsOf('tab').length > 0}
              helperText={helper('tab')}
              onChange={(e) => onChange({ ...mapping, tab: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'bq-import-tab' } }}
            />
            <TextField
              size="small"
              fullWidth={false}
              type="number"
              label={translate('admin.bq.import.headerRow')}
              value={mapping.headerRow}
              disabled={disabled}
              sx={{ width: { xs: '100%', md: 130 } }}
              error={problemsOf('headerRow').length > 0}
              helperText={helper('headerRow')}
              onChange={(e) => onChange({ ...mapping, headerRow: Math.max(1, Math.min(100, Number(e.target.value) || 1)) })}
              slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': 'bq-import-header-row' } }}
            />
            <TextField
              select
              size="small"
              fullWidth={false}
              label={translate('admin.bq.import.levels')}
              value={mapping.levels}
              disabled={disabled}
              sx={{ width: { xs: '100%', md: 260 } }}
              error={problemsOf('levels').length + problemsOf('columns.level').length > 0}
              helperText={helper('columns.level', helper('levels'))}
              onChange={(e) => onChange({ ...mapping, levels: e.target.value as BqLevelSource })}
              slotProps={{ htmlInput: { 'data-testid': 'bq-import-levels' } }}
            >
              {BQ_LEVEL_SOURCES.map((source) => (
                <MenuItem key={source} value={source} disabled={source === 'column' && !mapping.columns.level}>
                  {translate(`admin.bq.import.levelSources.${source}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      </Stack>
      {mapping && sheetProblems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="bq-import-mapping-problems">
          {[...new Set(sheetProblems)].map((c) => translate(`error.${c}`, { _: c })).join(' ')}
        </Alert>
      )}
      {mapping && (
        <Box
          sx={{ ...SCROLLS, mt: 1 }}
          tabIndex={0}
          role="region"
          aria-label={translate('admin.bq.import.previewLabel', { sheet: sheet.name })}
        >
          <Table size="small" aria-label={translate('admin.bq.import.previewLabel', { sheet: sheet.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.bq.import.row')}</TableCell>
                {columns.map((letters) => (
                  <TableCell key={letters} sx={{ minWidth: 140 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      label={translate('admin.bq.import.columnLabel', { column: letters })}
                      value={fieldOf(mapping, letters) ?? ''}
                      disabled={disabled}
                      onChange={(e) => onChange(assignColumn(mapping, letters, (e.target.value || null) as BqColumnKey | null))}
                      slotProps={{ htmlInput: { 'data-testid': `bq-import-column-${letters}` }, select: { displayEmpty: true } }}
                    >
                      <MenuItem value="">{translate('admin.bq.import.notImported')}</MenuItem>
                      {BQ_COLUMN_KEYS.map((key) => (
                        <MenuItem key={key} value={key}>
                          {translate(fieldLabel(key))}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sheet.rows.map((r) => (
                <TableRow
                  key={r.row}
                  data-testid="bq-import-preview-row"
                  sx={{
                    bgcolor: r.row === mapping.headerRow ? 'action.selected' : undefined,
                    color: r.row < mapping.headerRow ? 'text.secondary' : undefined,
                  }}
                >
                  <TableCell sx={{ fontWeight: r.row === mapping.headerRow ? 700 : undefined }}>{r.row}</TableCell>
                  {columns.map((letters, i) => (
                    <TableCell
                      key={letters}
                      sx={{
                        fontWeight: r.row === mapping.headerRow ? 700 : undefined,
                        pl: i === 0 && sheet.outlined ? 1 + r.outlineLevel * 1.5 : undefined,
                        whiteSpace: 'pre-wrap',
                        maxWidth: 280,
                      }}
                    >
                      {r.cells[i] === null || r.cells[i] === undefined ? '' : String(r.cells[i])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {mapping && sheet.rowCount > sheet.rows.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('admin.bq.import.firstRows', { shown: sheet.rows.length, count: sheet.rowCount })}
        </Typography>
      )}
    </Box>
  );
}
