// Labelled inputs with their error line (shown once the field is touched, see use-form.ts), the
// password field with its show/hide eye and the password-rule tooltip.

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FieldProps = {
  label: ReactNode;
  /** Shown beside the label but outside it, so it is not part of the field's accessible name (the tooltip). */
  extra?: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
};

export function Field({ label, extra, error, hint, children }: FieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      {extra ? (
        <span className="label-row">
          <label htmlFor={id}>{label}</label>
          {extra}
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children({ id, 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': errorId } : {}) })}
      {hint && !error && <span className="field-hint">{hint}</span>}
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  value: string;
  onValue: (value: string) => void;
};

export function TextField({ label, error, hint, value, onValue, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(aria) => <input type="text" {...rest} {...aria} value={value} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

export function PasswordField({ label, error, hint, value, onValue, tooltip, ...rest }: InputProps & { tooltip?: boolean }) {
  const [shown, setShown] = useState(false);
  const { t } = useTranslation(['common', 'public']);
  const tip = tooltip ? (
    // A button, so the keyboard reaches it and its label is allowed (a focusable span may not carry aria-label).
    <button type="button" className="tooltip" aria-label={t('public:password.tooltip')}>
      <span aria-hidden="true">ⓘ</span>
      <span className="tip" role="tooltip" aria-hidden="true">
        {t('public:password.tooltip')}
      </span>
    </button>
  ) : undefined;
  return (
    <Field label={label} extra={tip} error={error} hint={hint}>
      {(aria) => (
        <span className="password-wrap">
          <input type={shown ? 'text' : 'password'} {...rest} {...aria} value={value} onChange={(event) => onValue(event.target.value)} />
          <button
            type="button"
            className="eye"
            aria-label={shown ? t('common:actions.hidePassword') : t('common:actions.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOff /> : <Eye />}
          </button>
        </span>
      )}
    </Field>
  );
}

const Eye = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path fill="currentColor" d="M12 5c-7 0-10 7-10 7s3 7 10 7 10-7 10-7-3-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z" />
  </svg>
);
const EyeOff = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path
      fill="currentColor"
      d="M2 4.3 3.3 3 21 20.7 19.7 22l-3.1-3.1A11 11 0 0 1 12 19c-7 0-10-7-10-7a17 17 0 0 1 4.1-5.2L2 4.3ZM12 5c7 0 10 7 10 7a17 17 0 0 1-3 4.3l-3.1-3.1A4 4 0 0 0 10.8 8L8.6 5.8A10 10 0 0 1 12 5Z"
    />
  </svg>
);

export function CheckboxField({
  checked,
  onChecked,
  error,
  children,
  name,
}: {
  checked: boolean;
  onChecked: (value: boolean) => void;
  error?: string | undefined;
  children: ReactNode;
  name: string;
}) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="checkbox" htmlFor={id} style={{ fontWeight: 400 }}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': `${id}-error` } : {})}
          onChange={(event) => onChecked(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}
