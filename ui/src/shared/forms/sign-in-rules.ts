// The rules the sign-in page needs (public-area.md §5: both fields required) and the helpers every form's
// rules are built from, apart from rules.ts: rules.ts reaches the shared validation rules of
// packages/contracts and with them libphonenumber and its metadata (about 25 KB compressed), which the
// sign-in page, on the way into the signed-in area, does not need.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const REQUIRED = 'common:field.required';

export const isFilled = (value: unknown): boolean =>
  typeof value === 'string' ? value.trim() !== '' : value === true || (value !== false && value !== null && value !== undefined);

/** Keeps only failing fields, so `Object.keys(errors).length === 0` means valid. */
export function collect<F extends string>(checks: [F, string | null][]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, message] of checks) if (message && !errors[field]) errors[field] = message;
  return errors;
}

export const need = (value: string | boolean) => (isFilled(value) ? null : REQUIRED);

export function validateSignIn(values: { loginEmail: string; loginPassword: string }) {
  return collect<'loginEmail' | 'loginPassword'>([
    ['loginEmail', need(values.loginEmail)],
    ['loginPassword', need(values.loginPassword)],
  ]);
}
