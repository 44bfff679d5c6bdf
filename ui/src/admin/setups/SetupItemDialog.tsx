// Create or edit one setup item: a code (profit parameter) or a name, a description, and for a questionnaire its
// type, score range and questions. Questions are reordered with Move up / Move down (keyboard first: each button
// names its question, and focus follows the question moved); their order is their sequence. The server checks
// everything and names each broken field (error.<code> under it); "item with the same name exists" on the name.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { QuestionnaireTypes, SetupRules, type SetupItemRow, type SetupKind } from '@binaan/contracts';
import { ApiError } from '../../shared/api/client.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { createSetupItem, editSetupItem } from './setups-api.js';

type Question = { key: string; id?: string; text: string; weight: string };
type Values = {
  name: string;
  description: string;
  type: string;
  minScore: string;
  maxScore: string;
  questions: Question[];
  reason: string;
};

let made = 0;
const newKey = () => `new-${++made}`;
const empty = (): Values => ({
  name: '',
  description: '',
  type: 'tenderEvaluation',
  minScore: '0',
  maxScore: '100',
  questions: [{ key: newKey(), text: '', weight: '1' }],
  reason: '',
});
const fromItem = (item: SetupItemRow): Values => ({
  name: item.name,
  description: item.description,
  type: item.type ?? 'tenderEvaluation',
  minScore: String(item.minScore ?? 0),
  maxScore: String(item.maxScore ?? 100),
  questions: (item.questions ?? []).map((q) => ({ key: q.id, id: q.id, text: q.text, weight: String(q.weight) })),
  reason: '',
});

/** The body the api takes: whole numbers as numbers, questions in the order shown. */
export function toSetupBody(kind: SetupKind, values: Values): Record<string, unknown> {
  const body: Record<string, unknown> =
    kind === 'profitParameter'
      ? { code: values.name, description: values.description }
      : { name: values.name, description: values.description };
  if (kind === 'questionnaire') {
    Object.assign(body, {
      type: values.type,
      minScore: Number(values.minScore),
      maxScore: Number(values.maxScore),
      questions: values.questions.map((q) => ({ ...(q.id ? { id: q.id } : {}), text: q.text, weight: Number(q.weight) })),
    });
  }
  if (values.reason.trim()) body.reason = values.reason.trim();
  return body;
}

