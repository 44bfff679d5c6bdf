// The phone input of every form (public-area.md §5): react-phone-input-2 limited to the offered
// countries, Malaysia preferred, the dial code not editable, the my and th masks. It reports the stored
// form (the E.164 number however it was typed after the dial code, + and the digits while it is no valid
// number, or '' when only the dial code is there) and keeps showing what was typed. The CJS default is
// unwrapped because Vite 8 hands the module object to React otherwise (stack.md pitfall 2).

import * as PhoneModule from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';
import { useState, type ComponentType } from 'react';
import { PHONE_COUNTRIES, PHONE_MASKS, PHONE_MAX_DIGITS, PREFERRED_COUNTRY, PREFERRED_DIAL_CODE, toStoredPhone } from './phone.js';

type PhoneInputProps = {
  country?: string;
  value?: string;
  onlyCountries?: string[];
  preferredCountries?: string[];
  countryCodeEditable?: boolean;
  masks?: Record<string, string>;
  enableLongNumbers?: boolean | number;
  disabled?: boolean;
  inputProps?: Record<string, unknown>;
  onChange?: (value: string, data: { dialCode?: string; countryCode?: string }) => void;
  onBlur?: () => void;
  containerClass?: string;
};

type Unwrapped = { default?: ComponentType<PhoneInputProps> | { default?: ComponentType<PhoneInputProps> } };
const moduleValue = PhoneModule as unknown as Unwrapped;
const inner = moduleValue.default;
const PhoneInput = ((inner as { default?: ComponentType<PhoneInputProps> } | undefined)?.default ??
  inner ??
  PhoneModule) as ComponentType<PhoneInputProps>;

export type PhoneFieldProps = {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  label?: string;
  /** The id of the field's error line (Field gives it), so the error is read with the field. */
  describedBy?: string | undefined;
};

export function PhoneField({ id, name, value, onChange, onBlur, disabled, invalid, label, describedBy }: PhoneFieldProps) {
  // An empty form value still shows the chosen country's dial code (the input drops it otherwise when the
  // form re-renders, e.g. after a submit shows the errors).
  const [dialCode, setDialCode] = useState(PREFERRED_DIAL_CODE);
  // The digits as typed, while the form holds what they were reported as: the E.164 form drops a typed
  // trunk 0 or repeated country code, and showing it instead would rewrite the field under the cursor.
  const [typed, setTyped] = useState<{ digits: string; stored: string } | null>(null);
  const shown = typed && typed.stored === value ? typed.digits : value ? value.replace(/^\+/, '') : dialCode;
  return (
    <PhoneInput
      country={PREFERRED_COUNTRY}
      value={shown}
      onlyCountries={[...PHONE_COUNTRIES]}
      preferredCountries={[PREFERRED_COUNTRY]}
      countryCodeEditable={false}
      masks={PHONE_MASKS}
      enableLongNumbers={PHONE_MAX_DIGITS}
      disabled={disabled === true}
      containerClass={`phone-field${invalid ? ' invalid' : ''}`}
      inputProps={{
        id,
        name,
        'aria-invalid': invalid === true,
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'data-testid': `${name}-input`,
      }}
      onChange={(raw, data) => {
        if (data?.dialCode) setDialCode(data.dialCode);
        const stored = toStoredPhone(raw, data?.dialCode ?? '', data?.countryCode ?? PREFERRED_COUNTRY);
        setTyped({ digits: raw, stored });
        onChange(stored);
      }}
      {...(onBlur ? { onBlur } : {})}
    />
  );
}
