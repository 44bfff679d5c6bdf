// The phone rules of public-area.md §5: the countries offered (my first and preferred), the my and th
// masks of the input, the stored form (+ and digits, or empty when only the dial code is there) and the
// check with libphonenumber-js (through packages/contracts, as the api does).

import { PHONE_COUNTRIES, isPhone, normalisePhone } from '@binaan/contracts';

export { PHONE_COUNTRIES };
export const PREFERRED_COUNTRY = 'my';
export const PREFERRED_DIAL_CODE = '60';
/** Dots are digits: 10 digits after +60 for Malaysia, the dashed Thai pattern. */
export const PHONE_MASKS: Record<string, string> = { my: '..........', th: '..-...-....' };

/** What the input reports (digits with the dial code, maybe formatted) -> what a form keeps. */
export function toStoredPhone(value: string, dialCode: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits === '' || digits === dialCode.replace(/\D/g, '')) return '';
  return `+${digits}`;
}

/** Required and a valid number of an offered country. */
export function isValidPhone(value: string): boolean {
  return value !== '' && isPhone(value);
}

/** The canonical E.164 form, or null. */
export function canonicalPhone(value: string): string | null {
  return normalisePhone(value);
}
