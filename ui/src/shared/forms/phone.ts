// The phone rules of public-area.md §5: the countries offered (my first and preferred), the my and th
// masks of the input, the stored form (+ and digits, or empty when only the dial code is there) and the
// check with libphonenumber-js (through packages/contracts, as the api does).

import { PHONE_COUNTRIES, isPhone, normalisePhone, parsePhone } from '@binaan/contracts';
import type { CountryCode } from 'libphonenumber-js';

export { PHONE_COUNTRIES };
export const PREFERRED_COUNTRY = 'my';
export const PREFERRED_DIAL_CODE = '60';
/** Dots are digits: 10 digits after +60 for Malaysia, the dashed Thai pattern. */
export const PHONE_MASKS: Record<string, string> = { my: '..........', th: '..-...-....' };

/**
 * Digits the input takes in all (dial code included): room for the country code or the trunk 0 typed again
 * after the fixed dial code ("+60" then "+60 12-771 4523" or "012-771 4523"), beyond the 10-digit my mask.
 */
export const PHONE_MAX_DIGITS = 20;

/**
 * What the input reports (digits with the dial code, maybe formatted) -> what a form keeps: the E.164
 * number when the digits after the dial code are a number of that country however written (national form,
 * trunk 0, the country code again), else + and the digits as they are (which the rules then refuse).
 */
export function toStoredPhone(value: string, dialCode: string, country: string = PREFERRED_COUNTRY): string {
  const digits = value.replace(/\D/g, '');
  const code = dialCode.replace(/\D/g, '');
  if (digits === '' || digits === code) return '';
  const typed = code && digits.startsWith(code) ? digits.slice(code.length) : digits;
  const phone = parsePhone(typed, country.toUpperCase() as CountryCode);
  // The dial code shown is the country chosen: digits that only make another country's number are refused.
  return phone && (!code || phone.callingCode === code) ? phone.e164 : `+${digits}`;
}

/** A number as people read it (the international format of its E.164 form); as given when it is none. */
export function displayPhone(value: string): string {
  return parsePhone(value)?.international ?? value;
}

/** Required and a valid number of an offered country. */
export function isValidPhone(value: string): boolean {
  return value !== '' && isPhone(value);
}

/** The canonical E.164 form, or null. */
export function canonicalPhone(value: string): string | null {
  return normalisePhone(value);
}
