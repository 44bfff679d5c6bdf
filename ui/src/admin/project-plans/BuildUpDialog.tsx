// Adding or editing one build-up (§2.5 build-up master): trade code, description, profit percent, then either
// its labour / material / plant lines or a total sub. §5.3: the total-sub switch waits for the trade code and
// the description, and turning it on over lines asks first (it erases them). The api's refusal is shown in
// the user's language above the form and on its field; what was typed stays. The profit may name one of the
// company's active profit parameters (a select, "none" first); the one the build-up holds stays offered when it
// was deactivated since, under the code and description it was recorded with.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { SetupItemRow } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { listSetupItems } from '../setups/setups-api.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { plainMoney } from './use-plan.js';
import { BuildUpLines } from './BuildUpLines.js';
import {
  bodyOf,
  draftFigures,
  draftOf,
  filledLines,
  money,
  problemsOf,
  totalSubAllowed,
  type Draft,
  type Problems,
} from './build-up-form.js';
import type { BuildUp } from './costing.js';

/** Field problems from the api's `fields` (code, description, totalSub, profitPercent, profitParameterId), as translation keys. */
function serverProblems(error: unknown): Problems {
  if (!(error instanceof ApiError)) return {};
  const problems: Problems = {};
  for (const field of ['code', 'description', 'totalSub', 'profitPercent', 'profitParameterId'])
    if (error.fields[field]) problems[field] = `error.${error.errorCode}`;
  return problems;
}

