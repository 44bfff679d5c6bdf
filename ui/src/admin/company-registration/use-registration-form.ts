// The registration form's state. The rules (the api's, from contracts) run on every change, but a field's
// message shows only once the field has been left (touched) or a submit was tried, so nobody is told off
// while typing their first letter; a corrected field's message goes at once. The api's own field errors
// show on their fields until the field is changed.
import { useCallback, useMemo, useState } from 'react';
import { FIELD_ORDER, registrationErrors, type FieldName, type RegistrationValues, type TextFieldName } from './registration-form.js';

/** The id of a field's input (the first checkbox for the specialisations), for labels and the focus. */
export const fieldId = (field: FieldName) => `company-${field.replace('.', '-')}`;

export function useRegistrationForm(initial: RegistrationValues) {
  const [values, setValues] = useState<RegistrationValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const errors = useMemo(() => registrationErrors(values), [values]);

  const forget = (field: FieldName) =>
    setServerErrors((old) => {
      if (!(field in old)) return old;
      const rest = { ...old };
      delete rest[field];
      return rest;
    });
  const set = (field: TextFieldName, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    forget(field);
  };
  const setSpecialisations = (list: number[]) => {
    setValues((old) => ({ ...old, cidbSpecialisations: list }));
    forget('cidbSpecialisations');
  };
  const touch = useCallback((field: FieldName) => setTouched((old) => (old.has(field) ? old : new Set(old).add(field))), []);

  /** The translation key of the message a field shows now, if any. */
  const errorOf = (field: FieldName): string | undefined =>
    serverErrors[field] ?? (tried || touched.has(field) ? errors[field] : undefined);

  /** A submit tried: every message shows; true when the rules pass. */
  const attempt = (): boolean => {
    setTried(true);
    return Object.keys(errors).length === 0;
  };

  /** After the render that shows the messages, the first field in error takes the focus (its message is read with it). */
  const focusFirstError = (found: Partial<Record<FieldName, string>> = { ...errors, ...serverErrors }) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) setTimeout(() => document.getElementById(fieldId(first))?.focus(), 0);
  };

  const failOnServer = (fields: Partial<Record<FieldName, string>>) => {
    setServerErrors(fields);
    focusFirstError(fields);
  };

  return { values, set, setSpecialisations, touch, errorOf, attempt, focusFirstError, failOnServer };
}

export type RegistrationForm = ReturnType<typeof useRegistrationForm>;
