// One approval level of a manual in the editor: its limit, how many holders must approve, when a reject ends
// the round, the response time and the escalation. A fieldset per level (its name the legend), so a screen
// reader says which level a field belongs to; the fields wrap to one a line on a phone.
import { useTranslate } from 'react-admin';
import { Box, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { CompanyMember } from '@binaan/contracts';
import type { LoadFailure } from '../layout/load-failure.js';
import { levelErrorKey, type LevelDraft, type LevelField } from './level-rules.js';
import { MemberPicker } from './MemberPicker.js';

type Props = {
  draft: LevelDraft;
  index: number;
  isLast: boolean;
  members: CompanyMember[];
  membersFailure: LoadFailure | null;
  /** Fields the api refused on this level. */
  errors: ReadonlySet<LevelField>;
  onChange: (patch: Partial<LevelDraft>) => void;
  onRemove?: (() => void) | undefined;
};

const FIELD = { minWidth: 200, flex: '1 1 200px' } as const;

export function LevelRulesFields({ draft, index, isLast, members, membersFailure, errors, onChange, onRemove }: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`authority.manualRules.${key}`, options);
  const levelName = translate(`admin.levels.${draft.level}`, { _: String(draft.level) });
  const error = (field: LevelField) => (errors.has(field) ? translate(levelErrorKey(field, draft)) : null);
  const testId = (field: string) => ({ htmlInput: { 'data-testid': `level-${index}-${field}` } });
  return (
    <Box
      component="fieldset"
      data-testid={`manual-level-${index}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, pt: 0.5, mt: 1.5, minWidth: 0 }}
    >
      <Box component="legend" sx={{ px: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {levelName}
        </Typography>
      </Box>
      {onRemove && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <IconButton aria-label={t('removeLevel', { level: levelName })} onClick={onRemove} size="small">
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
        <TextField
          size="small"
          sx={FIELD}
          label={translate('admin.authority.limit')}
          value={draft.limit}
          error={errors.has('limit')}
          helperText={error('limit') ?? translate('admin.authority.limitHelp')}
          onChange={(e) => onChange({ limit: e.target.value })}
          slotProps={testId('limit')}
        />
        <TextField
          select
          size="small"
          sx={FIELD}
          label={t('quorum')}
          value={draft.quorum}
          error={errors.has('quorum') && draft.quorum !== 'count'}
          onChange={(e) => onChange({ quorum: e.target.value as LevelDraft['quorum'] })}
          slotProps={testId('quorum')}
        >
          <MenuItem value="any">{t('quorumAny')}</MenuItem>
          <MenuItem value="all">{t('quorumAll')}</MenuItem>
          <MenuItem value="count">{t('quorumCount')}</MenuItem>
        </TextField>
        {draft.quorum === 'count' && (
          <TextField
            size="small"
            sx={FIELD}
            label={t('quorumNumber')}
            value={draft.quorumCount}
            required
            error={errors.has('quorum')}
            helperText={error('quorum') ?? t('quorumNumberHelp')}
            onChange={(e) => onChange({ quorumCount: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `level-${index}-quorum-count` } }}
          />
        )}
        <TextField
          select
          size="small"
          sx={FIELD}
          label={t('rejectRule')}
          value={draft.rejectRule}
          error={errors.has('rejectRule')}
          helperText={error('rejectRule') ?? undefined}
          onChange={(e) => onChange({ rejectRule: e.target.value as LevelDraft['rejectRule'] })}
          slotProps={testId('reject-rule')}
        >
          <MenuItem value="one">{t('rejectOne')}</MenuItem>
          <MenuItem value="majority">{t('rejectMajority')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          sx={FIELD}
          label={t('responseHours')}
          value={draft.responseHours}
          error={errors.has('responseHours')}
          helperText={error('responseHours') ?? t('responseHoursHelp')}
          onChange={(e) => onChange({ responseHours: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `level-${index}-response-hours` } }}
        />
        <TextField
          size="small"
          sx={FIELD}
          label={t('escalateAfterHours')}
          value={draft.escalateAfterHours}
          error={errors.has('escalateAfterHours')}
          helperText={error('escalateAfterHours') ?? t('escalateAfterHoursHelp')}
          onChange={(e) => onChange({ escalateAfterHours: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `level-${index}-escalate-after` } }}
        />
        <TextField
          select
          size="small"
          sx={FIELD}
          label={t('escalateTo')}
          value={draft.escalateTo}
          error={errors.has('escalateTo') && draft.escalateTo !== 'user'}
          helperText={(draft.escalateTo !== 'user' && error('escalateTo')) || undefined}
          onChange={(e) => onChange({ escalateTo: e.target.value as LevelDraft['escalateTo'] })}
          slotProps={testId('escalate-to')}
        >
          <MenuItem value="nobody">{t('escalateNobody')}</MenuItem>
          <MenuItem value="user">{t('escalateMember')}</MenuItem>
          {/* The last level has no next level; a value kept from before still shows until changed. */}
          {(!isLast || draft.escalateTo === 'nextLevel') && <MenuItem value="nextLevel">{t('escalateNextLevel')}</MenuItem>}
        </TextField>
        {draft.escalateTo === 'user' && (
          <Box sx={FIELD}>
            <MemberPicker
              members={members}
              value={draft.escalateUserId}
              onChange={(id) => onChange({ escalateUserId: id })}
              testId={`level-${index}-escalate`}
              label={t('escalateMemberLabel')}
              help={error('escalateTo') ?? undefined}
              failure={membersFailure}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
