// Authority manuals: per process (resource), the approval levels with their RM limits and rules (quorum,
// reject rule, response time, escalation: LevelRulesFields), self-approval, and a version that goes up on
// every change (a stale version is 409). The api's refusal of a level's field shows on that field.
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
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
  type Theme,
} from '@mui/material';
import { DocumentResources, type AuthorityManualLevelBody, type AuthorityManualView, type CompanyMember } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDateTime, formatMoney } from '../format.js';
import type { LoadFailure } from '../layout/load-failure.js';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import { authorityApi, VERIFY_LEVELS } from './authority-api.js';
import { emptyLevel, levelBody, levelDraft, levelFieldErrors, withoutLastLevel, type LevelDraft, type LevelField } from './level-rules.js';
import { LevelRulesFields } from './LevelRulesFields.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';

type Draft = {
  resource: string;
  label: string;
  note: string;
  levels: LevelDraft[];
  allowSelfApproval: boolean;
  /** Not edited here, but sent back: the api takes the whole manual, and a field left out would be emptied. */
  roleType: string;
  roles: string[];
  expectedVersion?: number;
};

type Props = {
  manuals: AuthorityManualView[];
  canEdit: boolean;
  onChanged: () => void;
  /** The company's members, for an escalation to a named member. */
  members: CompanyMember[];
  membersFailure: LoadFailure | null;
};

const NO_ERRORS: ReadonlySet<LevelField> = new Set();
/** Draft keys that belong to another field's rule. */
const FIELD_OF: Record<string, LevelField> = { quorumCount: 'quorum', escalateUserId: 'escalateTo' };

