// A budget line's fields (trade code, description, amount), for adding a line or editing one in place.
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Stack, TextField } from '@mui/material';

export type LineFields = { code: string; description: string; amount: string };

export function BudgetLineForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  idPrefix,
}: {
  initial: LineFields;
  busy: boolean;
  submitLabel: string;
  idPrefix: string;
  onSubmit: (fields: LineFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const [fields, setFields] = useState(initial);
  const [touched, setTouched] = useState(false);
  const codeMissing = touched && fields.code.trim() === '';
  const amountBad = touched && !/^\d{1,13}(\.\d{1,2})?$/.test(fields.amount.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (fields.code.trim() === '' || !/^\d{1,13}(\.\d{1,2})?$/.test(fields.amount.trim())) return;
    if ((await onSubmit({ ...fields, amount: fields.amount.trim() })) && !onCancel) {
      setFields(initial);
      setTouched(false);
    }
  };
  const set = (key: keyof LineFields) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, my: 1 }}
      useFlexGap
    >
      <TextField
        id={`${idPrefix}-code`}
        size="small"
        required
        label={translate('admin.budget.columns.code')}
        value={fields.code}
        onChange={set('code')}
        error={codeMissing}
        helperText={codeMissing ? translate('admin.plans.required') : ' '}
        slotProps={{ htmlInput: { maxLength: 40 } }}
        sx={{ width: { sm: '10rem' } }}
      />
      <TextField
        id={`${idPrefix}-description`}
        size="small"
        label={translate('admin.budget.columns.description')}
        value={fields.description}
        onChange={set('description')}
        helperText=" "
        sx={{ flex: { sm: 1 }, minWidth: { sm: 160 } }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <TextField
        id={`${idPrefix}-amount`}
        size="small"
        required
        label={translate('admin.budget.columns.budget')}
        value={fields.amount}
        onChange={set('amount')}
        error={amountBad}
        helperText={amountBad ? translate('admin.budget.amountHelp') : ' '}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { sm: '10rem' } }}
      />
      <Stack direction="row" spacing={1} sx={{ pt: { sm: 0.5 } }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
