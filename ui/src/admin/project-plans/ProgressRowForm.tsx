// One BQ row's plan: planned start and end (while the dates may change) and percent complete.
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Stack, TextField } from '@mui/material';
import type { ProgressEntryView } from '@binaan/contracts';

export type RowFields = { plannedStart: string; plannedEnd: string; percentComplete: string };

export function ProgressRowForm({
  entry,
  datesEditable,
  busy,
  onSubmit,
  onCancel,
}: {
  entry: ProgressEntryView;
  datesEditable: boolean;
  busy: boolean;
  onSubmit: (body: Record<string, unknown>) => Promise<boolean>;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [fields, setFields] = useState<RowFields>({
    plannedStart: entry.plannedStart ?? '',
    plannedEnd: entry.plannedEnd ?? '',
    percentComplete: entry.percentComplete ?? '',
  });
  const endBeforeStart = fields.plannedStart !== '' && fields.plannedEnd !== '' && fields.plannedEnd < fields.plannedStart;
  const percent = fields.percentComplete.trim();
  const percentBad = percent !== '' && !(/^\d{1,3}(\.\d{1,2})?$/.test(percent) && Number(percent) <= 100);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (endBeforeStart || percentBad) return;
    const body: Record<string, unknown> = {};
    if (datesEditable) Object.assign(body, { plannedStart: fields.plannedStart || null, plannedEnd: fields.plannedEnd || null });
    if (percent !== '') body.percentComplete = percent;
    if (Object.keys(body).length === 0 || (await onSubmit(body))) onCancel();
  };
  const set = (key: keyof RowFields) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });
  const id = `progress-${entry.nodeId}`;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, my: 1 }}
      useFlexGap
      aria-label={translate('admin.progress.editTitle', { title: entry.title })}
      data-testid="progress-form"
    >
      <TextField
        id={`${id}-start`}
        type="date"
        size="small"
        label={translate('admin.progress.columns.start')}
        value={fields.plannedStart}
        onChange={set('plannedStart')}
        disabled={!datesEditable}
        helperText=" "
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id={`${id}-end`}
        type="date"
        size="small"
        label={translate('admin.progress.columns.end')}
        value={fields.plannedEnd}
        onChange={set('plannedEnd')}
        disabled={!datesEditable}
        error={endBeforeStart}
        helperText={endBeforeStart ? translate('error.progressEndBeforeStart') : ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id={`${id}-percent`}
        size="small"
        label={translate('admin.progress.columns.percent')}
        value={fields.percentComplete}
        onChange={set('percentComplete')}
        error={percentBad}
        helperText={percentBad ? translate('error.progressPercentOver100') : translate('admin.progress.percentHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="progress-save">
          {translate('ra.action.save')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