export function BuildUpDialog({
  buildUp,
  takenCodes,
  onSave,
  onClose,
}: {
  buildUp: BuildUp | null;
  takenCodes: readonly string[];
  /** Sends the body; resolves when taken, rejects with the api's refusal. */
  onSave: (body: ReturnType<typeof bodyOf>, isNew: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const isNew = buildUp === null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(buildUp ?? undefined));
  const [shown, setShown] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askErase, setAskErase] = useState(false);
  const [parameters, setParameters] = useState<SetupItemRow[]>([]);
  // The company's active profit parameters (a company keeps dozens, not thousands: the first 50 by code).
  // A caller who may not read them, or a failed read, is offered "none" and the one held.
  useEffect(() => {
    let live = true;
    listSetupItems('profitParameter', 'active', '', 0, 50).then(
      (page) => {
        if (live) setParameters(page.rows);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const held = draft.heldParameter && !parameters.some((p) => p.id === draft.heldParameter!.id) ? draft.heldParameter : null;
  const pickedParameter = parameters.find((p) => p.id === draft.profitParameterId);
  const set = (key: 'code' | 'description' | 'totalSub' | 'profitPercent') => (event: { target: { value: string } }) => {
    const next = { ...draft, [key]: event.target.value };
    // A total sub needs code and description: emptying either turns it off again (its amount is kept).
    setDraft(next.totalSubOn && !totalSubAllowed(next) ? { ...next, totalSubOn: false } : next);
  };
  const toggleTotalSub = (on: boolean) => {
    if (on && filledLines(draft).length > 0) return setAskErase(true);
    setDraft({ ...draft, totalSubOn: on, lines: on ? [] : draft.lines });
  };
  const erase = () => {
    setAskErase(false);
    setDraft({ ...draft, totalSubOn: true, lines: [] });
    setTimeout(() => document.getElementById('buildup-total-sub')?.focus(), 0);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(draft, isNew ? takenCodes : []);
    setShown(problems);
    setRefusal(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await onSave(bodyOf(draft), isNew);
    } catch (error) {
      setRefusal(`error.${errorCodeOf(error)}`);
      setShown(serverProblems(error));
    } finally {
      setBusy(false);
    }
  };
  const figures = draftFigures(draft);
  const help = (field: string, fallback = ' ') => (shown[field] ? translate(shown[field]) : fallback);
  const title = isNew ? translate('admin.buildUps.addTitle') : translate('admin.buildUps.editTitle', { code: draft.code });
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      aria-labelledby="buildup-dialog-title"
      data-testid="buildup-dialog"
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="buildup-dialog-title">{title}</DialogTitle>
        <DialogContent>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="buildup-refusal">
              {translate(refusal, { _: translate('error.unknownError') })}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ pt: 1 }}>
            <TextField
              id="buildup-code"
              size="small"
              required
              autoFocus={isNew}
              label={translate('admin.buildUps.columns.code')}
              value={draft.code}
              onChange={set('code')}
              disabled={!isNew || busy}
              error={!!shown.code}
              helperText={help('code', isNew ? ' ' : translate('admin.buildUps.codeFixed'))}
              // The hint under the fixed code is read, not greyed as the disabled field is (contrast).
              slotProps={{ htmlInput: { maxLength: 40 }, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
              sx={{ width: { sm: '10rem' } }}
            />
            <TextField
              id="buildup-description"
              size="small"
              autoFocus={!isNew}
              label={translate('admin.buildUps.columns.description')}
              value={draft.description}
              onChange={set('description')}
              disabled={busy}
              error={!!shown.description}
              helperText={help('description')}
              sx={{ flex: { sm: 1 } }}
              slotProps={{ htmlInput: { maxLength: 4000 } }}
            />
            <TextField
              id="buildup-profit"
              size="small"
              required
              label={translate('admin.buildUps.columns.profitPercent')}
              value={draft.profitPercent}
              onChange={set('profitPercent')}
              disabled={busy}
              error={!!shown.profitPercent}
              helperText={help('profitPercent')}
              sx={{ width: { sm: '9rem' } }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Stack>
          <TextField
            id="buildup-profit-parameter"
            select
            size="small"
            fullWidth
            label={translate('admin.buildUps.profitParameter')}
            value={draft.profitParameterId}
            onChange={(event) => setDraft({ ...draft, profitParameterId: event.target.value })}
            disabled={busy}
            error={!!shown.profitParameterId}
            helperText={
              shown.profitParameterId
                ? translate(shown.profitParameterId)
                : pickedParameter?.description || translate('admin.buildUps.profitParameterHelp')
            }
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'buildup-profit-parameter' } }}
            sx={{ mb: 1 }}
          >
            <option value="">{translate('admin.buildUps.profitParameterNone')}</option>
            {held && (
              <option value={held.id}>
                {translate('admin.buildUps.profitParameterInactive', { code: held.code, description: held.description })}
              </option>
            )}
            {parameters.map((p) => (
              <option key={p.id} value={p.id}>
                {p.description ? `${p.name}: ${p.description}` : p.name}
              </option>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}>
            <Box>
              <FormControlLabel
                label={translate('admin.buildUps.totalSubSwitch')}
                disabled={busy || !totalSubAllowed(draft)}
                control={
                  <Switch
                    checked={draft.totalSubOn}
                    onChange={(_e, on) => toggleTotalSub(on)}
                    slotProps={{ input: { id: 'buildup-total-sub-switch', 'aria-describedby': 'buildup-total-sub-help' } }}
                  />
                }
              />
              <Typography id="buildup-total-sub-help" variant="body2" color="text.secondary" data-testid="buildup-total-sub-help">
                {translate(totalSubAllowed(draft) ? 'admin.buildUps.totalSubHelp' : 'admin.buildUps.totalSubNeedsCode')}
              </Typography>
            </Box>
            {draft.totalSubOn && (
              <TextField
                id="buildup-total-sub"
                size="small"
                required
                label={translate('admin.buildUps.columns.totalSub')}
                value={draft.totalSub}
                onChange={set('totalSub')}
                disabled={busy}
                error={!!shown.totalSub}
                helperText={help('totalSub')}
                sx={{ width: { sm: '12rem' } }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          </Stack>
          {!draft.totalSubOn && (
            <BuildUpLines lines={draft.lines} problems={shown} disabled={busy} onChange={(lines) => setDraft({ ...draft, lines })} />
          )}
          <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="buildup-figures" aria-live="polite">
            {translate('admin.buildUps.figures', {
              cost: plainMoney(money(figures.cost)),
              profit: plainMoney(money(figures.profit)),
              rate: plainMoney(money(figures.rate)),
            })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="buildup-save">
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Box>
      <Dialog
        open={askErase}
        onClose={() => setAskErase(false)}
        aria-labelledby="buildup-erase-title"
        aria-describedby="buildup-erase-text"
        data-testid="buildup-erase-dialog"
      >
        <DialogTitle id="buildup-erase-title">{translate('admin.buildUps.eraseTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="buildup-erase-text">
            {translate('admin.buildUps.eraseText', { count: filledLines(draft).length, code: draft.code.trim() })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskErase(false)} autoFocus>
            {translate('admin.buildUps.keepLines')}
          </Button>
          <Button onClick={erase} color="warning" variant="contained" data-testid="buildup-erase-confirm">
            {translate('admin.buildUps.eraseConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
