// "Delegate my approvals": to whom, which kinds, up to which amount, from when until when (Malaysian time),
// and why; a holder of the manual's update right may lend a member's approvals on their behalf. What the form
// can tell is missing is said on its field before sending; the api's refusals show on their fields too.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { DocumentResources, type CompanyMember } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { resourceLabel } from '../catalogue/labels.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import type { LoadFailure } from '../layout/load-failure.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { authorityApi } from './authority-api.js';
import { delegationBody, newDelegationDraft, refusedFieldKey, type DelegationDraft, type DelegationField } from './delegation-rules.js';
import { MemberPicker } from './MemberPicker.js';

type Props = {
  open: boolean;
  canManage: boolean;
  members: CompanyMember[];
  membersFailure: LoadFailure | null;
  onRetryMembers: () => void;
  onClose: () => void;
  onDone: () => void;
};

export function DelegationDialog({ open, canManage, members: firstPage, membersFailure, onRetryMembers, onClose, onDone }: Props) {
  // The first page of members comes with the page; past it, what the user types is searched on the server.
  const [found, setFound] = useState<CompanyMember[]>([]);
  const searched = useRef(0);
  const search = (text: string) => {
    const ticket = ++searched.current;
    if (text.trim().length < 2) return;
    setTimeout(() => {
      if (ticket !== searched.current) return;
      authorityApi.delegates(text.trim()).then(
        (rows) => ticket === searched.current && setFound(rows),
        () => undefined,
      );
    }, 250);
  };
  const members = useMemo(() => {
    const byId = new Map(firstPage.map((m) => [m.id, m]));
    for (const m of found) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [firstPage, found]);
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`authority.delegations.${key}`, options);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<DelegationDraft>(() => newDelegationDraft(new Date()));
  // Message keys per field: the form's own checks and the api's refusals alike.
  const [problems, setProblems] = useState<Partial<Record<DelegationField, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setDraft(newDelegationDraft(new Date()));
    setProblems({});
    setFailed(null);
  }, [open]);
  /** A change clears what was said about the field changed (a refusal stands for what was sent, not what is typed now). */
  const set = (patch: Partial<DelegationDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const changed = Object.keys(patch).map((key) => (key === 'allKinds' ? 'resources' : key));
    setProblems((shown) => Object.fromEntries(Object.entries(shown).filter(([field]) => !changed.includes(field))));
  };
  const problem = (field: DelegationField) => {
    const key = problems[field];
    return key ? translate(key.includes('.') ? key : `authority.delegations.errors.${key}`) : null;
  };
  const submit = async () => {
    const built = delegationBody(draft);
    if ('problems' in built) {
      setProblems(built.problems);
      return;
    }
    setSaving(true);
    setFailed(null);
    try {
      await authorityApi.delegate(built.body);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const byField = Object.fromEntries(Object.entries(fields).map(([field, codes]) => [field, refusedFieldKey(field, codes)]));
      setProblems(byField);
      // A refusal no field shows (no right, a company not chosen) is said above the buttons.
      const shown = Object.keys(byField).some((field) => FIELDS.includes(field as DelegationField));
      setFailed(shown ? null : `error.${errorCodeOf(error)}`);
    } finally {
      setSaving(false);
    }
  };
  const error = (field: DelegationField) => ({ error: problems[field] !== undefined, helperText: problem(field) });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="delegate-title">
      <DialogTitle id="delegate-title">{t('delegate')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
          {membersFailure && (
            <LoadFailed what={translate('admin.loadFailed.what.members')} failure={membersFailure} onRetry={onRetryMembers} />
          )}
          {canManage && (
            <MemberPicker
              members={members}
              value={draft.fromUserId}
              onChange={(id) => set({ fromUserId: id })}
              testId="delegation-from"
              label={t('onBehalfOf')}
              help={problem('fromUserId') ?? t('onBehalfOfHelp')}
              failure={membersFailure}
              onSearch={search}
            />
          )}
          <MemberPicker
            members={members}
            value={draft.toUserId}
            onChange={(id) => set({ toUserId: id })}
            testId="delegation-to"
            label={t('to')}
            help={problem('toUserId') ?? t('toHelp')}
            failure={membersFailure}
            onSearch={search}
          />
          {problem('toUserId') && draft.toUserId !== '' && (
            <Typography color="error" variant="body2" role="alert" data-testid="delegation-to-problem">
              {problem('toUserId')}
            </Typography>
          )}
          <FormControl error={problems.resources !== undefined}>
            <FormLabel id="delegation-kinds">{t('kinds')}</FormLabel>
            <RadioGroup
              aria-labelledby="delegation-kinds"
              value={draft.allKinds ? 'all' : 'chosen'}
              onChange={(e) => set({ allKinds: e.target.value === 'all' })}
            >
              <FormControlLabel value="all" control={<Radio />} label={t('allKinds')} data-testid="delegation-all-kinds" />
              <FormControlLabel value="chosen" control={<Radio />} label={t('chosenKinds')} data-testid="delegation-chosen-kinds" />
            </RadioGroup>
          </FormControl>
          {!draft.allKinds && (
            <TextField
              select
              size="small"
              label={t('kindsChosen')}
              value={draft.resources}
              {...error('resources')}
              onChange={(e) => set({ resources: e.target.value as unknown as string[] })}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (value) => (value as string[]).map((r) => resourceLabel(translate, r, false)).join(', '),
                },
                htmlInput: { 'data-testid': 'delegation-kinds' },
              }}
            >
              {DocumentResources.map((resource) => (
                <MenuItem key={resource} value={resource} data-testid={`delegation-kind-${resource}`}>
                  <Checkbox checked={draft.resources.includes(resource)} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
                  <ListItemText primary={resourceLabel(translate, resource, false)} />
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            label={t('capField')}
            value={draft.upTo}
            onChange={(e) => set({ upTo: e.target.value })}
            {...error('upTo')}
            helperText={problem('upTo') ?? t('capHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'delegation-cap' } }}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              sx={{ flex: '1 1 220px' }}
              label={t('startsAt')}
              value={draft.startsAt}
              onChange={(e) => set({ startsAt: e.target.value })}
              {...error('startsAt')}
              helperText={problem('startsAt') ?? t('timeHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'delegation-starts' } }}
            />
            <TextField
              size="small"
              required
              sx={{ flex: '1 1 220px' }}
              label={t('endsAt')}
              value={draft.endsAt}
              onChange={(e) => set({ endsAt: e.target.value })}
              {...error('endsAt')}
              helperText={problem('endsAt') ?? t('timeHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'delegation-ends' } }}
            />
          </Box>
          <TextField
            size="small"
            required
            multiline
            minRows={2}
            label={t('reason')}
            value={draft.reason}
            onChange={(e) => set({ reason: e.target.value })}
            {...error('reason')}
            helperText={problem('reason') ?? t('reasonHelp')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'delegation-reason' } }}
          />
          {failed && (
            <Typography color="error" role="alert" data-testid="delegation-failed">
              {translate(failed, { _: translate('error.unknownError') })}
            </Typography>
          )}
          {/* Enter in a field sends the form, as the button does. */}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void submit()} data-testid="delegation-submit">
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const FIELDS: readonly DelegationField[] = ['fromUserId', 'toUserId', 'resources', 'upTo', 'startsAt', 'endsAt', 'reason'];
