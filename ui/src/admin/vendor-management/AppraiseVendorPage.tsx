// Appraise a vendor: pick the vendor (from the directory, or the one named by ?vendorId=) and one of the company's
// active vendor appraisal questionnaires, score each question on its scale, add a remark; the weighted score shows
// as it will be recorded (the same formula as the api's, from packages/contracts).
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { appraisalScorePercent, type SetupItemRow } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { listSetupItems } from '../setups/setups-api.js';
import { AppraisalSummaryNote } from './AppraisalSummaryNote.js';
import { APPRAISALS_PATH, appraisalPath, appraiseVendor } from './vendor-appraisals-api.js';
import { VendorPicker, type PickedVendor } from './VendorPicker.js';

export function AppraiseVendorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`vendors.form.${key}`, options);
  const [params] = useSearchParams();
  const [vendor, setVendor] = useState<PickedVendor | null>(null);
  const [questionnaires, setQuestionnaires] = useState<SetupItemRow[] | null>(null);
  const [questionnaireId, setQuestionnaireId] = useState('');
  const [scores, setScores] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ code: string; fields: Record<string, string[]> } | null>(null);

  useEffect(() => {
    // A company keeps a handful of questionnaires; only the vendor appraisal ones score a vendor.
    listSetupItems('questionnaire', 'active', '', 0, 50).then(
      (page) => {
        const usable = page.rows.filter((q) => q.type === 'vendorAppraisal');
        setQuestionnaires(usable);
        if (usable.length === 1) setQuestionnaireId(usable[0]!.id);
      },
      () => setQuestionnaires([]),
    );
  }, []);
  useEffect(() => {
    const vendorId = params.get('vendorId');
    if (!vendorId) return;
    adminJson<PickedVendor>(`/api/company/directory/${encodeURIComponent(vendorId)}`).then(setVendor, () => setVendor(null));
  }, [params]);

  const questionnaire = questionnaires?.find((q) => q.id === questionnaireId) ?? null;
  const questions = questionnaire?.questions ?? [];
  const min = questionnaire?.minScore ?? 0;
  const max = questionnaire?.maxScore ?? 0;
  const numbers = questions.map((q) => ({
    questionId: q.id,
    score: /^-?\d+$/.test(scores[q.id]?.trim() ?? '') ? Number(scores[q.id]) : NaN,
  }));
  const inRange = numbers.every((s) => s.score >= min && s.score <= max);
  const preview = questionnaire && inRange ? appraisalScorePercent({ minScore: min, maxScore: max, questions }, numbers) : null;
  const fieldError = (name: string) => {
    const problems = refused?.fields[name];
    return problems ? problems.map((p) => t(`problems.${p.split(':')[0]}`, { _: p })).join(', ') : undefined;
  };

  const save = async () => {
    if (!vendor || !questionnaire) return;
    setBusy(true);
    setRefused(null);
    try {
      const made = await appraiseVendor({
        vendorId: vendor.id,
        questionnaireId: questionnaire.id,
        scores: numbers,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      notify('vendors.form.saved', { type: 'success' });
      navigate(appraisalPath(made.id));
    } catch (error) {
      setRefused({ code: errorCodeOf(error), fields: error instanceof ApiError ? (error.fields ?? {}) : {} });
    } finally {
      setBusy(false);
    }
  };

  const title = t('title');
  return (
    <Card sx={{ mt: 2 }} data-testid="appraise-vendor-page">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
        >
          <Box>
            <VendorPicker
              value={vendor}
              onChange={setVendor}
              label={translate('vendors.list.vendor')}
              helperText={translate('vendors.list.vendorHelp')}
              testId="appraisal-vendor"
              required
              error={fieldError('vendorId')}
            />
            {vendor && <AppraisalSummaryNote summary={vendor.appraisal} sx={{ mt: 1 }} />}
          </Box>
          {questionnaires?.length === 0 && <Alert severity="info">{t('noQuestionnaire')}</Alert>}
          {questionnaires && questionnaires.length > 0 && (
            <TextField
              select
              required
              label={t('questionnaire')}
              helperText={fieldError('questionnaireId') ?? t('questionnaireHelp')}
              error={Boolean(fieldError('questionnaireId'))}
              value={questionnaireId}
              onChange={(e) => {
                setQuestionnaireId(e.target.value);
                setScores({});
              }}
              slotProps={{ htmlInput: { 'data-testid': 'appraisal-questionnaire' } }}
            >
              {questionnaires.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {questionnaire && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {t('scores')}
              </Typography>
              {questions.map((q, index) => {
                const error = fieldError(`scores[${index}].score`);
                return (
                  <TextField
                    key={q.id}
                    type="number"
                    required
                    label={`${q.sequence}. ${q.text}`}
                    helperText={error ?? t('scoreHelp', { min, max, weight: q.weight })}
                    error={Boolean(error)}
                    value={scores[q.id] ?? ''}
                    onChange={(e) => setScores((before) => ({ ...before, [q.id]: e.target.value }))}
                    slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric', 'data-testid': `appraisal-score-${q.sequence}` } }}
                  />
                );
              })}
              <Typography data-testid="appraisal-preview" aria-live="polite" sx={{ fontWeight: 600 }}>
                {preview === null ? t('previewPending') : t('preview', { percent: preview })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('formula')}
              </Typography>
            </Box>
          )}
          <TextField
            multiline
            minRows={2}
            label={t('remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            error={Boolean(fieldError('remark'))}
            helperText={fieldError('remark')}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'appraisal-remark' } }}
          />
          {refused && (
            <Alert severity="error" data-testid="appraisal-refused">
              {translate(`error.${refused.code}`, { _: translate('error.unknownError') })}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy || !vendor || preview === null} data-testid="appraisal-save">
              {t('save')}
            </Button>
            <Button component={Link} to={APPRAISALS_PATH}>
              {t('cancel')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
