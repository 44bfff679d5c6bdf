// Validation rules of the spec (public-area.md §5, signed-in-area.md §5.2), used by the api to refuse
// bad input and by the ui to explain it before sending. Each returns true when the value passes.

import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';

/** Countries the phone input offers; my first (preferred). */
export const PHONE_COUNTRIES = ['my', 'sg', 'th', 'cn', 'hk', 'au', 'id'] as const;

export const PASSWORD_MIN_LENGTH = 9;
export const FULL_NAME_MIN_LENGTH = 6; // "longer than 5 characters"

/** At least 9 characters with an upper-case letter, a lower-case letter, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    typeof value === 'string' &&
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= 128 &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The standard e-mail pattern; empty passes (required is a separate rule). */
export function isEmail(value: string): boolean {
  return value === '' || (value.length <= 254 && EMAIL.test(value));
}

/** e-mails are compared case-insensitively and without surrounding spaces. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isFullName(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= FULL_NAME_MIN_LENGTH && trimmed.length <= 200;
}

/** Where a number written without its country code is taken to be. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'MY';

/** One number: as stored and sent to (E.164), as shown to people, and its country calling code. */
export type ParsedPhone = { e164: string; international: string; callingCode: string };

// Digits and the punctuation people write numbers with; anything else (letters, "ext.") is no number.
const PHONE_CHARACTERS = /^\s*\+?[\d\s()./-]+$/;

function offered(phone: PhoneNumber | undefined): ParsedPhone | null {
  if (!phone || !phone.isValid()) return null;
  const country = phone.country?.toLowerCase() as (typeof PHONE_COUNTRIES)[number] | undefined;
  if (!country || !PHONE_COUNTRIES.includes(country)) return null;
  return { e164: phone.number, international: phone.formatInternational(), callingCode: phone.countryCallingCode };
}

/**
 * A valid number of an offered country however it is written: "+60 12-771 4523", "60 12 771 4523",
 * "012-771 4523" and "12-7714523" are one number. Without a + it is read as a number of `country` first
 * (its national form, or with its country code and no +), then as another country's number missing its +
 * ("65 9123 4567").
 */
export function parsePhone(value: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): ParsedPhone | null {
  if (typeof value !== 'string' || value.length > 32 || !PHONE_CHARACTERS.test(value)) return null;
  const national = offered(parsePhoneNumberFromString(value, country));
  if (national || value.trim().startsWith('+')) return national;
  return offered(parsePhoneNumberFromString(`+${value.trim()}`));
}

/** The E.164 form (+ and digits) the api stores and sends SMS to, or null when it is no valid number. */
export function normalisePhone(value: string): string | null {
  return parsePhone(value)?.e164 ?? null;
}

export function isPhone(value: string): boolean {
  return value === '' || normalisePhone(value) !== null;
}

export function phoneCountry(value: string): CountryCode | undefined {
  return parsePhoneNumberFromString(value)?.country;
}

/** 1 to 10 digits, a hyphen, then 1 to 3 letters or digits. */
export function isBusinessRegistrationNumber(value: string): boolean {
  return value === '' || /^\d{1,10}-[A-Za-z0-9]{1,3}$/.test(value);
}
