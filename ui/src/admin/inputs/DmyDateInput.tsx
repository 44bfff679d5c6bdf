// Date and date-time inputs typed as DD/MM/YYYY (h:mm AM/PM): react-admin inputs over a text field
// (date-text.ts says why not the browser's date input). The form holds what the api takes (YYYY-MM-DD, an
// ISO time, or null). In a form, text that is not a date yet is kept so the form's check refuses it on its
// field; in a list's filter it is simply not applied until it is a date, so no half-typed date is sent.
import { useEffect, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { TextField } from '@mui/material';
import { parseDmy, parseDmyTime, showDmy } from './date-text.js';

type Props = Omit<InputProps, 'format' | 'parse'> & { withTime?: boolean; filter?: boolean; sx?: object };

/** For a form's validate: the key of the message when a date field holds text that is not a date. */
export const isDmyValue = (value: unknown, withTime = false) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'string' && (withTime ? !Number.isNaN(Date.parse(value)) && value.includes('T') : /^\d{4}-\d{2}-\d{2}$/.test(value)));

export function DmyDateInput({ withTime = false, filter = false, label, helperText, sx, ...props }: Props) {
  const translate = useTranslate();
  const format = withTime ? 'admin.inputs.dateTimeFormat' : 'admin.inputs.dateFormat';
  const { field, fieldState, isRequired } = useInput({
    ...props,
    validate: [
      (value: unknown) =>
        isDmyValue(value, withTime) ? undefined : translate(withTime ? 'admin.inputs.notADateTime' : 'admin.inputs.notADate'),
      ...(Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : []),
    ],
  });
  const [text, setText] = useState(() => showDmy(field.value, withTime));
  // A value set from outside (a reset, a saved filter, the record) shows in the field.
  useEffect(() => {
    const parsed = (withTime ? parseDmyTime : parseDmy)(text);
    if (parsed !== field.value && !(parsed === null && (field.value === undefined || field.value === ''))) {
      if (parsed !== undefined || !filter) setText(showDmy(field.value, withTime));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored value changes
  }, [field.value]);
  const onChange = (next: string) => {
    setText(next);
    const parsed = (withTime ? parseDmyTime : parseDmy)(next);
    if (parsed !== undefined) field.onChange(parsed);
    else if (!filter) field.onChange(next);
  };
  const typedWrong = filter && text.trim() !== '' && (withTime ? parseDmyTime : parseDmy)(text) === undefined;
  const error = fieldState.invalid && (fieldState.isTouched || fieldState.isDirty);
  return (
    <TextField
      value={text}
      onChange={(e) => onChange(e.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      size="small"
      variant="filled"
      sx={{ minWidth: withTime ? 240 : 180, ...sx }}
      label={
        label !== false ? <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} /> : undefined
      }
      placeholder={translate(format)}
      error={error || typedWrong}
      helperText={
        error ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : typedWrong ? (
          translate(withTime ? 'admin.inputs.notADateTime' : 'admin.inputs.notADate')
        ) : helperText ? (
          <InputHelperText helperText={helperText} />
        ) : (
          translate(format)
        )
      }
      slotProps={{ htmlInput: { 'data-testid': `date-${props.source}`, inputMode: 'numeric' } }}
    />
  );
}
