// The registration form's inputs: MUI text fields and native selects (a phone's own picker, and the
// keyboard's) labelled by their label, their message tied to them (aria-describedby) and aria-invalid set,
// so the focus can go to the first one in error; the specialisations as a labelled group of checkboxes.
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { fieldId, type RegistrationForm } from './use-registration-form.js';
import type { TextFieldName } from './registration-form.js';

/** The translation key of a field's label or hint: `company.fields.address.line1`. */
const key = (kind: 'fields' | 'hints', field: string) => `company.${kind}.${field}`;

export function Section({ title, intro, children, testId }: { title: string; intro?: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {intro}
          </Typography>
        )}
        {/* One column on a phone, two from a tablet up. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

type TextProps = {
  form: RegistrationForm;
  field: TextFieldName;
  required?: boolean;
  hint?: boolean;
  wide?: boolean;
  upper?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
};

export function TextInput({
  form,
  field,
  required = false,
  hint = false,
  wide = false,
  upper = false,
  type,
  autoComplete,
  inputMode,
  maxLength,
}: TextProps) {
  const translate = useTranslate();
  const error = form.errorOf(field);
  const helper = error ? translate(error) : hint ? translate(key('hints', field)) : undefined;
  return (
    <TextField
      id={fieldId(field)}
      name={field}
      label={translate(key('fields', field))}
      value={form.values[field]}
      required={required}
      fullWidth
      margin="dense"
      type={type}
      error={Boolean(error)}
      helperText={helper}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
      onChange={(event) => form.set(field, upper ? event.target.value.toUpperCase() : event.target.value)}
      onBlur={() => form.touch(field)}
      slotProps={{ htmlInput: { 'data-testid': `field-${field}`, autoComplete: autoComplete ?? 'off', inputMode, maxLength } }}
    />
  );
}

export function SelectInput({
  form,
  field,
  options,
  required = false,
  hint = false,
}: {
  form: RegistrationForm;
  field: TextFieldName;
  options: readonly { value: number; label: string }[];
  required?: boolean;
  hint?: boolean;
}) {
  const translate = useTranslate();
  const error = form.errorOf(field);
  const helper = error ? translate(error) : hint ? translate(key('hints', field)) : undefined;
  return (
    <TextField
      select
      id={fieldId(field)}
      name={field}
      label={translate(key('fields', field))}
      value={form.values[field]}
      required={required}
      fullWidth
      margin="dense"
      error={Boolean(error)}
      helperText={helper}
      onChange={(event) => form.set(field, event.target.value)}
      onBlur={() => form.touch(field)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${field}` } }}
    >
      <option value="">{translate('company.register.choose')}</option>
      {options.map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

export function CheckboxGroup({ form, options }: { form: RegistrationForm; options: readonly { value: number; label: string }[] }) {
  const translate = useTranslate();
  const error = form.errorOf('cidbSpecialisations');
  const helperId = `${fieldId('cidbSpecialisations')}-helper`;
  const chosen = form.values.cidbSpecialisations;
  const toggle = (value: number, on: boolean) =>
    form.setSpecialisations(on ? [...chosen.filter((v) => v !== value), value] : chosen.filter((v) => v !== value));
  return (
    <FormControl
      component="fieldset"
      required
      error={Boolean(error)}
      sx={{ gridColumn: '1 / -1', mt: 1 }}
      data-testid="field-cidbSpecialisations"
    >
      <FormLabel component="legend">{translate(key('fields', 'cidbSpecialisations'))}</FormLabel>
      <FormGroup sx={{ flexDirection: { xs: 'column', sm: 'row' } }}>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={() => form.touch('cidbSpecialisations')}
                slotProps={{
                  input: {
                    id: index === 0 ? fieldId('cidbSpecialisations') : undefined,
                    'aria-invalid': Boolean(error),
                    'aria-describedby': error ? helperId : undefined,
                  } as object,
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText id={helperId}>{translate(error)}</FormHelperText>}
    </FormControl>
  );
}
