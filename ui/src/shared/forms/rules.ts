// The validation rules of public-area.md §5, as the ui applies them: the shared truths (password,
// e-mail, full name, phone, registration number, event contact) come from packages/contracts, the same
// functions the api refuses bad input with; the generic rules pass on an empty value (required is its
// own rule). Each form validator answers field -> message key (translated with t()).

import { isBusinessRegistrationNumber, isEmail, isEventContact, isFullName, isStrongPassword } from '@binaan/contracts';
import { isValidPhone } from './phone.js';
import { REQUIRED, collect, need } from './sign-in-rules.js';

export { isBusinessRegistrationNumber, isEmail, isEventContact, isFullName, isStrongPassword };

export { REQUIRED, isFilled, validateSignIn, type FieldErrors } from './sign-in-rules.js';

const err = (code: string) => `errors:error.${code}`;

export const minLength = (n: number) => (value: string) => value === '' || value.length >= n;
export const maxLength = (n: number) => (value: string) => value === '' || value.length <= n;
export const exactLength = (n: number) => (value: string) => value === '' || value.length === n;
export const digitsOnly = (value: string) => value === '' || /^\d+$/.test(value);
export const isValidDate = (value: string) => value === '' || (!Number.isNaN(new Date(value).getTime()) && !/^0001-01-01/.test(value));
export const inRange = (min: number, max: number) => (value: string) =>
  value === '' || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max);

export function validateMobileStep(values: { mobile: string }) {
  return collect<'mobile'>([['mobile', need(values.mobile) ?? (isValidPhone(values.mobile) ? null : err('invalidMobile'))]]);
}

export function validateCodeStep(values: { mobileVerificationCode: string }) {
  return collect<'mobileVerificationCode'>([['mobileVerificationCode', need(values.mobileVerificationCode)]]);
}

export type SignUpInfo = { name: string; email: string; password: string; confirmPassword: string; terms: boolean };

export function validateSignUpInfo(values: SignUpInfo) {
  return collect<keyof SignUpInfo>([
    ['name', need(values.name) ?? (isFullName(values.name) ? null : err('invalidCompanyName'))],
    ['email', need(values.email) ?? (isEmail(values.email.trim()) ? null : err('invalidEmail'))],
    ['password', need(values.password) ?? (isStrongPassword(values.password) ? null : err('weakPassword'))],
    ['confirmPassword', need(values.confirmPassword) ?? (values.confirmPassword === values.password ? null : err('passwordMismatch'))],
    ['terms', values.terms ? null : REQUIRED],
  ]);
}

export function validateForgotPassword(values: { email: string }) {
  return collect<'email'>([['email', need(values.email) ?? (isEmail(values.email.trim()) ? null : err('invalidEmail'))]]);
}

export function validateResetPassword(values: { password: string; confirmPassword: string }) {
  return collect<'password' | 'confirmPassword'>([
    ['password', need(values.password) ?? (isStrongPassword(values.password) ? null : err('weakPassword'))],
    ['confirmPassword', need(values.confirmPassword) ?? (values.confirmPassword === values.password ? null : err('passwordMismatch'))],
  ]);
}

export type ChangePasswordValues = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  phoneNumber?: string;
  terms?: boolean;
};

/** The forced change; with `mobileVariant` also the phone (12 to 20 characters, valid) and the terms. */
export function validateChangePassword(values: ChangePasswordValues, mobileVariant = false) {
  const phone = values.phoneNumber ?? '';
  return collect<keyof ChangePasswordValues>([
    ['oldPassword', need(values.oldPassword)],
    [
      'newPassword',
      need(values.newPassword) ??
        (!isStrongPassword(values.newPassword)
          ? err('weakPassword')
          : values.newPassword === values.oldPassword
            ? err('newPasswordSameAsOld')
            : null),
    ],
    [
      'confirmPassword',
      values.confirmPassword === values.newPassword && values.confirmPassword !== ''
        ? null
        : values.confirmPassword === ''
          ? REQUIRED
          : err('passwordMismatch'),
    ],
    [
      'phoneNumber',
      !mobileVariant
        ? null
        : (need(phone) ?? (isValidPhone(phone) && phone.length >= 12 && phone.length <= 20 ? null : err('invalidMobile'))),
    ],
    ['terms', !mobileVariant || values.terms ? null : REQUIRED],
  ]);
}

export type EventRegistrationValues = { name: string; email: string; contact: string; company_name: string };

export function validateEventRegistration(values: EventRegistrationValues) {
  return collect<keyof EventRegistrationValues>([
    ['name', need(values.name)],
    ['email', need(values.email) ?? (isEmail(values.email.trim()) ? null : err('invalidEmail'))],
    ['contact', need(values.contact) ?? (isEventContact(values.contact) ? null : err('invalidMobile'))],
  ]);
}

export function validateActivate(values: { code: string }) {
  return collect<'code'>([['code', need(values.code)]]);
}
