// A partner's or client's evaluations (signed-in-area.md §2.5 "partner evaluations and checklists"): the
// company's earlier evaluations of it, newest first, and a new one scored with one of the company's active
// vendor appraisal checklists (company setups). The score shown before saving is the api's own formula.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { appraisalScorePercent, type PartnerEvaluationRow, type SetupItemRow } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { listSetupItems } from '../setups/setups-api.js';
import { evaluatePartner, partnerEvaluations } from './business-network-api.js';

type Refusal = { code: string; fields: Record<string, string[]> };

export function PartnerEvaluationDialog({ companyId, name, onClose }: { companyId: string; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`network.evaluation.${key}`, options);
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [earlier, setEarlier] = useState<PartnerEvaluationRow[] | null>(null);
  const [checklists, setChecklists] = useState<SetupItemRow[] | null>(null);
  const [checklistId, setChecklistId] = useState('');
  const [scores, setScores] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState<PartnerEvaluationRow | null>(null);

  const loadEarlier = useCallback(() => {
    partnerEvaluations(companyId).then(setEarlier, (error: unknown) => {
      setEarlier([]);
      setRefused({ code: errorCodeOf(error), fields: {} });
    });
  }, [companyId]);
  useEffect(loadEarlier, [loadEarlier]);
  useEffect(() => {
    // A company keeps a handful of checklists; only its active vendor appraisal ones score a partner.
    listSetupItems('questionnaire', 'active', '', 0, 50).then(
      (page) => {
        const usable = page.rows.filter((q) => q.type === 'vendorAppraisal' && (q.questions?.length ?? 0) > 0);
        setChecklists(usable);
        if (usable.length === 1) setChecklistId(usable[0]!.id);
      },
      () => setChecklists([]),
    );
  }, []);

  const checklist = checklists?.find((q) => q.id === checklistId) ?? null;
  const questions = [...(checklist?.questions ?? [])].sort((a, b) => a.sequence - b.sequence);
  const min = checklist?.minScore ?? 0;
  const max = checklist?.maxScore ?? 0;
  const numbers = questions.map((q) => ({
    questionId: q.id,
    score: /^-?\d+$/.test(scores[q.id]?.trim() ?? '') ? Number(scores[q.id]) : NaN,
  }));
  const complete = questions.length > 0 && numbers.every((s) => s.score >= min && s.score <= max);
  const preview = checklist && complete ? appraisalScorePercent({ minScore: min, maxScore: max, questions }, numbers) : null;
  const fieldError = (name: string) => refused?.fields[name]?.join(', ');

  const save = async () => {
    if (!checklist) return;
    setBusy(true);
    setRefused(null);
    try {
      const made = await evaluatePartner(companyId, {
        questionnaireId: checklist.id,
        scores: Object.fromEntries(numbers.map((s) => [s.questionId, s.score])),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      setSaved(made);
      setScores({});
      setRemark('');
      loadEarlier();
    } catch (error) {
      setRefused({ code: errorCodeOf(error), fields: error instanceof ApiError ? (error.fields ?? {}) : {} });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby={titleId} data-testid="partner-evaluation">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('title', { company: name })}
      </DialogTitle>
      <DialogContent>
        {saved && (
          <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="partner-evaluation-saved">
            {t('saved', { score: saved.score.toFixed(2) })}
          </Alert>
        )}
        {refused && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(`network.errors.${refused.code}`, { _: translate(`error.${refused.code}`, { _: translate('error.unknownError') }) })}
          </Alert>
        )}
        <Typography variant="h6" component="h3" gutterBottom>
          {t('new')}
        </Typography>
        {!checklists && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {checklists && checklists.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="partner-evaluation-no-checklist">
            {t('noChecklist')}
          </Alert>
        )}
        {checklists && checklists.length > 0 && (
          <Box component="form" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
            <TextField
              select
              fullWidth
              margin="dense"
              label={t('checklist')}
              value={checklistId}
              onChange={(e) => {
                setChecklistId(e.target.value);
                setScores({});
              }}
              error={Boolean(fieldError('questionnaireId'))}
              helperText={fieldError('questionnaireId')}
              data-testid="partner-evaluation-checklist"
            >
              {checklists.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
            {checklist && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('scale', { min, max })}
              </Typography>
            )}
            {questions.map((q) => (
              <TextField
                key={q.id}
                fullWidth
                margin="dense"
                label={q.text}
                value={scores[q.id] ?? ''}
                onChange={(e) => setScores((s) => ({ ...s, [q.id]: e.target.value }))}
                slotProps={{
                  htmlInput: { min, max, step: 1, inputMode: 'numeric', 'data-testid': `partner-evaluation-score-${q.sequence}` },
                }}
                error={Boolean(fieldError(`scores.${q.id}`))}
                helperText={fieldError(`scores.${q.id}`) ?? t('weight', { weight: q.weight })}
              />
            ))}
            {checklist && (
              <TextField
                fullWidth
                multiline
                minRows={2}
                margin="dense"
                label={t('remark')}
                value={remark}
                onChange={(e) => setRemark(e.target.value)}
                error={Boolean(fieldError('remark'))}
                helperText={fieldError('remark')}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            )}
            {checklist && (
              <Typography sx={{ mt: 1 }} aria-live="polite" data-testid="partner-evaluation-preview">
                {preview === null ? t('scoreEach', { min, max }) : t('preview', { score: preview.toFixed(2) })}
              </Typography>
            )}
            {checklist && (
              <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy || !complete} data-testid="partner-evaluation-save">
                {t('save')}
              </Button>
            )}
          </Box>
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 3 }} gutterBottom>
          {t('earlier')}
        </Typography>
        {!earlier && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {earlier && earlier.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
        {earlier && earlier.length > 0 && (
          <List dense data-testid="partner-evaluations">
            {earlier.map((e) => (
              <ListItem key={e.id} disableGutters data-testid="partner-evaluation-row">
                <ListItemText
                  primary={t('row', { score: e.score.toFixed(2), checklist: e.questionnaireName })}
                  secondary={[formatDateTime(e.evaluatedAt), e.evaluatedByName ?? '', e.remark ?? ''].filter(Boolean).join(' · ')}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="partner-evaluation-close">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