export function ManualsCard({ manuals, canEdit, onChanged, members, membersFailure }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<Map<number, Set<LevelField>>>(new Map());
  const level = (l: number) => translate(`admin.levels.${l}`, { _: String(l) });
  const edit = (m?: AuthorityManualView) => {
    setRefused(new Map());
    setDraft(
      m
        ? {
            resource: m.resource,
            label: m.label,
            note: m.note,
            levels: m.levels.map(levelDraft),
            allowSelfApproval: m.allowSelfApproval,
            roleType: m.roleType,
            roles: m.roles,
            expectedVersion: m.version,
          }
        : { resource: 'purchaseOrder', label: '', note: '', levels: [emptyLevel(20)], allowSelfApproval: false, roleType: '', roles: [] },
    );
  };
  /** What a level asks beyond its limit, in short words for the table (nothing for the plain case). */
  const ruleWords = (l: AuthorityManualLevelBody): string[] => [
    ...(l.quorum === 'all' ? [translate('authority.manualRules.summaryAll')] : []),
    ...(typeof l.quorum === 'number' ? [translate('authority.manualRules.summaryCount', { n: l.quorum })] : []),
    ...(l.rejectRule === 'majority' ? [translate('authority.manualRules.summaryMajority')] : []),
    ...(l.responseHours ? [translate('authority.manualRules.summaryHours', { hours: l.responseHours })] : []),
    ...(l.escalateTo ? [translate('authority.manualRules.summaryEscalates')] : []),
  ];
  /** A change clears the refusal of the field changed, so what is still marked is what is still wrong. */
  const setLevel = (index: number, patch: Partial<LevelDraft>) => {
    setDraft((d) => (d ? { ...d, levels: d.levels.map((x, j) => (j === index ? { ...x, ...patch } : x)) } : d));
    const changed = new Set(Object.keys(patch).map((key) => FIELD_OF[key] ?? key));
    // A response time is refused as missing because the level escalates: changing the escalation answers that too.
    if (changed.has('escalateTo') || changed.has('escalateAfterHours')) changed.add('responseHours');
    setRefused((shown) => {
      const fields = shown.get(index);
      if (!fields) return shown;
      const next = new Map(shown);
      next.set(index, new Set([...fields].filter((field) => !changed.has(field))));
      return next;
    });
  };
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await authorityApi.saveManual(draft.resource, {
        label: draft.label,
        note: draft.note,
        allowSelfApproval: draft.allowSelfApproval,
        roleType: draft.roleType,
        roles: draft.roles,
        levels: draft.levels.map(levelBody),
        ...(draft.expectedVersion !== undefined ? { expectedVersion: draft.expectedVersion } : {}),
      });
      notify('admin.authority.saved', { type: 'success' });
      setDraft(null);
      onChanged();
    } catch (error) {
      const byLevel = error instanceof ApiError ? levelFieldErrors(error.fields) : new Map<number, Set<LevelField>>();
      setRefused(byLevel);
      // A refused level field says why on the field itself; the toast then only points there.
      if (byLevel.size > 0) {
        notify('authority.manualRules.fixFields', { type: 'error' });
        return;
      }
      notify(isConflict(error) ? 'admin.actions.someoneElseFirst' : `error.${errorCodeOf(error)}`, { type: 'error' });
      if (isConflict(error)) onChanged();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card data-testid="manuals">
      <CardContent>
        <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row">
          <Typography variant="h6">{translate('admin.authority.manuals')}</Typography>
          {canEdit && <Button onClick={() => edit()}>{translate('admin.authority.newManual')}</Button>}
        </Stack>
        <ScrollRegion label={translate('admin.authority.manuals')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.authority.process')}</TableCell>
                <TableCell>{translate('admin.authority.label')}</TableCell>
                <TableCell>{translate('admin.authority.levelsAndLimits')}</TableCell>
                <TableCell>{translate('admin.authority.version')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {manuals.map((m) => (
                <TableRow key={m.resource} data-testid={`manual-${m.resource}`}>
                  <TableCell>{resourceLabel(translate, m.resource, false)}</TableCell>
                  <TableCell>{m.label}</TableCell>
                  <TableCell>
                    {m.levels
                      .map((l) => {
                        const rules = ruleWords(l);
                        return `${level(l.level)} ≤ ${l.limit ? formatMoney(l.limit) : translate('admin.authority.noLimit')}${rules.length > 0 ? ` (${rules.join(', ')})` : ''}`;
                      })
                      .join(' · ')}
                  </TableCell>
                  <TableCell>
                    v{m.version} · {formatDateTime(m.updatedAt)}
                  </TableCell>
                  <TableCell>
                    {canEdit && (
                      <Button size="small" onClick={() => edit(m)}>
                        {translate('ra.action.edit')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </CardContent>
      <Dialog
        open={draft !== null}
        onClose={() => setDraft(null)}
        maxWidth="md"
        fullWidth
        fullScreen={phone}
        aria-labelledby="manual-dialog-title"
        data-testid="manual-dialog"
      >
        <DialogTitle id="manual-dialog-title">{translate('admin.authority.manual')}</DialogTitle>
        {draft && (
          <DialogContent>
            <TextField
              select
              fullWidth
              margin="dense"
              label={translate('admin.authority.process')}
              value={draft.resource}
              disabled={draft.expectedVersion !== undefined}
              onChange={(e) => setDraft({ ...draft, resource: e.target.value })}
            >
              {DocumentResources.map((r) => (
                <MenuItem key={r} value={r}>
                  {resourceLabel(translate, r, false)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth
              margin="dense"
              label={translate('admin.authority.label')}
              value={draft.label}
              onChange={(e) => setDraft({ ...draft, label: e.target.value })}
              required
            />
            <TextField
              fullWidth
              margin="dense"
              label={translate('admin.authority.note')}
              value={draft.note}
              onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            />
            {draft.levels.map((l, i) => (
              <LevelRulesFields
                key={l.level}
                draft={l}
                index={i}
                isLast={i === draft.levels.length - 1}
                members={members}
                membersFailure={membersFailure}
                errors={refused.get(i) ?? NO_ERRORS}
                onChange={(patch) => setLevel(i, patch)}
                onRemove={
                  i === draft.levels.length - 1 && i > 0 ? () => setDraft({ ...draft, levels: withoutLastLevel(draft.levels) }) : undefined
                }
              />
            ))}
            {draft.levels.length < VERIFY_LEVELS.length && (
              <Button onClick={() => setDraft({ ...draft, levels: [...draft.levels, emptyLevel(VERIFY_LEVELS[draft.levels.length]!)] })}>
                {translate('admin.authority.addLevel')}
              </Button>
            )}
            <FormControlLabel
              control={
                <Checkbox checked={draft.allowSelfApproval} onChange={(e) => setDraft({ ...draft, allowSelfApproval: e.target.checked })} />
              }
              label={translate('admin.authority.allowSelfApproval')}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={saving || !draft?.label} onClick={() => void save()} data-testid="manual-save">
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
