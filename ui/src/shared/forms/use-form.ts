// Forms as public-area.md §5 wants them: validation runs on submit (not on change), and a field's error
// shows only once the field has been touched (blurred, or any submit attempt touches them all).

import { useCallback, useState, type FormEvent } from 'react';

export function useForm<V extends Record<string, unknown>>(initial: V, validate: (values: V) => Partial<Record<keyof V, string>>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => setValues((old) => ({ ...old, [field]: value })), []);
  const touch = useCallback((field: keyof V) => setTouched((old) => ({ ...old, [field]: true })), []);

  /** Runs the rules; on failure touches every field so all errors show. */
  const check = useCallback((): boolean => {
    const found = validate(values);
    setErrors(found);
    const ok = Object.keys(found).length === 0;
    if (!ok) setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Partial<Record<keyof V, boolean>>);
    return ok;
  }, [validate, values]);

  /** On a failed submit the focus goes to the first field in error (its error is read with it: aria-describedby). */
  const onSubmit = (action: (values: V) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    if (check()) {
      void action(values);
      return;
    }
    const form = event.currentTarget as HTMLElement | null;
    // After the render that marks the fields invalid.
    setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const errorOf = (field: keyof V): string | undefined => (touched[field] ? errors[field] : undefined);

  return { values, setValues, set, touch, errors, errorOf, check, onSubmit };
}