export function SetupItemDialog({
  kind,
  editing,
  onClose,
}: {
  kind: SetupKind;
  editing: { item: SetupItemRow | null } | null;
  onClose: (saved: boolean) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.${key}`, options);
  const titleId = useId();
  const [values, setValues] = useState<Values>(empty());
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValues(editing?.item ? fromItem(editing.item) : empty());
    setFields({});
    setError(null);
  }, [editing]);

  const nameField = kind === 'profitParameter' ? 'code' : 'name';
  const fieldError = (field: string) => {
    const codes = fields[field];
    return codes && codes.length > 0
      ? translate(`setups.fieldErrors.${codes[0]}`, { _: translate(`error.${codes[0]}`, { _: codes[0] }) })
      : undefined;
  };
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const setQuestion = (index: number, patch: Partial<Question>) =>
    set({ questions: values.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...values.questions];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    set({ questions: next });
    // Focus follows the question moved, on the same button when it can still move that way.
    requestAnimationFrame(() => {
      const at = index + by;
      const target =
        document.querySelector<HTMLButtonElement>(`[data-testid="question-${by < 0 ? 'up' : 'down'}-${at}"]:not([disabled])`) ??
        document.querySelector<HTMLButtonElement>(`[data-testid="question-text-${at}"] input`);
      target?.focus();
    });
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const body = toSetupBody(kind, values);
      if (editing?.item) await editSetupItem(kind, editing.item.id, editing.item.revision, body);
      else await createSetupItem(kind, body);
      onClose(true);
    } catch (e) {
      setError(errorCodeOf(e));
      if (e instanceof ApiError) setFields(e.fields);
    } finally {
      setBusy(false);
    }
  };

  const title = t(editing?.item ? 'editTitle' : `kinds.${kind}.create`, { name: editing?.item?.name ?? '' });
  return (
    <Dialog
      open={editing !== null}
      onClose={() => !busy && onClose(false)}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="setup-dialog"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          required
          label={t(kind === 'profitParameter' ? 'fields.code' : 'fields.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={fieldError(nameField) !== undefined}
          helperText={fieldError(nameField) ?? (kind === 'profitParameter' ? t('help.code') : undefined)}
          slotProps={{
            htmlInput: { maxLength: kind === 'profitParameter' ? SetupRules.code.max : SetupRules.name.max, 'data-testid': 'setup-name' },
          }}
        />
        <TextField
          fullWidth
          margin="dense"
          multiline
          minRows={2}
          label={t('fields.description')}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
          error={fieldError('description') !== undefined}
          helperText={fieldError('description')}
          slotProps={{ htmlInput: { maxLength: SetupRules.description.max, 'data-testid': 'setup-description' } }}
        />
        {kind === 'questionnaire' && (
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                margin="dense"
                label={t('fields.type')}
                value={values.type}
                onChange={(e) => set({ type: e.target.value })}
                sx={{ flex: '1 1 220px' }}
                error={fieldError('type') !== undefined}
                helperText={fieldError('type')}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'setup-type' } as object } }}
              >
                {QuestionnaireTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`questionnaireTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                margin="dense"
                type="number"
                label={t('fields.minScore')}
                value={values.minScore}
                onChange={(e) => set({ minScore: e.target.value })}
                sx={{ flex: '1 1 120px' }}
                error={fieldError('minScore') !== undefined}
                helperText={fieldError('minScore')}
                slotProps={{ htmlInput: { min: 0, max: SetupRules.score.max, 'data-testid': 'setup-min' } }}
              />
              <TextField
                margin="dense"
                type="number"
                label={t('fields.maxScore')}
                value={values.maxScore}
                onChange={(e) => set({ maxScore: e.target.value })}
                sx={{ flex: '1 1 120px' }}
                error={fieldError('maxScore') !== undefined}
                helperText={fieldError('maxScore') ?? t('help.scores')}
                slotProps={{ htmlInput: { min: 1, max: SetupRules.score.max, 'data-testid': 'setup-max' } }}
              />
            </Box>
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
              {t('questions')}
            </Typography>
            {fieldError('questions') && (
              <Alert severity="error" sx={{ my: 1 }}>
                {fieldError('questions')}
              </Alert>
            )}
            <Box component="ol" aria-label={t('questions')} sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
              {values.questions.map((question, index) => (
                <Box
                  component="li"
                  key={question.key}
                  data-testid="question-row"
                  sx={{
                    display: 'flex',
                    gap: 1,
                    flexWrap: 'wrap',
                    alignItems: 'flex-start',
                    borderBottom: 1,
                    borderColor: 'divider',
                    pb: 1,
                  }}
                >
                  <Typography sx={{ pt: 2, minWidth: 24 }} aria-hidden="true">
                    {index + 1}.
                  </Typography>
                  <TextField
                    margin="dense"
                    required
                    label={t('fields.questionText', { n: index + 1 })}
                    value={question.text}
                    onChange={(e) => setQuestion(index, { text: e.target.value })}
                    sx={{ flex: '1 1 260px' }}
                    error={fieldError(`questions[${index}].text`) !== undefined}
                    helperText={fieldError(`questions[${index}].text`)}
                    slotProps={{ htmlInput: { maxLength: SetupRules.questionText.max, 'data-testid': `question-text-${index}` } }}
                    data-testid={`question-text-${index}`}
                  />
                  <TextField
                    margin="dense"
                    type="number"
                    label={t('fields.weight')}
                    value={question.weight}
                    onChange={(e) => setQuestion(index, { weight: e.target.value })}
                    sx={{ width: 110 }}
                    error={fieldError(`questions[${index}].weight`) !== undefined}
                    helperText={fieldError(`questions[${index}].weight`)}
                    slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': `question-weight-${index}` } }}
                  />
                  <Box sx={{ display: 'flex', pt: 1 }}>
                    <IconButton
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('moveUp', { n: index + 1 })}
                      data-testid={`question-up-${index}`}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      disabled={index === values.questions.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('moveDown', { n: index + 1 })}
                      data-testid={`question-down-${index}`}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <IconButton
                      disabled={values.questions.length === 1}
                      onClick={() => set({ questions: values.questions.filter((_, i) => i !== index) })}
                      aria-label={t('removeQuestion', { n: index + 1 })}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Box>
                </Box>
              ))}
            </Box>
            <Button
              sx={{ mt: 1 }}
              disabled={values.questions.length >= SetupRules.questions.max}
              onClick={() => set({ questions: [...values.questions, { key: newKey(), text: '', weight: '1' }] })}
              data-testid="question-add"
            >
              {t('addQuestion')}
            </Button>
          </>
        )}
        <TextField
          fullWidth
          margin="dense"
          label={t('fields.reason')}
          value={values.reason}
          onChange={(e) => set({ reason: e.target.value })}
          helperText={t('help.reason')}
          slotProps={{ htmlInput: { maxLength: SetupRules.reason.max, 'data-testid': 'setup-reason' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="setup-error">
            {translate(`error.${error}`, { _: translate('error.unknownError') })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" disabled={busy || values.name.trim() === ''} onClick={() => void save()} data-testid="setup-save">
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
